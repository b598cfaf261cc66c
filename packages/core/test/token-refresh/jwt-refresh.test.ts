/**
 * Provider token refresh without an adapter (the tokens ride in the encrypted session token), against a real
 * `oidc-provider` on loopback that issues rotating refresh tokens with 10-second access tokens: `getAccessToken`,
 * one refresh for many concurrent callers (LF-01), a second tab with the old cookie (TR-03), a stolen and reused
 * refresh token (TR-02), a hanging token endpoint (TR-04), and the session's `error: "RefreshTokenError"`.
 */
import { customFetch, Gatehouse, type AuthConfig } from "@gatehousejs/core"
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { providerTimeoutMs } from "../../src/oauth/http.js"
import { clearDiscoveryCache } from "../../src/oauth/server.js"
import type { OAuthConfigInternal } from "../../src/providers/types.js"
import { refreshGrant } from "../../src/token-refresh/grant.js"
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

/** A token endpoint that can be made to hang (TR-04), in front of the real OP. */
let hangTokenEndpoint = false
const frontFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input)
  if (hangTokenEndpoint && url.pathname === "/token") {
    return new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)))
  }
  return fetch(input, init)
}

function setup(extra: Partial<AuthConfig> = {}) {
  const events = { tokenRefreshFailed: vi.fn() }
  const logger = { error: vi.fn(), warn: vi.fn(), debug: vi.fn() }
  const config = testConfig({
    logger,
    events,
    providers: [{ ...op.gatehouseProvider(), [customFetch]: frontFetch, [providerTimeoutMs]: 300 } as never],
    ...extra,
  })
  return { config, events, logger, gatehouse: Gatehouse(config), browser: new Browser(config) }
}

async function signIn(browser: Browser): Promise<void> {
  const { authorizationUrl } = await startSignIn(browser, "op")
  const response = await deliver(browser, await op.authorize(authorizationUrl!))
  expect(response.status).toBe(302)
  expect(response.headers.get("location")).not.toContain("error=")
}

/** An app page's request, carrying the browser's cookies. */
function pageRequest(browser: Browser): Request {
  return new Request(`${ORIGIN}/dashboard`, { headers: { cookie: browser.cookieHeader() } })
}

/** Applies the `Set-Cookie` lines an app forwarded to the browser. */
function forward(browser: Browser, headers: Headers): void {
  browser.store(new Response(null, { headers }))
}

const refreshes = (): number => op.requests.filter((r) => r.method === "POST" && r.path === "/token").length

