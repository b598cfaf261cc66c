/**
 * `frameworkEngine()`'s reads for server-rendered pages: the session (with the cookies its answer sets) and a form's
 * CSRF token, taken from the route table without an HTTP request — the same answers `GET /session` and `GET /csrf` give.
 */
import { frameworkEngine, skipCSRFCheck, type AuthConfig } from "@gatehousejs/core"
import { describe, expect, it } from "vitest"
import { Browser, ORIGIN, testConfig } from "../helpers/auth.js"

describe("frameworkEngine reads", () => {
  const config = testConfig()
  const engine = frameworkEngine(config, { framework: "test", basePath: () => "/auth" })

  it("session(): the signed-in user and no cookie to set, or null when signed out", async () => {
    const browser = new Browser(config)
    await browser.signIn()
    const signedIn = await engine.session(engine.bind(new Request(`${ORIGIN}/page`, { headers: { cookie: browser.cookieHeader() } }), config))
    expect(signedIn.session?.user?.email).toBe("alice@example.com")
    const signedOut = await engine.session(engine.bind(new Request(`${ORIGIN}/page`), config))
    expect(signedOut).toEqual({ session: null, cookies: [] })
  })

  it("csrfToken(): a new token with its cookie, then the same token from that cookie; null with the check off", async () => {
    const first = await engine.csrfToken(engine.bind(new Request(`${ORIGIN}/page`), config))
    expect(first.csrfToken).toMatch(/^[0-9a-f]{64}$/)
    expect(first.cookies.map((c) => c.name)).toEqual(["__Host-authjs.csrf-token"])
    const cookie = `${first.cookies[0]!.name}=${first.cookies[0]!.value}`
    const again = await engine.csrfToken(engine.bind(new Request(`${ORIGIN}/page`, { headers: { cookie } }), config))
    expect(again).toEqual({ csrfToken: first.csrfToken, cookies: [] })
    const off: AuthConfig = { ...config, skipCSRFCheck }
    expect(await engine.csrfToken(engine.bind(new Request(`${ORIGIN}/page`), off))).toEqual({ csrfToken: null, cookies: [] })
  })
})
