/**
 * Provider token refresh with an adapter, in one process, on PostgreSQL and a real `oidc-provider` issuing rotating
 * refresh tokens: the tokens come from the account row, a refresh is stored as a compare-and-swap before the token is
 * handed out, concurrent callers share one refresh, a refused refresh token marks the account (no retries) until the
 * user signs in again, and an adapter without the refresh methods answers null. Across two processes: tr-01-two-apps.
 */
import { POSTGRES_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import { Gatehouse, type Adapter, type AuthConfig } from "@gatehousejs/core"
import { PostgresAdapter } from "@gatehousejs/pg-adapter"
import pg from "pg"
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { clearDiscoveryCache } from "../../src/oauth/server.js"
import type { OAuthConfigInternal } from "../../src/providers/types.js"
import { refreshGrant } from "../../src/token-refresh/grant.js"
import { Browser, ORIGIN, testConfig } from "../helpers/auth.js"
import { deliver, startSignIn } from "../oauth/flow.js"
import { TestOp } from "../oauth/op.js"

const postgresUp = await serviceAvailable("PostgreSQL")
const SCHEMA = `gatehouse_tr_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`
const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 6 })
let op: TestOp
let adapter: ReturnType<typeof PostgresAdapter>

beforeAll(async () => {
  op = await TestOp.start({ refresh: { accessTokenTtl: 10 } })
  if (!postgresUp) return
  adapter = PostgresAdapter(pool, { schema: SCHEMA })
  await adapter.migrate()
})
afterAll(async () => {
  await op.close()
  if (postgresUp) await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`)
  await pool.end()
})
beforeEach(() => clearDiscoveryCache())

function setup(store: Adapter = adapter) {
  const events = { tokenRefreshFailed: vi.fn() }
  const config: AuthConfig = testConfig({
    adapter: store,
    session: { strategy: "database" },
    logger: { error: vi.fn(), warn: vi.fn(), debug: vi.fn() },
    events,
    providers: [op.gatehouseProvider()],
  })
  return { config, events, gatehouse: Gatehouse(config), browser: new Browser(config) }
}

async function signIn(browser: Browser): Promise<void> {
  const { authorizationUrl } = await startSignIn(browser, "op")
  const response = await deliver(browser, await op.authorize(authorizationUrl!))
  expect(response.headers.get("location")).not.toContain("error=")
}

const page = (browser: Browser): Request => new Request(`${ORIGIN}/dashboard`, { headers: { cookie: browser.cookieHeader() } })
const refreshGrants = (): number => op.requests.filter((r) => r.method === "POST" && r.path === "/token").length

/** The signed-in user's OP account row. */
async function storedAccount(browser: Browser) {
  const session = (await browser.session()) as { user: { email: string } }
  const user = await adapter.getUserByEmail(session.user.email)
  return adapter.getAccountForRefresh!(user!.id, "op")
}

describe.skipIf(!postgresUp)("getAccessToken with an adapter (PostgreSQL)", () => {
  it("reads the account row; a refresh is stored in the row (rotated refresh token) before the token is handed out", async () => {
    op.loginAs = "op-user-alice"
    const { gatehouse, browser } = setup()
    await signIn(browser)
    const before = await storedAccount(browser)
    const first = await gatehouse.getAccessToken(page(browser), "op", { minValidity: 0 })
    expect(first?.accessToken).toBe(before!.access_token)
    const headers = new Headers()
    const refreshed = await gatehouse.getAccessToken(page(browser), "op", { minValidity: 3600, headers })
    expect(refreshed?.accessToken).not.toBe(before!.access_token)
    const after = await storedAccount(browser)
    expect(after!.access_token).toBe(refreshed!.accessToken)
    expect(after!.refresh_token).not.toBe(before!.refresh_token)
    expect(after!.refreshLeaseUntil).toBeNull()
    expect(headers.getSetCookie()).toEqual([]) // the session row is unchanged: no cookie to re-issue
  })

  it("20 concurrent callers at expiry: one refresh at the OP, one token for all", async () => {
    op.loginAs = "op-user-bob"
    const { gatehouse, browser } = setup()
    await signIn(browser)
    // 5 s later (the OP's clock too: it runs in this process) the 10-second token is within a 7-second margin, and the
    // refreshed one is not: a caller that reads the account after the refresh is content with it, as at a real expiry.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 5_000 })
    const count = refreshGrants()
    const tokens = await Promise.all(Array.from({ length: 20 }, () => gatehouse.getAccessToken(page(browser), "op", { minValidity: 7 }))).finally(() => vi.useRealTimers())
    expect(refreshGrants()).toBe(count + 1)
    expect(new Set(tokens.map((t) => t?.accessToken)).size).toBe(1)
    expect(tokens[0]).not.toBeNull()
  })

  it("TR-02 a refused refresh token marks the account: null without asking the OP again, until the user signs in anew", async () => {
    op.loginAs = "op-user-alice"
    const { gatehouse, browser, events } = setup()
    await signIn(browser)
    const stolen = await storedAccount(browser)
    await refreshGrant({ ...op.gatehouseProvider(), signinUrl: "", callbackUrl: "" } as OAuthConfigInternal, { refresh_token: stolen!.refresh_token!, providerAccountId: stolen!.providerAccountId })
    expect(await gatehouse.getAccessToken(page(browser), "op", { minValidity: 3600 })).toBeNull()
    expect(events.tokenRefreshFailed).toHaveBeenCalledWith(expect.objectContaining({ provider: "op", permanent: true }))
    expect((await storedAccount(browser))!.refreshFailed).toBe(true)
    // The database session reports it, read with the session (differences row 131).
    expect(await browser.session()).toMatchObject({ error: "RefreshTokenError" })
    const count = refreshGrants()
    for (let i = 0; i < 5; i++) expect(await gatehouse.getAccessToken(page(browser), "op", { minValidity: 3600 })).toBeNull()
    expect(refreshGrants()).toBe(count)

    await signIn(browser)
    expect((await storedAccount(browser))!.refreshFailed).toBe(false)
    expect(await browser.session()).not.toHaveProperty("error")
    expect(await gatehouse.getAccessToken(page(browser), "op", { minValidity: 3600 })).not.toBeNull()
  })

  it("an adapter without the refresh methods (an Auth.js adapter): null, never a throw", async () => {
    const { getAccountForRefresh: _a, claimTokenRefresh: _b, finishTokenRefresh: _c, updateAccountTokens: _d, ...authjsShaped } = adapter
    const { gatehouse, browser } = setup(authjsShaped as Adapter)
    await signIn(browser)
    expect(await gatehouse.getAccessToken(page(browser), "op", { minValidity: 0 })).toBeNull()
  })
})
