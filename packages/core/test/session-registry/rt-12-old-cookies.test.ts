/**
 * Security catalog RT-12: a JWT cookie from before the session registry was switched on (no `gatehouse_sid`) and a
 * next-auth v4 cookie, copied before a revocation, never sign in again after it; the first presentation before any
 * revocation still signs the owner in (and re-issues the cookie with a record id); `absoluteMaxAge` counts from the
 * first presentation, recorded in the store, however often a copy comes back. On a SQLite `sessionStore`, JWT
 * sessions in a SQLite adapter's rows, and PostgreSQL and Redis stores when those services answer.
 */
import { hkdfSync, randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Gatehouse, type Adapter, type AuthConfig, type SessionInfo, type SessionStore } from "@gatehousejs/core"
import { decode } from "@gatehousejs/core/jwt"
import Credentials from "@gatehousejs/core/providers/credentials"
import { POSTGRES_URL, REDIS_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import { PostgresSessionStore } from "@gatehousejs/pg-adapter"
import { RedisSessionStore } from "@gatehousejs/redis-adapter"
import { SqliteAdapter, SqliteSessionStore } from "@gatehousejs/sqlite-adapter"
import { EncryptJWT } from "jose"
import { Redis } from "ioredis"
import pg from "pg"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { BASE, Browser, SECRET } from "../helpers/auth.js"

const V5 = "__Secure-authjs.session-token"
const V4 = "__Secure-next-auth.session-token"
const HOUR = 3_600_000

const postgresUp = await serviceAvailable("PostgreSQL")
const redisUp = await serviceAvailable("Redis")
const run = randomUUID().replaceAll("-", "").slice(0, 12)
const SCHEMA = `gatehouse_rt12_${run}`
const PREFIX = `gatehouse-test:rt12-${run}:`
const dir = mkdtempSync(join(tmpdir(), "gatehouse-rt12-"))
const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 2 })
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true })
const closers: (() => unknown)[] = []

beforeAll(async () => {
  if (postgresUp) await PostgresSessionStore(pool, { schema: SCHEMA }).migrate()
  if (redisUp) await redis.connect()
})

afterAll(async () => {
  for (const close of closers) await close()
  rmSync(dir, { recursive: true, force: true })
  if (postgresUp) await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`)
  await pool.end()
  if (redisUp) {
    const keys = await redis.keys(`${PREFIX}*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  }
})

afterEach(() => {
  vi.useRealTimers()
})

/** Where the registry lives: a `sessionStore`, or an adapter (JWT sessions in its rows). */
interface Place {
  adapter?: Adapter
  sessionStore?: SessionStore
}

const places: [string, boolean, () => Place][] = [
  [
    "SQLite sessionStore",
    true,
    () => {
      const store = SqliteSessionStore({ filename: join(dir, `store-${randomUUID()}.sqlite`) })
      closers.push(() => store.close())
      return { sessionStore: store }
    },
  ],
  [
    "SQLite adapter rows",
    true,
    () => {
      const adapter = SqliteAdapter({ filename: join(dir, `adapter-${randomUUID()}.sqlite`) })
      closers.push(() => adapter.close())
      return { adapter }
    },
  ],
  ["PostgreSQL sessionStore", postgresUp, () => ({ sessionStore: PostgresSessionStore(pool, { schema: SCHEMA }) })],
  ["Redis sessionStore", redisUp, () => ({ sessionStore: RedisSessionStore(redis, { prefix: PREFIX }) })],
]

/** The user id of `name` as the sign-in gives it: made in the adapter when there is one. */
async function userIdOf(place: Place, name: string): Promise<string> {
  const { adapter } = place
  if (!adapter) return `id-${name}`
  const email = `${name}@example.com`
  const user = (await adapter.getUserByEmail!(email)) ?? (await adapter.createUser!({ id: randomUUID(), email, emailVerified: null }))
  return user.id
}

/** A JWT configuration on `place`; `registry: false` is the app before the registry was switched on. */
function configOn(place: Place, options: { registry: boolean; session?: AuthConfig["session"] }): AuthConfig {
  let { adapter, sessionStore } = place
  if (!options.registry) {
    sessionStore = undefined
    if (adapter) {
      // An Auth.js-style adapter: without the registry methods there is no registry.
      const { listSessions: _list, deleteUserSessions: _delete, ...authjsStyle } = adapter
      adapter = authjsStyle
    }
  }
  return {
    secret: SECRET,
    trustHost: true,
    basePath: BASE,
    rateLimit: false,
    logger: { error: vi.fn(), warn: vi.fn(), debug: vi.fn() },
    ...(adapter ? { adapter } : {}),
    ...(sessionStore ? { sessionStore } : {}),
    session: { strategy: "jwt", ...options.session },
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: async ({ username }) => ({ id: await userIdOf(place, String(username)), email: `${String(username)}@example.com` }),
      }),
    ],
  }
}

