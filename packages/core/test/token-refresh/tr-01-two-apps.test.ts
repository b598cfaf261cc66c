/**
 * Security catalog TR-01 and TR-02 at the app level, issue 16's main "done when": two app processes on one store — a
 * SQLite file, PostgreSQL, Redis — as behind a load balancer, against a real `oidc-provider` on loopback that issues
 * refresh tokens, rotated at every use, with 10-second access tokens.
 *
 * - TR-01: once the access token has expired, 50 concurrent `getAccessToken` calls (25 at each process) cause
 *   exactly one `refresh_token` grant at the provider; every caller gets the same new access token, and the rotated
 *   refresh token the provider issued is what the store holds.
 * - TR-02: a refresh token stolen from the store and spent by a thief first: the provider refuses ours and revokes
 *   the whole family (the thief's new token dies too); `getAccessToken` is `null` on both processes, the account is
 *   marked failed, and the provider is asked once, not once per call or per process.
 *
 * The processes are real (child_process: tr-01-app.ts, started by ../helpers/app-process.ts), serving the core
 * `Gatehouse()` over HTTP on loopback with database sessions. The provider lives in this process; the children reach
 * it by its issuer URL. A store runs only when its adapter has the token-refresh methods (`claimTokenRefresh`) at
 * run time, else it is skipped with a notice; PostgreSQL and Redis skip with the usual notice when the service does
 * not answer (and fail with GATEHOUSE_REQUIRE_SERVICES=1).
 */
import type { EventEmitter } from "node:events"
import type { Adapter, RefreshableAccount } from "@gatehousejs/core/adapters"
import { PostgresAdapter } from "@gatehousejs/pg-adapter"
import { RedisAdapter } from "@gatehousejs/redis-adapter"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RefreshTokenError } from "../../src/errors.js"
import type { OAuthConfigInternal } from "../../src/providers/types.js"
import { refreshGrant } from "../../src/token-refresh/grant.js"
import { dropRunStores, keepCookies, prepareRunStores, printedBy, startAppProcess, stopAppProcesses, type AppProcess, type Store } from "../helpers/app-process.js"
import { BASE, ORIGIN } from "../helpers/auth.js"
import { TestOp } from "../oauth/op.js"

const STORE_NAMES: Record<Store, string> = { sqlite: "SQLite file", postgres: "PostgreSQL", redis: "Redis" }
const PER_PROCESS = 25
const ACCESS_TOKEN_TTL = 10
/**
 * `minValidity` for TR-01, called once the access token has expired: 0. Any margin of 10 s or more (the default is
 * 60 s) would make even a token refreshed a moment ago due again, so callers whose read comes after the one refresh
 * finished would refresh once more (with 3600: two or three sequential grants, each on the latest refresh token).
 */
const AT_EXPIRY = 0
/** `minValidity` for TR-02: above any token's lifetime, so every call wants a refresh (which must never happen). */
const ALWAYS_DUE = 3600
const SESSION_COOKIE = "__Secure-authjs.session-token"
const DASHBOARD = `${ORIGIN}/dashboard`

const run = await prepareRunStores("tr01")

/** This process's adapter on each store: the same tables/keys the app processes use, read to check what they stored. */
const adapters: Record<Store, Adapter> = {
  sqlite: SqliteAdapter({ filename: run.sqliteFile }),
  postgres: PostgresAdapter(run.pool, { schema: run.schema }),
  redis: RedisAdapter(run.redis, { prefix: run.prefix }),
}
/** Stores whose adapter refreshes through the store (the optional methods exist at run time). */
const refreshes = (store: Store): boolean => typeof adapters[store].claimTokenRefresh === "function"
const stores = run.stores.filter(refreshes)
for (const store of run.stores) {
  if (!refreshes(store)) {
    console.warn(`\n  NOTICE: the ${STORE_NAMES[store]} adapter has no claimTokenRefresh yet: TR-01/TR-02 on it are SKIPPED.\n`)
  }
}