describe("getAccessToken without an adapter", () => {
  it("signed in: the provider's access token, its expiry, scope and type; signed out or another provider: null", async () => {
    const { gatehouse, browser } = setup()
    expect(await gatehouse.getAccessToken(pageRequest(browser), "op")).toBeNull()
    await signIn(browser)
    const token = await gatehouse.getAccessToken(pageRequest(browser), "op", { minValidity: 0 })
    expect(token).toMatchObject({ accessToken: expect.any(String), tokenType: "bearer", scope: expect.stringContaining("openid") })
    expect(token!.expiresAt).toBeGreaterThan(Math.floor(Date.now() / 1000))
    expect(token!.expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 10)
    expect(await gatehouse.getAccessToken(pageRequest(browser), "github")).toBeNull()
  })

  it("an access token about to expire is refreshed first; the session cookie is re-issued with the rotated tokens", async () => {
    const { gatehouse, browser } = setup()
    await signIn(browser)
    const before = await gatehouse.getAccessToken(pageRequest(browser), "op", { minValidity: 0 })
    const count = refreshes()
    const headers = new Headers()
    const after = await gatehouse.getAccessToken(pageRequest(browser), "op", { minValidity: 3600, headers })
    expect(refreshes()).toBe(count + 1)
    expect(after!.accessToken).not.toBe(before!.accessToken)
    expect(headers.getSetCookie().some((line) => line.startsWith("__Secure-authjs.session-token="))).toBe(true)
    forward(browser, headers)
    // The new cookie holds the new token: no second refresh for a caller content with it.
    expect((await gatehouse.getAccessToken(pageRequest(browser), "op", { minValidity: 0 }))!.accessToken).toBe(after!.accessToken)
    expect(refreshes()).toBe(count + 1)
    expect(await browser.session()).toMatchObject({ user: { email: "alice.op@example.com" } })
  })

  it("LF-01 20 concurrent callers at expiry: one refresh at the OP, one new token for all", async () => {
    const { gatehouse, browser } = setup()
    await signIn(browser)
    const count = refreshes()
    const tokens = await Promise.all(Array.from({ length: 20 }, () => gatehouse.getAccessToken(pageRequest(browser), "op", { minValidity: 3600 })))
    expect(refreshes()).toBe(count + 1)
    expect(new Set(tokens.map((t) => t?.accessToken)).size).toBe(1)
    expect(tokens[0]).not.toBeNull()
  })

  it("TR-03 a second tab still holding the old cookie is given the same refresh, not signed out", async () => {
    const { gatehouse, browser } = setup()
    await signIn(browser)
    const oldTab = browser.cookieHeader()
    const headers = new Headers()
    const first = await gatehouse.getAccessToken(pageRequest(browser), "op", { minValidity: 3600, headers })
    forward(browser, headers)
    const count = refreshes()
    const secondTab = await gatehouse.getAccessToken(new Request(`${ORIGIN}/other`, { headers: { cookie: oldTab } }), "op", { minValidity: 3600 })
    expect(secondTab?.accessToken).toBe(first?.accessToken)
    expect(refreshes()).toBe(count)
    expect(await browser.session()).not.toBeNull()
  })

  it("TR-02 a stolen refresh token used elsewhere: the OP revokes the family, getAccessToken is null, the session says RefreshTokenError, no retry storm", async () => {
    const { gatehouse, browser, events, config } = setup()
    await signIn(browser)
    // The thief refreshes first with the same refresh token (read here from the session, as a stolen copy would be).
    const { decode } = await import("@gatehousejs/core/jwt")
    const payload = await decode({ token: browser.jar.get("__Secure-authjs.session-token")!, secret: config.secret as string, salt: "__Secure-authjs.session-token" })
    const stolen = (payload!.gatehouse_tokens as Record<string, { refresh_token: string; providerAccountId: string }>).op!
    await refreshGrant({ ...op.gatehouseProvider(), callbackUrl: "", signinUrl: "" } as OAuthConfigInternal, stolen)

    const headers = new Headers()
    expect(await gatehouse.getAccessToken(pageRequest(browser), "op", { minValidity: 3600, headers })).toBeNull()
    forward(browser, headers)
    expect(events.tokenRefreshFailed).toHaveBeenCalledWith(expect.objectContaining({ provider: "op", permanent: true }))
    expect(await browser.session()).toMatchObject({ error: "RefreshTokenError", user: { email: "alice.op@example.com" } })
    const count = refreshes()
    for (let i = 0; i < 5; i++) expect(await gatehouse.getAccessToken(pageRequest(browser), "op", { minValidity: 3600 })).toBeNull()
    expect(refreshes()).toBe(count)
  })

  it("TR-04 a token endpoint that hangs: null at the time-out (the expired token is not handed out as fresh), and the next call tries again", async () => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true })
    try {
      const { gatehouse, browser } = setup()
      await signIn(browser)
      vi.setSystemTime(Date.now() + 11_000) // the 10-second access token has expired
      hangTokenEndpoint = true
      expect(await gatehouse.getAccessToken(pageRequest(browser), "op")).toBeNull()
      hangTokenEndpoint = false
      const count = refreshes()
      expect(await gatehouse.getAccessToken(pageRequest(browser), "op")).not.toBeNull()
      expect(refreshes()).toBe(count + 1)
    } finally {
      hangTokenEndpoint = false
      vi.useRealTimers()
    }
  })

  it("session.providerTokens: false keeps no tokens in the cookie, a list keeps only those providers'", async () => {
    for (const providerTokens of [false, ["another-provider"]]) {
      const { gatehouse, browser } = setup({ session: { providerTokens } })
      await signIn(browser)
      expect(await gatehouse.getAccessToken(pageRequest(browser), "op", { minValidity: 0 })).toBeNull()
    }
    const { gatehouse, browser } = setup({ session: { providerTokens: ["op"] } })
    await signIn(browser)
    expect(await gatehouse.getAccessToken(pageRequest(browser), "op", { minValidity: 0 })).not.toBeNull()
  })

  it("a session cookie past 4 KB with provider tokens in it warns once, naming the option", async () => {
    const { logger, browser } = setup({ callbacks: { jwt: ({ token }) => ({ ...token, padding: "x".repeat(4000) }) } })
    await signIn(browser)
    await signIn(browser)
    expect(logger.warn.mock.calls.filter(([code]) => code === "session-cookie-tokens-large").length).toBeLessThanOrEqual(1)
    expect(browser.jar.has("__Secure-authjs.session-token.0")).toBe(true)
  })

  it("by default a token is refreshed within 60 s of its expiry, or half its lifetime when that is shorter: 10-second tokens are not refreshed at every call", async () => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true })
    try {
      const { gatehouse, browser } = setup()
      await signIn(browser)
      const count = refreshes()
      const first = await gatehouse.getAccessToken(pageRequest(browser), "op")
      expect(refreshes()).toBe(count) // 10 s left, margin 5 s: still fresh
      vi.setSystemTime(Date.now() + 6_000)
      const headers = new Headers()
      const second = await gatehouse.getAccessToken(pageRequest(browser), "op", { headers })
      expect(refreshes()).toBe(count + 1)
      expect(second!.accessToken).not.toBe(first!.accessToken)
      forward(browser, headers)
      expect((await gatehouse.getAccessToken(pageRequest(browser), "op"))!.accessToken).toBe(second!.accessToken)
      expect(refreshes()).toBe(count + 1)
    } finally {
      vi.useRealTimers()
    }
  })
})