/** A browser signed in as `name` on `config`. */
async function signedIn(config: AuthConfig, name: string, agent = "agent"): Promise<Browser> {
  const browser = new Browser(config)
  const csrfToken = await browser.csrfToken()
  const response = await browser.request("/callback/credentials", { body: { username: name, password: "x", csrfToken }, headers: { "user-agent": agent } })
  expect(response.status).toBe(302)
  return browser
}

/** The session cookie a user got before the registry was switched on (no `gatehouse_sid`). */
async function preRegistryCookie(place: Place, name: string): Promise<string> {
  const before = await signedIn(configOn(place, { registry: false }), name)
  const value = before.jar.get(V5)!
  expect(await decode({ token: value, secret: SECRET, salt: V5 })).not.toHaveProperty("gatehouse_sid")
  return value
}

/** next-auth v4's `encode({ token, secret })` (as in test/session/v4-cookie.test.ts). */
async function v4Cookie(sub: string): Promise<string> {
  const key = new Uint8Array(hkdfSync("sha256", SECRET, "", "NextAuth.js Generated Encryption Key", 32))
  const now = Math.floor(Date.now() / 1000)
  return new EncryptJWT({ sub, name: "Old", email: "old@example.com" })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .setExpirationTime(now + 30 * 24 * 60 * 60)
    .setJti(randomUUID())
    .encrypt(key)
}

/** A new browser holding a copy of `value` under `name`. */
function holding(config: AuthConfig, name: string, value: string): Browser {
  const browser = new Browser(config)
  browser.jar.set(name, value)
  return browser
}

async function sessionOf(browser: Browser, agent = "agent"): Promise<unknown> {
  return (await browser.request("/session", { headers: { "user-agent": agent } })).json()
}

async function listOf(browser: Browser): Promise<SessionInfo[]> {
  const response = await browser.request("/sessions", { headers: { accept: "application/json" } })
  expect(response.status).toBe(200)
  return (await response.json()) as SessionInfo[]
}

async function revoke(browser: Browser, body: Record<string, string>): Promise<Response> {
  const csrfToken = await browser.csrfToken()
  return browser.request("/sessions/revoke", { body: { csrfToken, ...body }, headers: { accept: "application/json" } })
}

let counter = 0