let op: TestOp
let apps: AppProcess[] = []

/** Starts one app process on the stores whose adapter refreshes, with the OP as its provider; resolves when it listens. */
function startApp(): Promise<AppProcess> {
  const env = { TR01_OP_PROVIDER: JSON.stringify(op.gatehouseProvider()) }
  return startAppProcess({ app: new URL("./tr-01-app.ts", import.meta.url), run, stores, env })
}

// ---------------------------------------------------------------------------------------------------------------------
// What the provider saw

/** One answer of the provider's token endpoint, as the provider itself reports it (its `grant.*` events). */
interface TokenGrant {
  grantType: string
  /** The error code of a refused grant; absent when it succeeded. */
  error?: string
  accessToken?: string
  refreshToken?: string
}
const grants: TokenGrant[] = []

/**
 * Records every token grant from inside the provider: `grant.success` (with the tokens it issued) and `grant.error`.
 * `TestOp` keeps its `oidc-provider` instance private; this test reads it once (it rotates no keys, so the instance
 * stays the same).
 */
function recordGrants(testOp: TestOp): void {
  const provider = (testOp as unknown as { provider: EventEmitter }).provider
  type GrantContext = { oidc: { params?: { grant_type?: string } }; body?: { access_token?: string; refresh_token?: string } }
  provider.on("grant.success", (ctx: GrantContext) => {
    grants.push({ grantType: String(ctx.oidc.params?.grant_type), accessToken: ctx.body?.access_token, refreshToken: ctx.body?.refresh_token })
  })
  provider.on("grant.error", (ctx: GrantContext, error: { error?: string }) => {
    grants.push({ grantType: String(ctx.oidc.params?.grant_type), error: error.error ?? String(error) })
  })
}

/** Requests to the provider's token endpoint so far (a code exchange or a refresh: both are `POST /token`). */
const tokenRequests = (): number => op.requests.filter((r) => r.method === "POST" && r.path === "/token").length

/** The provider as our grant code takes it: what a thief holding the client credentials would use. */
function opProvider(): OAuthConfigInternal {
  return { ...op.gatehouseProvider(), callbackUrl: "", signinUrl: "" } as OAuthConfigInternal
}

beforeAll(async () => {
  op = await TestOp.start({ refresh: { accessTokenTtl: ACCESS_TOKEN_TTL } })
  recordGrants(op)
  // The schema is made once, here, as a deploy step would: the app processes only use it.
  if (stores.includes("sqlite")) (adapters.sqlite as ReturnType<typeof SqliteAdapter>).migrate()
  if (stores.includes("postgres")) await (adapters.postgres as ReturnType<typeof PostgresAdapter>).migrate()
  if (stores.length) apps = await Promise.all([startApp(), startApp()])
}, 30_000)

afterAll(async () => {
  await stopAppProcesses(apps)
  await op?.close()
  ;(adapters.sqlite as ReturnType<typeof SqliteAdapter>).close()
  await dropRunStores(run)
})

// ---------------------------------------------------------------------------------------------------------------------
// A browser over HTTP, and the sign-in

/** A cookie jar and no redirects followed; every request to one app process's port for `store`. */
class HttpBrowser {
  readonly jar = new Map<string, string>()
  constructor(readonly store: Store) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ")
  }

  /** `path` (under the base path unless it starts with `/__`) sent to app process `app` (0 or 1). */
  async request(app: number, path: string, body?: Record<string, string>): Promise<Response> {
    const headers = new Headers()
    if (this.jar.size) headers.set("cookie", this.cookieHeader())
    if (body) headers.set("content-type", "application/x-www-form-urlencoded")
    const base = path.startsWith("/__") ? "" : BASE
    const response = await fetch(`http://127.0.0.1:${apps[app]!.ports[this.store]}${base}${path}`, {
      method: body ? "POST" : "GET",
      headers,
      body: body && new URLSearchParams(body),
      redirect: "manual",
    })
    keepCookies(this.jar, response)
    return response
  }

  /** `GET /__token?minValidity=N` on `app`: the token, or `null`; any other answer fails with the processes' output. */
  async accessToken(app: number, minValidity: number): Promise<{ accessToken: string; expiresAt: number | null } | null> {
    const response = await this.request(app, `/__token?minValidity=${minValidity}`)
    const text = await response.text()
    expect(response.status, `getAccessToken answered ${response.status} ${text}; the processes printed:\n${printedBy(apps)}`).toBe(200)
    return JSON.parse(text) as { accessToken: string; expiresAt: number | null } | null
  }
}

