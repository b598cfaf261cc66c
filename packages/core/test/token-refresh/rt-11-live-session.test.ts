/**
 * RT-11: `getAccessToken` hands out (or refreshes) a provider token only for a session that `auth()` would return for
 * the same request. A JWT session that was revoked, is past `session.absoluteMaxAge`, or was signed out gets `null`,
 * sends no refresh grant and re-issues no session cookie — without an adapter (tokens in the cookie) and with one
 * (tokens in the account row); a database session past its absolute lifetime the same. Against a real
 * `oidc-provider` on loopback whose access tokens live 10 s, so every call below would refresh if it were let through.
 */
import { Gatehouse, type AuthConfig } from "@gatehousejs/core"
import { SqliteAdapter, SqliteSessionStore } from "@gatehousejs/sqlite-adapter"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { clearDiscoveryCache } from "../../src/oauth/server.js"
import { Browser, ORIGIN, testConfig } from "../helpers/auth.js"
import { deliver, startSignIn } from "../oauth/flow.js"
import { TestOp } from "../oauth/op.js"

let op: TestOp
beforeAll(async () => {
  op = await TestOp.start({ refresh: { accessTokenTtl: 10 } })
})
afterAll(() => op.close())
beforeEach(() => {
  clearDiscoveryCache()
  op.loginAs = "op-user-alice"
})
afterEach(() => {
  vi.useRealTimers()
})

const SESSION_COOKIE = "__Secure-authjs.session-token"
const refreshGrants = (): number => op.requests.filter((r) => r.method === "POST" && r.path === "/token").length

/** The configurations under test: where the provider tokens live, and what ends a session. */
const places = {
  "no adapter, a session store": (): Partial<AuthConfig> => ({ sessionStore: SqliteSessionStore({ filename: ":memory:" }) }),
  "an adapter (JWT sessions)": (): Partial<AuthConfig> => ({ adapter: SqliteAdapter({ filename: ":memory:" }), session: { strategy: "jwt" } }),
}

function setup(place: Partial<AuthConfig>, session: AuthConfig["session"] = {}) {
  const config = testConfig({
    ...place,
    session: { ...place.session, ...session },
    logger: { error: vi.fn(), warn: vi.fn(), debug: vi.fn() },
    providers: [op.gatehouseProvider()],
  })
  return { config, gatehouse: Gatehouse(config), browser: new Browser(config) }
}

async function signIn(browser: Browser): Promise<void> {
  const { authorizationUrl } = await startSignIn(browser, "op")
  const response = await deliver(browser, await op.authorize(authorizationUrl!))
  expect(response.headers.get("location")).not.toContain("error=")
}

const page = (cookie: string): Request => new Request(`${ORIGIN}/dashboard`, { headers: { cookie } })

/**
 * What an app's page sees with this cookie: `auth()`, and `getAccessToken` asked for a token valid an hour (so the
 * OP's 10-second token is refreshed if the call is let through), with the grants sent and session cookies set.
 */
