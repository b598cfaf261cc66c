/**
 * Security catalog group J (SR-01 … SR-03, SR-05, SR-06) on every store a registry can live in — SQLite, PostgreSQL,
 * Redis — for both strategies: database sessions in the adapter's rows, and JWT sessions recorded in a `sessionStore`
 * (no adapter). Two browsers of one user; the endpoints `GET /sessions` and `POST /sessions/revoke`; the server
 * functions. SR-04 (two processes) is sr-04-two-apps.test.ts. PostgreSQL and Redis skip with the usual notice when the
 * service does not answer (and fail with GATEHOUSE_REQUIRE_SERVICES=1).
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Gatehouse, type Adapter, type AuthConfig, type SessionInfo, type SessionStore } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import { POSTGRES_URL, REDIS_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import { PostgresAdapter, PostgresSessionStore } from "@gatehousejs/pg-adapter"
import { RedisAdapter, RedisSessionStore } from "@gatehousejs/redis-adapter"
import { SqliteAdapter, SqliteSessionStore } from "@gatehousejs/sqlite-adapter"
import { Redis } from "ioredis"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { Browser, ORIGIN, BASE, SECRET } from "../helpers/auth.js"

const postgresUp = await serviceAvailable("PostgreSQL")
const redisUp = await serviceAvailable("Redis")
const run = crypto.randomUUID().replaceAll("-", "").slice(0, 12)
const SCHEMA = `gatehouse_sr_${run}`
const PREFIX = `gatehouse-test:sr-${run}:`
const dir = mkdtempSync(join(tmpdir(), "gatehouse-sr-"))
const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 4 })
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true })
const closers: (() => unknown)[] = []

beforeAll(async () => {
  if (postgresUp) {
    await PostgresAdapter(pool, { schema: SCHEMA }).migrate()
    await PostgresSessionStore(pool, { schema: SCHEMA }).migrate()
  }
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

type Strategy = "database" | "jwt"
interface Place {
  adapter?: Adapter
  sessionStore?: SessionStore
}

const places: [string, boolean, (strategy: Strategy) => Place][] = [
  [
    "SQLite",
    true,
    (strategy) => {
      const filename = join(dir, `sr-${strategy}.sqlite`)
      if (strategy === "database") {
        const adapter = SqliteAdapter({ filename })
        closers.push(() => adapter.close())
        return { adapter }
      }
      const store = SqliteSessionStore({ filename })
      closers.push(() => store.close())
      return { sessionStore: store }
    },
  ],
  ["PostgreSQL", postgresUp, (strategy) => (strategy === "database" ? { adapter: PostgresAdapter(pool, { schema: SCHEMA }) } : { sessionStore: PostgresSessionStore(pool, { schema: SCHEMA }) })],
  ["Redis", redisUp, (strategy) => (strategy === "database" ? { adapter: RedisAdapter(redis, { prefix: PREFIX }) } : { sessionStore: RedisSessionStore(redis, { prefix: PREFIX }) })],
]

let counter = 0

/** A configuration whose credentials sign in `<name>@example.com` (created in the adapter when there is one). */
function configOn(place: Place, strategy: Strategy, session: AuthConfig["session"] = {}): AuthConfig {
  const { adapter } = place
  return {
    secret: SECRET,
    trustHost: true,
    basePath: BASE,
    rateLimit: false,
    ...place,
    session: { strategy, ...session },
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: async ({ username }) => {
          const email = `${String(username)}@example.com`
          if (!adapter) return { id: `id-${String(username)}`, email }
          const user = (await adapter.getUserByEmail!(email)) ?? (await adapter.createUser!({ id: crypto.randomUUID(), email, emailVerified: null }))
          return user
        },
      }),
    ],
  }
}

/** A browser that signed in as `name`, with its own User-Agent. */
async function signedIn(config: AuthConfig, name: string, agent: string): Promise<Browser> {
  const browser = new Browser(config)
  browser.peer = "203.0.113.9"
  const csrfToken = await browser.csrfToken()
  const response = await browser.request("/callback/credentials", { body: { username: name, password: "x", csrfToken }, headers: { "user-agent": agent } })
  expect(response.status).toBe(302)
  expect(await browser.session()).not.toBeNull()
  return browser
}