/**
 * A user who signs in at the provider as a new provider account `sub` (so each test has its own user and account
 * row), through app process 1 as a browser does: `/csrf`, `POST /signin/op`, login and consent at the provider, the
 * callback. Resolves to the browser (holding the database session cookie) and the user's id in the store.
 */
async function signInThroughApp(store: Store, sub: string): Promise<{ browser: HttpBrowser; userId: string }> {
  op.addAccount({ sub, email: `${sub}@example.com`, name: sub, picture: "https://img.example/tr01.png" })
  op.loginAs = sub
  const browser = new HttpBrowser(store)
  const { csrfToken } = (await (await browser.request(0, "/csrf")).json()) as { csrfToken: string }
  const start = await browser.request(0, "/signin/op", { csrfToken, callbackUrl: DASHBOARD })
  expect(start.status).toBe(302)
  const callback = await op.authorize(start.headers.get("location")!)
  const done = await browser.request(0, `${callback.pathname.slice(BASE.length)}${callback.search}`)
  expect(done.status, `the callback answered; the processes printed:\n${printedBy(apps)}`).toBe(302)
  expect(done.headers.get("location")).toBe(DASHBOARD)
  expect(browser.jar.has(SESSION_COOKIE), "a database session cookie").toBe(true)
  const user = await adapters[store].getUserByAccount!({ provider: "op", providerAccountId: sub })
  expect(user, "the sign-in created the user and linked the account").not.toBeNull()
  return { browser, userId: user!.id }
}

/** The account row as the store holds it now. */
async function storedAccount(store: Store, userId: string): Promise<RefreshableAccount> {
  const account = await adapters[store].getAccountForRefresh!(userId, "op")
  expect(account, "the account is linked").not.toBeNull()
  return account!
}

// ---------------------------------------------------------------------------------------------------------------------
// The cases