for (const [name, up, open] of places) {
  describe.skipIf(!up)(`RT-12 on ${name}`, () => {
    const place = up ? open() : {}
    const config = configOn(place, { registry: true })

    it("RT-12: a pre-registry JWT cookie signs in once upgraded, copies find the same record, and after 'everywhere else' no copy signs in", async () => {
      const user = `old${++counter}`
      const old = await preRegistryCookie(place, user)
      // First presentation: signed in, re-issued with a record id.
      const owner = holding(config, V5, old)
      expect(await sessionOf(owner, "old-browser")).toMatchObject({ user: { email: `${user}@example.com` } })
      const upgraded = owner.jar.get(V5)!
      expect(upgraded).not.toBe(old)
      const sid = (await decode({ token: upgraded, secret: SECRET, salt: V5 }))!.gatehouse_sid
      expect(typeof sid === "string" && sid.length > 0).toBe(true)
      // A copy presented again finds the same record instead of adding one.
      const thief = holding(config, V5, old)
      expect(await sessionOf(thief)).not.toBeNull()
      expect((await decode({ token: thief.jar.get(V5)!, secret: SECRET, salt: V5 }))!.gatehouse_sid).toBe(sid)
      const other = await signedIn(config, user, "new-browser")
      expect(await listOf(other)).toHaveLength(2)

      expect(await (await revoke(other, { all: "true" })).json()).toEqual({ revoked: 1 })
      expect(await sessionOf(holding(config, V5, old))).toBeNull()
      expect(await sessionOf(owner)).toBeNull()
      expect(await sessionOf(thief)).toBeNull()
      expect(await sessionOf(other)).not.toBeNull()
      expect(await listOf(other)).toHaveLength(1)
    })

    it("RT-12: a copy of a pre-registry cookie never presented before a revocation is refused after it", async () => {
      const user = `unseen${++counter}`
      const old = await preRegistryCookie(place, user)
      const other = await signedIn(config, user)
      expect(await (await revoke(other, { all: "true" })).json()).toEqual({ revoked: 0 })
      expect(await sessionOf(holding(config, V5, old))).toBeNull()
      expect(await sessionOf(other)).not.toBeNull()
    })

    it("RT-12: a next-auth v4 cookie signs in once, and after revokeUserSessions neither its copy nor its re-issued cookie does", async () => {
      const user = `v4-${++counter}`
      const userId = await userIdOf(place, user)
      const v4 = await v4Cookie(userId)
      const owner = holding(config, V4, v4)
      expect(await sessionOf(owner)).toMatchObject({ user: { email: "old@example.com" } })
      expect(owner.jar.has(V4)).toBe(false)
      expect((await decode({ token: owner.jar.get(V5)!, secret: SECRET, salt: V5 }))!.gatehouse_sid).toEqual(expect.any(String))
      expect(await sessionOf(holding(config, V4, v4))).not.toBeNull()

      expect(await Gatehouse(config).revokeUserSessions(userId)).toBe(1)
      expect(await sessionOf(holding(config, V4, v4))).toBeNull()
      expect(await sessionOf(owner)).toBeNull()
    })

    it("RT-12: revoking the old cookie's record by its handle ends every copy; the user's other sessions stay", async () => {
      const user = `handle${++counter}`
      const old = await preRegistryCookie(place, user)
      const owner = holding(config, V5, old)
      expect(await sessionOf(owner, "old-browser")).not.toBeNull()
      const other = await signedIn(config, user, "new-browser")
      const entry = (await listOf(other)).find((s) => s.userAgent === "old-browser")!
      expect(entry.current).toBe(false)
      expect(await (await revoke(other, { id: entry.id })).json()).toEqual({ revoked: 1 })
      expect(await sessionOf(holding(config, V5, old))).toBeNull()
      expect(await sessionOf(owner)).toBeNull()
      expect(await sessionOf(other)).not.toBeNull()
      expect(await listOf(other)).toHaveLength(1)
    })

    it("RT-12: 'everywhere else' asked by the upgraded old cookie's own browser keeps that session", async () => {
      const user = `self${++counter}`
      const old = await preRegistryCookie(place, user)
      const owner = holding(config, V5, old)
      const other = await signedIn(config, user)
      expect(await (await revoke(owner, { all: "true" })).json()).toEqual({ revoked: 1 })
      expect(await sessionOf(owner)).not.toBeNull()
      expect(await sessionOf(other)).toBeNull()
    })

    it("RT-12: absoluteMaxAge of a pre-registry cookie counts from its first presentation, not restarted by copies", async () => {
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() })
      const limited = configOn(place, { registry: true, session: { absoluteMaxAge: 3 * 60 * 60, updateAge: 0 } })
      const old = await preRegistryCookie(place, `abs${++counter}`)
      const owner = holding(limited, V5, old)
      expect(await sessionOf(owner)).not.toBeNull()
      vi.setSystemTime(Date.now() + 2 * HOUR)
      expect(await sessionOf(holding(limited, V5, old))).not.toBeNull()
      expect(await sessionOf(owner)).not.toBeNull()
      vi.setSystemTime(Date.now() + HOUR + 1_000)
      expect(await sessionOf(holding(limited, V5, old))).toBeNull()
      expect(await sessionOf(owner)).toBeNull()
    })
  })
}

describe("RT-12 without a registry", () => {
  it("RT-12: absoluteMaxAge alone counts a pre-registry cookie from its iat, not from each presentation", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() })
    const place: Place = {}
    const old = await preRegistryCookie(place, `noreg${++counter}`)
    const limited = configOn(place, { registry: false, session: { absoluteMaxAge: 3 * 60 * 60 } })
    vi.setSystemTime(Date.now() + 2 * HOUR)
    const owner = holding(limited, V5, old)
    expect(await sessionOf(owner)).not.toBeNull()
    vi.setSystemTime(Date.now() + HOUR + 1_000)
    expect(await sessionOf(holding(limited, V5, old))).toBeNull()
    expect(await sessionOf(owner)).toBeNull()
  })
})

describe("RT-12 with a sessionStore written before the not-before pair", () => {
  it("RT-12: refuses cookies without a record id (fail safe) and says so once; new sessions and revocations still work", async () => {
    const full = SqliteSessionStore({ filename: join(dir, `legacy-${randomUUID()}.sqlite`) })
    closers.push(() => full.close())
    const { setSessionsNotBefore: _set, getSessionsNotBefore: _get, ...legacy } = full
    const place: Place = { sessionStore: legacy }
    const config = configOn(place, { registry: true })
    const warn = vi.fn()
    config.logger = { error: vi.fn(), warn, debug: vi.fn() }
    const user = `legacy${++counter}`
    const old = await preRegistryCookie(place, user)
    expect(await sessionOf(holding(config, V5, old))).toBeNull()
    expect(await sessionOf(holding(config, V4, await v4Cookie(`id-${user}`)))).toBeNull()
    const first = await signedIn(config, user)
    const second = await signedIn(config, user)
    expect(await (await revoke(first, { all: "true" })).json()).toEqual({ revoked: 1 })
    expect(await sessionOf(second)).toBeNull()
    expect(await sessionOf(first)).not.toBeNull()
    const notices = warn.mock.calls.filter(([, message]) => typeof message === "string" && message.includes("setSessionsNotBefore"))
    expect(notices).toHaveLength(1)
  })
})