async function ask(gatehouse: ReturnType<typeof Gatehouse>, cookie: string) {
  const grants = refreshGrants()
  const headers = new Headers()
  const token = await gatehouse.getAccessToken(page(cookie), "op", { minValidity: 3600, headers })
  const reissued = headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`) && !line.startsWith(`${SESSION_COOKIE}=;`))
  return { session: await gatehouse.auth(page(cookie)), token, grants: refreshGrants() - grants, reissued }
}

describe("RT-11 getAccessToken only for a session auth() would return", () => {
  for (const [name, place] of Object.entries(places)) {
    describe(name, () => {
      it("live: auth() and getAccessToken agree, and the token is refreshed", async () => {
        const { gatehouse, browser } = setup(place())
        await signIn(browser)
        const live = await ask(gatehouse, browser.cookieHeader())
        expect(live.session).not.toBeNull()
        expect(live.token).not.toBeNull()
        expect(live.grants).toBe(1)
      })

      it("revoked (its record deleted): null, no refresh grant, no cookie re-issued", async () => {
        const { gatehouse, browser } = setup(place())
        await signIn(browser)
        const copy = browser.cookieHeader()
        const [own] = (await gatehouse.listSessions(page(copy)))!
        expect(await gatehouse.revokeSession(page(copy), own!.id)).toBe(true)
        expect(await ask(gatehouse, copy)).toEqual({ session: null, token: null, grants: 0, reissued: [] })
      })

      it("signed out (a copy of the cookie from before): null, no refresh grant, no cookie re-issued", async () => {
        const { gatehouse, browser } = setup(place())
        await signIn(browser)
        const copy = browser.cookieHeader()
        const csrfToken = await browser.csrfToken()
        await browser.request("/signout", { body: { csrfToken } })
        expect(await ask(gatehouse, browser.cookieHeader())).toEqual({ session: null, token: null, grants: 0, reissued: [] })
        expect(await ask(gatehouse, copy)).toEqual({ session: null, token: null, grants: 0, reissued: [] })
      })

      it("past session.absoluteMaxAge: null, no refresh grant, no cookie re-issued", async () => {
        const { gatehouse, browser } = setup(place(), { absoluteMaxAge: 120 })
        await signIn(browser)
        vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 121_000 })
        expect(await ask(gatehouse, browser.cookieHeader())).toEqual({ session: null, token: null, grants: 0, reissued: [] })
      })
    })
  }

  it("no adapter and no registry, past session.absoluteMaxAge: null, no refresh grant, no cookie re-issued", async () => {
    const { gatehouse, browser } = setup({}, { absoluteMaxAge: 120 })
    await signIn(browser)
    expect((await ask(gatehouse, browser.cookieHeader())).token).not.toBeNull()
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 121_000 })
    expect(await ask(gatehouse, browser.cookieHeader())).toEqual({ session: null, token: null, grants: 0, reissued: [] })
  })

  it("database sessions past session.absoluteMaxAge: null, no refresh grant", async () => {
    const { gatehouse, browser } = setup({ adapter: SqliteAdapter({ filename: ":memory:" }) }, { strategy: "database", absoluteMaxAge: 120 })
    await signIn(browser)
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 121_000 })
    const answer = await ask(gatehouse, browser.cookieHeader())
    expect(answer).toMatchObject({ session: null, token: null, grants: 0 })
  })

  it("the jwt callback ending the session (returning null) ends getAccessToken's answer too", async () => {
    let ended = false
    const { gatehouse, browser } = setup({ callbacks: { jwt: ({ token }) => (ended ? null : token) } })
    await signIn(browser)
    ended = true
    expect(await ask(gatehouse, browser.cookieHeader())).toEqual({ session: null, token: null, grants: 0, reissued: [] })
  })

  it("a revoked cookie links nothing: signing in with another provider account while holding it makes no link to its user", async () => {
    const adapter = SqliteAdapter({ filename: ":memory:" })
    const { gatehouse, browser } = setup({ adapter, session: { strategy: "jwt" } })
    await signIn(browser)
    const alice = await adapter.getUserByAccount({ provider: "op", providerAccountId: "op-user-alice" })
    const [own] = (await gatehouse.listSessions(page(browser.cookieHeader())))!
    expect(await gatehouse.revokeSession(page(browser.cookieHeader()), own!.id)).toBe(true)
    // The browser still sends the revoked cookie when it signs in as Bob at the OP.
    op.loginAs = "op-user-bob"
    await signIn(browser)
    const bob = await adapter.getUserByAccount({ provider: "op", providerAccountId: "op-user-bob" })
    expect(bob).not.toBeNull()
    expect(bob!.id).not.toBe(alice!.id)
    expect(await gatehouse.auth(page(browser.cookieHeader()))).toMatchObject({ user: { email: "bob.op@example.com" } })
  })

  it("JWT sign-out while the session store is down: SignOutError, the cookie cleared, never a success the record outlives", async () => {
    const store = SqliteSessionStore({ filename: ":memory:" })
    const signOut = vi.fn()
    const { browser } = setup({ sessionStore: store, events: { signOut } })
    await signIn(browser)
    store.deleteSession = async () => {
      throw new Error("connection refused")
    }
    const csrfToken = await browser.csrfToken()
    const response = await browser.request("/signout", { body: { csrfToken } })
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("SignOutError")
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    expect(signOut).not.toHaveBeenCalled()
  })
})
