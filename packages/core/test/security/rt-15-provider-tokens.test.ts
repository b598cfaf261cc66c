/**
 * RT-15: after an OAuth/OIDC sign-in with JWT sessions and no adapter, the provider's access, refresh and ID tokens
 * (kept in the session token for `getAccessToken`) appear in none of `/session`, `auth()`, `getToken()`'s default
 * result, nor the `token` handed to the `jwt` and `session` callbacks — even with the quick-start callback that copies
 * the whole token into the session. `getAccessToken` still returns the access token, after an update too. Against a
 * real `oidc-provider` on loopback.
 */
import { Gatehouse, type Account, type JWT } from "@gatehousejs/core"
import { getToken } from "@gatehousejs/core/jwt"
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { clearDiscoveryCache } from "../../src/oauth/server.js"
import { Browser, ORIGIN, SECRET, testConfig } from "../helpers/auth.js"
import { deliver, startSignIn } from "../oauth/flow.js"
import { TestOp } from "../oauth/op.js"

let op: TestOp
beforeAll(async () => {
  op = await TestOp.start({ refresh: { accessTokenTtl: 600 } })
})
afterAll(() => op.close())
beforeEach(() => clearDiscoveryCache())

function setup() {
  const seen: { jwt: JWT[]; session: JWT[]; account?: Account } = { jwt: [], session: [] }
  const config = testConfig({
    logger: { error: vi.fn(), warn: vi.fn(), debug: vi.fn() },
    providers: [op.gatehouseProvider()],
    callbacks: {
      jwt({ token, account }) {
        seen.jwt.push(structuredClone(token))
        if (account) seen.account = account
        return { ...token, plan: "pro" }
      },
      // The quick-start pattern that leaked them: the whole token into the session the browser reads.
      session({ session, token }) {
        seen.session.push(structuredClone(token))
        return { ...session, token }
      },
    },
  })
  return { seen, gatehouse: Gatehouse(config), browser: new Browser(config) }
}

async function signIn(browser: Browser): Promise<void> {
  const { authorizationUrl } = await startSignIn(browser, "op")
  const response = await deliver(browser, await op.authorize(authorizationUrl!))
  expect(response.headers.get("location")).not.toContain("error=")
}

describe("RT-15 the browser and app code never see provider tokens except through getAccessToken", () => {
  it("not in /session, auth(), getToken(), nor the token given to the jwt and session callbacks", async () => {
    const { seen, gatehouse, browser } = setup()
    await signIn(browser)
    const page = new Request(`${ORIGIN}/dashboard`, { headers: { cookie: browser.cookieHeader() } })

    // The account at sign-in still carries the provider's answer, as in Auth.js.
    const { access_token, refresh_token, id_token } = seen.account!
    const secrets = [access_token, refresh_token, id_token].filter((value): value is string => typeof value === "string" && value.length > 0)
    expect(secrets).toHaveLength(3)
    const leaks = (value: unknown): string[] => secrets.filter((secret) => JSON.stringify(value ?? null).includes(secret))

    const session = await browser.session()
    expect(session).toMatchObject({ user: { email: "alice.op@example.com" }, token: { plan: "pro" } })
    expect(leaks(session)).toEqual([])
    expect(leaks(await gatehouse.auth(page))).toEqual([])
    const token = await getToken({ req: page, secret: SECRET })
    expect(token).toMatchObject({ plan: "pro", email: "alice.op@example.com" })
    expect(leaks(token)).toEqual([])
    expect(token).not.toHaveProperty("gatehouse_tokens")
    expect(seen.jwt.length).toBeGreaterThan(1)
    expect(seen.session.length).toBeGreaterThan(0)
    expect(leaks([seen.jwt, seen.session])).toEqual([])
    expect([...seen.jwt, ...seen.session].some((t) => "gatehouse_tokens" in t)).toBe(false)

    // The tokens are still the engine's to use.
    expect((await gatehouse.getAccessToken(page, "op"))?.accessToken).toBe(access_token)
  })

  it("an update (trigger: update) and a callback that writes the claim itself keep the engine's tokens", async () => {
    const { gatehouse, browser } = setup()
    await signIn(browser)
    const csrfToken = await browser.csrfToken()
    const updated = await browser.request("/session", { json: { csrfToken, data: { gatehouse_tokens: { op: { access_token: "planted" } } } } })
    expect(updated.status).toBe(200)
    const page = new Request(`${ORIGIN}/dashboard`, { headers: { cookie: browser.cookieHeader() } })
    const token = await gatehouse.getAccessToken(page, "op")
    expect(token?.accessToken).toMatch(/./)
    expect(token?.accessToken).not.toBe("planted")
  })
})
