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
    expect(signedOut).toMatchObject({ session: null, cookies: [] })
  })

  it("csrfToken(): a new token with its cookie, then the same token from that cookie; null with the check off", async () => {
    const first = await engine.csrfToken(engine.bind(new Request(`${ORIGIN}/page`), config))
    expect(first.csrfToken).toMatch(/^[0-9a-f]{64}$/)
    expect(first.cookies.map((c) => c.name)).toEqual(["__Host-authjs.csrf-token"])
    expect(first.headers.getSetCookie()[0]).toMatch(/^__Host-authjs\.csrf-token=[0-9a-f]{64}%7C[0-9a-f]{64}; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
    const cookie = `${first.cookies[0]!.name}=${first.cookies[0]!.value}`
    const again = await engine.csrfToken(engine.bind(new Request(`${ORIGIN}/page`, { headers: { cookie } }), config))
    expect(again).toMatchObject({ csrfToken: first.csrfToken, cookies: [] })
    const off: AuthConfig = { ...config, skipCSRFCheck }
    expect(await engine.csrfToken(engine.bind(new Request(`${ORIGIN}/page`), off))).toMatchObject({ csrfToken: null, cookies: [] })
  })
})

describe("frameworkEngine post", () => {
  const config = testConfig()
  const engine = frameworkEngine(config, { framework: "test", basePath: () => "/auth" })
  const page = (cookie?: string) => engine.bind(new Request(`${ORIGIN}/login`, { headers: cookie ? { cookie } : {} }), config)

  it("a right password: the callback URL and the session cookie, as Set-Cookie lines too", async () => {
    const answer = await engine.post(page(), { to: "signin", provider: "credentials", fields: { username: "alice", password: "correct horse battery staple", callbackUrl: `${ORIGIN}/home` } })
    expect(answer).toMatchObject({ url: `${ORIGIN}/home`, status: 200 })
    expect(answer.headers.getSetCookie().some((line) => line.startsWith("__Secure-authjs.session-token="))).toBe(true)
  })

  it("a wrong password: the sign-in page with ?error=CredentialsSignin, never a throw", async () => {
    const answer = await engine.post(page(), { to: "signin", provider: "credentials", fields: { username: "alice", password: "wrong" } })
    expect(new URL(answer.url!).searchParams.get("error")).toBe("CredentialsSignin")
    expect(answer.cookies.some((cookie) => cookie.name.includes("session-token"))).toBe(false)
  })

  it("no provider, or an unknown one: the sign-in page, coming back to the callback URL", async () => {
    const answer = await engine.post(page(), { to: "signin", provider: "nope", fields: { callbackUrl: `${ORIGIN}/home` } })
    const url = new URL(answer.url!)
    expect(url.pathname).toBe("/auth/signin")
    expect(url.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/home`)
  })

  it("sign-out: the callback URL and the session cookie cleared; a broken configuration's csrfToken() rejects", async () => {
    const browser = new Browser(config)
    await browser.signIn()
    const answer = await engine.post(page(browser.cookieHeader()), { to: "signout", fields: { callbackUrl: `${ORIGIN}/bye` } })
    expect(answer.url).toBe(`${ORIGIN}/bye`)
    expect(answer.headers.getSetCookie().some((line) => line.startsWith("__Secure-authjs.session-token=;"))).toBe(true)
    const broken = { ...config, providers: "not a list", logger: { error: () => {} } } as unknown as AuthConfig
    await expect(engine.csrfToken(engine.bind(new Request(`${ORIGIN}/x`), broken))).rejects.toThrow()
  })
})