function twoApps(store: Store): void {
  it(`TR-01 two app processes on one ${STORE_NAMES[store]}: 50 concurrent getAccessToken at expiry → one refresh_token grant at the IdP, one new token for all, the rotated refresh token stored`, async () => {
    const { browser, userId } = await signInThroughApp(store, `tr01-${store}-${run.id.slice(0, 8)}`)
    const original = await storedAccount(store, userId)
    expect(original.refresh_token, "the provider issued a refresh token at sign-in").toEqual(expect.any(String))
    expect(original.access_token).toEqual(expect.any(String))
    expect(original.expires_at, "the provider said when the access token expires").toEqual(expect.any(Number))
    // Wait for the access token to expire, as the app would find it.
    const expiresAt = original.expires_at!
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt * 1000 - Date.now()) + 50))
    expect(Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(expiresAt)
    const requestsBefore = tokenRequests()
    const grantsBefore = grants.length

    // Every request is sent before any answer is read: both processes work on them at the same time.
    const answers = await Promise.all([0, 1].flatMap((app) => Array.from({ length: PER_PROCESS }, () => browser.accessToken(app, AT_EXPIRY))))

    const refreshGrants = grants.slice(grantsBefore)
    expect(tokenRequests() - requestsBefore, `POST /token at the provider for 50 calls (${JSON.stringify(refreshGrants)}); the processes printed:\n${printedBy(apps)}`).toBe(1)
    expect(refreshGrants).toEqual([{ grantType: "refresh_token", accessToken: expect.any(String), refreshToken: expect.any(String) }])
    const issued = refreshGrants[0]!

    expect(answers.every((answer) => answer !== null), `every caller has a token; the processes printed:\n${printedBy(apps)}`).toBe(true)
    expect(new Set(answers.map((answer) => answer!.accessToken))).toEqual(new Set([issued.accessToken]))
    expect(issued.accessToken).not.toBe(original.access_token)
    const now = Math.floor(Date.now() / 1000)
    expect(answers[0]!.expiresAt).toBeGreaterThan(now)
    expect(answers[0]!.expiresAt).toBeLessThanOrEqual(now + ACCESS_TOKEN_TTL)

    const stored = await storedAccount(store, userId)
    expect(stored.refresh_token).not.toBe(original.refresh_token)
    expect(stored.refresh_token, "the refresh token the provider issued last").toBe(issued.refreshToken)
    expect(stored.access_token).toBe(issued.accessToken)
    expect(stored.refreshFailed ?? false).toBe(false)
  }, 20_000)

  it(`TR-02 two app processes on one ${STORE_NAMES[store]}: a stolen refresh token reused elsewhere: the IdP revokes the family, getAccessToken is null on both processes, no retry storm`, async () => {
    const sub = `tr02-${store}-${run.id.slice(0, 8)}`
    const { browser, userId } = await signInThroughApp(store, sub)
    const stolen = (await storedAccount(store, userId)).refresh_token!
    // The thief spends the refresh token first, with the client's credentials, and gets a rotated one.
    const thief = await refreshGrant(opProvider(), { refresh_token: stolen, providerAccountId: sub })
    expect(thief.refresh_token).toEqual(expect.any(String))
    expect(thief.refresh_token).not.toBe(stolen)
    const requestsBefore = tokenRequests()
    const grantsBefore = grants.length

    // Both processes at once, then again one call after another: never a token.
    const concurrent = await Promise.all([0, 1].flatMap((app) => Array.from({ length: 5 }, () => browser.accessToken(app, ALWAYS_DUE))))
    const sequential = []
    for (let round = 0; round < 3; round++) for (const app of [0, 1]) sequential.push(await browser.accessToken(app, ALWAYS_DUE))
    expect([...concurrent, ...sequential], `getAccessToken on both processes; the processes printed:\n${printedBy(apps)}`).toEqual(Array(16).fill(null))

    // The provider is asked once (that is how the app learns the token is dead), and never again by either process.
    expect(tokenRequests() - requestsBefore, `POST /token at the provider for 16 calls; the processes printed:\n${printedBy(apps)}`).toBe(1)
    expect(grants.slice(grantsBefore)).toEqual([{ grantType: "refresh_token", error: "invalid_grant" }])
    expect(printedBy(apps)).toMatch(/tokenRefreshFailed \{"provider":"op","permanent":true/)
    const stored = await storedAccount(store, userId)
    expect(stored.refreshFailed, "the account is marked: no process asks the provider again until a new sign-in").toBe(true)
    expect(stored.refresh_token).toBe(stolen)

    // The provider revoked the whole family on the reuse: the thief's rotated refresh token is dead too.
    const thiefAgain = await refreshGrant(opProvider(), { refresh_token: thief.refresh_token as string, providerAccountId: sub }).catch((error: unknown) => error)
    expect(thiefAgain).toBeInstanceOf(RefreshTokenError)
    expect(thiefAgain).toMatchObject({ permanent: true })
  })
}

for (const store of ["sqlite", "postgres", "redis"] as const) {
  if (stores.includes(store)) describe(`TR-01/TR-02 two app processes on one ${STORE_NAMES[store]}`, () => twoApps(store))
  else if (!run.available[store]) describe.skip(`TR-01/TR-02 two app processes on one ${STORE_NAMES[store]} (SKIPPED: the service does not answer)`, () => twoApps(store))
  else describe.skip(`TR-01/TR-02 two app processes on one ${STORE_NAMES[store]} (SKIPPED: its adapter has no claimTokenRefresh yet)`, () => twoApps(store))
}