async function listOf(browser: Browser): Promise<SessionInfo[]> {
  const response = await browser.request("/sessions", { headers: { accept: "application/json" } })
  expect(response.status).toBe(200)
  return (await response.json()) as SessionInfo[]
}

async function revoke(browser: Browser, body: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  const csrfToken = await browser.csrfToken()
  return browser.request("/sessions/revoke", { body: { csrfToken, ...body }, headers: { accept: "application/json", ...headers } })
}

for (const [name, up, open] of places) {
  for (const strategy of ["database", "jwt"] as const) {
    describe.skipIf(!up)(`${name}, ${strategy} sessions`, () => {
      const place = open(strategy)
      const config = configOn(place, strategy)

      it("SR-01: two browsers of one user are listed, exactly one current, with handles that are no session token", async () => {
        const user = `alice${++counter}`
        const first = await signedIn(config, user, "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")
        const second = await signedIn(config, user, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1")
        const list = await listOf(first)
        expect(list).toHaveLength(2)
        expect(list.filter((s) => s.current)).toHaveLength(1)
        for (const entry of list) expect(Object.keys(entry).sort()).toEqual(["createdAt", "current", "expires", "id", "ip", "lastActiveAt", "userAgent"])
        // Newest sign-in first: the second browser's.
        expect(list[0]!.userAgent).toContain("iPhone")
        expect(list[1]!.current).toBe(true)
        expect(list[1]!.ip).toBe("203.0.113.9")
        expect(Date.parse(list[0]!.createdAt!)).toBeGreaterThan(Date.now() - 60_000)
        // No handle is, or contains, anything a cookie holds.
        const cookieValues = [...first.jar.values(), ...second.jar.values()]
        for (const entry of list) for (const value of cookieValues) expect(value.includes(entry.id) || entry.id.includes(value)).toBe(false)
        // The other browser sees the same two, its own one current.
        const seen = await listOf(second)
        expect(seen.map((s) => s.id)).toEqual(list.map((s) => s.id))
        expect(seen[0]!.current).toBe(true)
      })

      it("SR-02: revoking all others ends the other browser's session at once here, and the revoking browser stays", async () => {
        const user = `bob${++counter}`
        const first = await signedIn(config, user, "agent-1")
        const second = await signedIn(config, user, "agent-2")
        // Without the CSRF token, or from another origin: refused, nothing revoked.
        const noToken = await first.request("/sessions/revoke", { body: { all: "true" }, headers: { accept: "application/json" } })
        expect(noToken.status).toBe(403)
        const foreign = await revoke(first, { all: "true" }, { origin: "https://evil.example" })
        expect(foreign.status).toBe(403)
        expect(await second.session()).not.toBeNull()

        const response = await revoke(first, { all: "true" })
        expect(response.status).toBe(200)
        expect(await response.json()).toEqual({ revoked: 1 })
        expect(await second.session()).toBeNull()
        expect(await first.session()).not.toBeNull()
        expect(await listOf(first)).toHaveLength(1)
      })

      it.runIf(strategy === "jwt")("SR-02: on another process a revoked JWT session ends within revocationCacheMaxAge", async () => {
        // Two store objects on one database are two processes' caches over one store.
        const here = configOn(place, strategy, { revocationCacheMaxAge: 1 })
        const there = configOn(open(strategy), strategy, { revocationCacheMaxAge: 1 })
        const user = `ivy${++counter}`
        const first = await signedIn(here, user, "agent-1")
        const second = new Browser(there)
        const other = await signedIn(here, user, "agent-2")
        for (const [key, value] of other.jar) second.jar.set(key, value)
        expect(await second.session()).not.toBeNull() // now cached on "there"
        expect(await (await revoke(first, { all: "true" })).json()).toEqual({ revoked: 1 })
        await new Promise((resolve) => setTimeout(resolve, 1_100))
        expect(await second.session()).toBeNull()
        expect(await first.session()).not.toBeNull()
      })

      it("SR-03: another user's handle is answered 404 like an unknown one, and revokes nothing", async () => {
        const mallory = await signedIn(config, `mallory${++counter}`, "agent-m")
        const victim = await signedIn(config, `victim${counter}`, "agent-v")
        const [victimSession] = await listOf(victim)
        const stolen = await revoke(mallory, { id: victimSession!.id })
        const unknown = await revoke(mallory, { id: "A".repeat(32) })
        expect(stolen.status).toBe(404)
        expect(unknown.status).toBe(404)
        expect(await stolen.json()).toEqual(await unknown.json())
        expect(await victim.session()).not.toBeNull()
      })

      it("revokes one session by its handle; the built-in page's form comes back to the page", async () => {
        const user = `carol${++counter}`
        const first = await signedIn(config, user, "agent-1")
        const second = await signedIn(config, user, "agent-2")
        const other = (await listOf(first)).find((s) => !s.current)!
        const csrfToken = await first.csrfToken()
        const response = await first.request("/sessions/revoke", { body: { csrfToken, id: other.id }, headers: { accept: "text/html" } })
        expect(response.status).toBe(302)
        expect(response.headers.get("location")).toBe(`${ORIGIN}${BASE}/sessions?revoked=1`)
        expect(await second.session()).toBeNull()
        const page = await first.request("/sessions?revoked=1", { headers: { accept: "text/html" } })
        expect(page.status).toBe(200)
        expect(page.headers.get("content-type")).toContain("text/html")
        expect(await page.text()).toContain("agent-1")
      })

      it("signed out: 401 JSON with reason signed-out; a browser asking for the page is told so, with a link to sign in and back", async () => {
        const stranger = new Browser(config)
        const response = await stranger.request("/sessions", { headers: { accept: "application/json" } })
        expect(response.status).toBe(401)
        expect(await response.json()).toMatchObject({ error: "Unauthorized", reason: "signed-out" })
        const page = await stranger.request("/sessions", { headers: { accept: "text/html" } })
        expect(page.status).toBe(401)
        const html = await page.text()
        expect(html).toContain("You are not signed in on this device, so there are no sessions to show.")
        expect(html).toContain(`href="${ORIGIN}${BASE}/signin?callbackUrl=${encodeURIComponent(`${ORIGIN}${BASE}/sessions`)}"`)
      })

      it("server functions: listSessions, revokeOtherSessions and revokeUserSessions, each firing sessionRevoked", async () => {
        const sessionRevoked = vi.fn()
        const withEvents: AuthConfig = { ...config, events: { sessionRevoked } }
        const { listSessions, revokeOtherSessions, revokeUserSessions, revokeSession } = Gatehouse(withEvents)
        const user = `dave${++counter}`
        const first = await signedIn(withEvents, user, "agent-1")
        const second = await signedIn(withEvents, user, "agent-2")
        const third = await signedIn(withEvents, user, "agent-3")
        const request = (browser: Browser): Request => new Request(`${ORIGIN}/account`, { headers: { cookie: browser.cookieHeader() } })
        const listed = await listSessions(request(first))
        expect(listed).toHaveLength(3)
        expect(await listSessions(new Request(`${ORIGIN}/account`))).toBeNull()
        expect(await revokeSession(request(first), "not-a-handle")).toBe(false)
        expect(await revokeSession(request(first), listed!.find((s) => s.userAgent === "agent-3")!.id)).toBe(true)
        expect(await third.session()).toBeNull()
        expect(await revokeOtherSessions(request(first))).toBe(1)
        expect(await second.session()).toBeNull()
        const again = await signedIn(withEvents, user, "agent-4")
        expect(await listSessions(request(first))).toHaveLength(2)
        const id = strategy === "jwt" ? `id-${user}` : (await place.adapter!.getUserByEmail!(`${user}@example.com`))!.id
        expect(await revokeUserSessions(id)).toBe(2)
        expect(await first.session()).toBeNull()
        expect(await again.session()).toBeNull()
        expect(sessionRevoked.mock.calls.map(([message]) => message)).toEqual([
          { userId: id, scope: "one", count: 1 },
          { userId: id, scope: "others", count: 1 },
          { userId: id, scope: "user", count: 2 },
        ])
      })
    })
  }
}

describe("SR-05: session.absoluteMaxAge", () => {
  for (const strategy of ["database", "jwt"] as const) {
    it(`ends a ${strategy} session that long after sign-in, however often it is refreshed`, async () => {
      const filename = join(dir, `sr05-${strategy}.sqlite`)
      const place: Place = strategy === "database" ? { adapter: SqliteAdapter({ filename }) } : {}
      const config = configOn(place, strategy, { absoluteMaxAge: 3, updateAge: 0 })
      const browser = await signedIn(config, `erin${++counter}`, "agent")
      const started = Date.now()
      let last: unknown = {}
      while (Date.now() - started < 1_500) {
        last = await browser.session()
        expect(last).not.toBeNull()
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      // The sign-in time is kept in whole seconds, so the end is 2 to 3 s after `started`.
      await new Promise((resolve) => setTimeout(resolve, 3_100 - (Date.now() - started)))
      expect(await browser.session()).toBeNull()
      if (place.adapter) (place.adapter as ReturnType<typeof SqliteAdapter>).close()
    })
  }

  it("caps the cookie's expiry at the absolute end", async () => {
    const config = configOn({}, "jwt", { absoluteMaxAge: 3600 })
    const browser = new Browser(config)
    const csrfToken = await browser.csrfToken()
    const response = await browser.request("/callback/credentials", { body: { username: "frank", password: "x", csrfToken } })
    const line = response.headers.getSetCookie().find((l) => l.includes("authjs.session-token="))!
    const expires = Date.parse(/Expires=([^;]+)/.exec(line)![1]!)
    expect(expires).toBeLessThanOrEqual(Date.now() + 3600_000 + 1000)
    expect(expires).toBeGreaterThan(Date.now() + 3500_000)
  })
})

describe("SR-06: without a registry the endpoints answer 501, never 500", () => {
  it("an Auth.js-style adapter without listSessions/deleteUserSessions", async () => {
    const filename = join(dir, "sr06.sqlite")
    const full = SqliteAdapter({ filename })
    closers.push(() => full.close())
    const { listSessions: _list, deleteUserSessions: _delete, ...authjsStyle } = full as Adapter
    const config = configOn({ adapter: authjsStyle }, "database")
    const browser = await signedIn(config, `gina${++counter}`, "agent")
    const list = await browser.request("/sessions", { headers: { accept: "application/json" } })
    expect(list.status).toBe(501)
    expect(((await list.json()) as { message: string }).message).toMatch(/listSessions and deleteUserSessions/)
    expect((await revoke(browser, { all: "true" })).status).toBe(501)
    await expect(Gatehouse(config).revokeUserSessions("x")).rejects.toMatchObject({ type: "SessionRegistryError", status: 501 })
    expect(await browser.session()).not.toBeNull()
  })

  it("JWT sessions without a sessionStore", async () => {
    const config = configOn({}, "jwt")
    const browser = await signedIn(config, `hank${++counter}`, "agent")
    const list = await browser.request("/sessions", { headers: { accept: "application/json" } })
    expect(list.status).toBe(501)
    expect(((await list.json()) as { message: string }).message).toMatch(/sessionStore/)
  })
})

describe("JWT sessions recorded in an adapter's rows", () => {
  it("are listed and revoked like database sessions; a credentials user the adapter does not hold still signs in, unrecorded", async () => {
    const adapter = SqliteAdapter({ filename: join(dir, "jwt-adapter.sqlite") })
    closers.push(() => adapter.close())
    const config = configOn({ adapter }, "jwt")
    const user = `jo${++counter}`
    const first = await signedIn(config, user, "agent-1")
    await signedIn(config, user, "agent-2")
    expect(await listOf(first)).toHaveLength(2)

    const warn = vi.fn()
    const stranger: AuthConfig = {
      ...configOn({ adapter }, "jwt"),
      logger: { warn, error: vi.fn(), debug: vi.fn() },
      providers: [Credentials({ credentials: { username: {} }, authorize: () => ({ id: "not-in-the-adapter", email: "x@example.com" }) })],
    }
    const browser = await signedIn(stranger, "x", "agent")
    expect(await browser.session()).not.toBeNull()
    const list = await browser.request("/sessions", { headers: { accept: "application/json" } })
    expect(await list.json()).toEqual([])
    expect(list.headers.get("gatehouse-sessions-reason")).toBe("not-recorded")
    expect(warn).toHaveBeenCalledWith("session-not-recorded", expect.any(String))
    // The page says why it lists nothing (issue 25 item 9), rather than showing a bare heading.
    const page = await browser.request("/sessions", { headers: { accept: "text/html" } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain("This site does not record sign-ins to your account (it is managed outside the site)")
    // A recorded user's list carries no reason.
    expect((await first.request("/sessions", { headers: { accept: "application/json" } })).headers.get("gatehouse-sessions-reason")).toBeNull()
  })
})

describe("nothing to list, and why (issue 25 item 9): the page in words, JSON by a reason", () => {
  const html = { accept: "text/html,application/xhtml+xml" }

  it("no registry: the page says the site keeps no list (501), the JSON error carries reason unsupported", async () => {
    const config = configOn({}, "jwt")
    const browser = await signedIn(config, `ivy${++counter}`, "agent")
    const page = await browser.request("/sessions", { headers: html })
    expect(page.status).toBe(501)
    expect(page.headers.get("content-type")).toContain("text/html")
    expect(await page.text()).toContain("This site does not keep a list of your sign-ins, so there are no sessions to show.")
    const list = await browser.request("/sessions", { headers: { accept: "application/json" } })
    expect(await list.json()).toMatchObject({ error: "SessionRegistryUnsupported", reason: "unsupported" })
  })

  it("the store does not answer: the page says to try again (503), the JSON error carries reason unavailable, and the error is logged", async () => {
    const full = SqliteAdapter({ filename: join(dir, "down.sqlite") })
    closers.push(() => full.close())
    let down = false
    const adapter: Adapter = { ...(full as Adapter), listSessions: async (userId) => (down ? Promise.reject(new Error("store down")) : full.listSessions!(userId)) }
    const error = vi.fn()
    const config: AuthConfig = { ...configOn({ adapter }, "database"), logger: { error, warn: vi.fn(), debug: vi.fn() } }
    const browser = await signedIn(config, `kit${++counter}`, "agent")
    down = true
    const page = await browser.request("/sessions", { headers: html })
    expect(page.status).toBe(503)
    expect(await page.text()).toContain('<div class="alert" role="alert"><p>Your sessions cannot be shown right now')
    const list = await browser.request("/sessions", { headers: { accept: "application/json" } })
    expect(list.status).toBe(503)
    expect(await list.json()).toMatchObject({ error: "SessionStoreUnavailable", reason: "unavailable" })
    expect(error).toHaveBeenCalled()
  })

  it("revoked from another device: this browser's page says it is signed out, and its form post comes back to that page", async () => {
    const adapter = SqliteAdapter({ filename: join(dir, "revoked.sqlite") })
    closers.push(() => adapter.close())
    const config = configOn({ adapter }, "database")
    const user = `lee${++counter}`
    const laptop = await signedIn(config, user, "agent-1")
    const phone = await signedIn(config, user, "agent-2")
    const phoneCsrf = await phone.csrfToken()
    expect((await revoke(laptop, { all: "true" })).status).toBe(200)
    const post = await phone.request("/sessions/revoke", { body: { csrfToken: phoneCsrf, all: "true" }, headers: html })
    expect(post.status).toBe(302)
    expect(post.headers.get("location")).toBe(`${ORIGIN}${BASE}/sessions`)
    const page = await phone.request("/sessions", { headers: html })
    expect(page.status).toBe(401)
    expect(await page.text()).toContain("You are not signed in on this device")
  })
})
