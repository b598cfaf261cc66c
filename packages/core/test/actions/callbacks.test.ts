/**
 * Callbacks and their outcome rules (spec "Outcome rules of the sign-in flow" and "Callbacks"), and events.
 */
import { CredentialsSignin, type AuthConfig } from "@gatehousejs/core"
import { afterEach, describe, expect, it, vi } from "vitest"
import { Browser, ORIGIN, testConfig } from "../helpers/auth.js"

afterEach(() => vi.useRealTimers())

const quiet = () => ({ error: vi.fn(), warn: vi.fn(), debug: vi.fn() })

describe("signIn callback", () => {
  it.each([
    ["true continues the sign-in", () => true, ORIGIN, true],
    ["an async true continues", async () => true, ORIGIN, true],
    ["false stops with AccessDenied on the error page", () => false, `${ORIGIN}/auth/error?error=AccessDenied`, false],
    ["a relative string redirects there", () => "/welcome", `${ORIGIN}/welcome`, false],
    ["a foreign string is held to our origin by the redirect callback", () => "https://evil.example/x", ORIGIN, false],
  ])("%s", async (_, signIn, location, signedIn) => {
    const browser = new Browser(testConfig({ callbacks: { signIn }, logger: quiet() }))
    const response = await browser.signIn()
    expect(response.headers.get("location")).toBe(location === ORIGIN ? ORIGIN : location)
    expect(browser.jar.has("__Secure-authjs.session-token")).toBe(signedIn)
  })

  it("a throw becomes AccessDenied carrying the original message", async () => {
    const logger = quiet()
    const browser = new Browser(testConfig({ callbacks: { signIn: () => { throw new Error("banned user") } }, logger }))
    const response = await browser.signIn()
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=AccessDenied`)
    // Auth.js v5's logger shape: error(error), the type on the error.
    const [error] = logger.error.mock.calls.at(-1)!
    expect((error as { type?: string }).type).toBe("AccessDenied")
    expect((error as Error).message).toBe("banned user")
  })

  it("receives the user, the credentials account and the submitted credentials", async () => {
    const signIn = vi.fn(() => true)
    await new Browser(testConfig({ callbacks: { signIn } })).signIn()
    expect(signIn).toHaveBeenCalledWith({
      user: { id: "u1", name: "Alice", email: "alice@example.com" },
      account: { providerAccountId: "u1", type: "credentials", provider: "credentials" },
      credentials: { username: "alice", password: "correct horse battery staple" },
    })
  })
})

describe("credentials authorize", () => {
  it("null is CredentialsSignin: back to the sign-in page with error and code", async () => {
    const response = await new Browser(testConfig({ logger: quiet() })).signIn("alice", "wrong")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`)
  })

  it("a CredentialsSignin subclass sends its own code; its message is logged server-side as a one-line warning", async () => {
    class InvalidLogin extends CredentialsSignin {
      override code = "invalid_login"
    }
    const logger = quiet()
    const config = testConfig({ logger })
    config.providers = [{ ...config.providers[0], options: { authorize: () => { throw new InvalidLogin("user locked") } } } as AuthConfig["providers"][number]]
    const response = await new Browser(config).signIn()
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=invalid_login`)
    expect(logger.warn).toHaveBeenCalledWith("sign-in-refused", "CredentialsSignin: user locked")
    expect(logger.error).not.toHaveBeenCalled()
  })

  it("any other throw is a Configuration error and its message never reaches the client", async () => {
    const config = testConfig({ logger: quiet() })
    config.providers = [{ ...config.providers[0], options: { authorize: () => { throw new Error("db password is hunter2") } } } as AuthConfig["providers"][number]]
    const response = await new Browser(config).signIn()
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`)
    expect(await response.text()).not.toContain("hunter2")
  })

  it("the returned id becomes providerAccountId and the token subject; a numeric id is stringified", async () => {
    const jwt = vi.fn(({ token }) => token)
    const config = testConfig({ callbacks: { jwt } })
    config.providers = [{ ...config.providers[0], options: { authorize: () => ({ id: 42 as unknown as string, name: "N" }) } } as AuthConfig["providers"][number]]
    await new Browser(config).signIn()
    expect(jwt.mock.calls[0]![0]).toMatchObject({ trigger: "signIn", isNewUser: false, account: { providerAccountId: "42" }, token: { sub: "42", name: "N" } })
  })

  it("authorize receives the request with the original headers", async () => {
    const authorize = vi.fn((_credentials: unknown, _request: Request) => null)
    const config = testConfig({ logger: quiet() })
    config.providers = [{ ...config.providers[0], options: { authorize } } as AuthConfig["providers"][number]]
    await new Browser(config).signIn()
    const request = authorize.mock.calls[0]![1] as Request
    expect(request).toBeInstanceOf(Request)
    expect(request.headers.get("cookie")).toContain("authjs.csrf-token")
  })
})

describe("jwt and session callbacks", () => {
  it("what jwt returns is stored in the token and reaches session; session decides what the client sees", async () => {
    const browser = new Browser(
      testConfig({
        callbacks: {
          jwt: ({ token, user }) => (user ? { ...token, role: "admin" } : token),
          session: ({ session, token }) => ({ ...session, role: token?.role }),
        },
      }),
    )
    await browser.signIn()
    expect(await browser.session()).toMatchObject({ role: "admin", user: { name: "Alice" } })
  })

  it("jwt returning null ends the session and clears the cookie", async () => {
    let revoked = false
    const browser = new Browser(testConfig({ callbacks: { jwt: ({ token }) => (revoked ? null : token) }, logger: quiet() }))
    await browser.signIn()
    revoked = true
    expect(await browser.session()).toBeNull()
    expect(browser.jar.has("__Secure-authjs.session-token")).toBe(false)
  })

  it("a session update (POST /session) runs jwt with trigger update and session with newSession", async () => {
    const jwt = vi.fn(({ token, trigger, session }) => (trigger === "update" ? { ...token, name: (session as { name: string }).name } : token))
    const session = vi.fn(({ session, newSession, trigger }) => ({ ...session, trigger, newSession }))
    const browser = new Browser(testConfig({ callbacks: { jwt, session } }))
    await browser.signIn()
    const csrfToken = await browser.csrfToken()
    const response = await browser.request("/session", { json: { csrfToken, data: { name: "Alicia" } } })
    expect(await response.json()).toMatchObject({ user: { name: "Alicia" }, trigger: "update", newSession: { name: "Alicia" } })
    expect(((await browser.session()) as { user: { name: string } }).user.name).toBe("Alicia")
  })

  it("a jwt callback that changes the token re-issues the cookie even inside updateAge", async () => {
    let version = 1
    const browser = new Browser(testConfig({ callbacks: { jwt: ({ token }) => ({ ...token, version }) } }))
    await browser.signIn()
    const before = browser.jar.get("__Secure-authjs.session-token")
    version = 2
    const response = await browser.request("/session")
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__Secure-authjs.session-token="))).toBe(true)
    expect(browser.jar.get("__Secure-authjs.session-token")).not.toBe(before)
  })

  it("callbacks may be async", async () => {
    const browser = new Browser(
      testConfig({
        callbacks: {
          signIn: async () => true,
          jwt: async ({ token }) => ({ ...token, a: 1 }),
          session: async ({ session, token }) => ({ ...session, a: token?.a }),
        },
      }),
    )
    await browser.signIn()
    expect(await browser.session()).toMatchObject({ a: 1 })
  })
})

describe("events", () => {
  it("signIn, session and signOut fire with the spec's message fields", async () => {
    const events = { signIn: vi.fn(), session: vi.fn(), signOut: vi.fn() }
    const browser = new Browser(testConfig({ events }))
    await browser.signIn()
    expect(events.signIn).toHaveBeenCalledWith({
      user: { id: "u1", name: "Alice", email: "alice@example.com" },
      account: { providerAccountId: "u1", type: "credentials", provider: "credentials" },
    })
    await browser.session()
    expect(events.session).toHaveBeenCalledWith({ session: expect.objectContaining({ user: expect.any(Object) }), token: expect.objectContaining({ sub: "u1" }) })
    const csrfToken = await browser.csrfToken()
    await browser.request("/signout", { body: { csrfToken } })
    expect(events.signOut).toHaveBeenCalledWith({ token: expect.objectContaining({ sub: "u1" }) })
  })

  it("a throwing event handler is logged as EventError and never breaks the flow", async () => {
    const logger = quiet()
    const browser = new Browser(testConfig({ logger, events: { signIn: () => { throw new Error("audit log down") } } }))
    const response = await browser.signIn()
    expect(response.headers.get("location")).toBe(ORIGIN)
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ type: "EventError", message: "audit log down" }))
  })
})

describe("redirect callback", () => {
  it("a custom redirect may send the user off-origin (the developer's choice)", async () => {
    const browser = new Browser(testConfig({ callbacks: { redirect: ({ url }) => url } }))
    const response = await browser.signIn("alice", undefined, { callbackUrl: "https://partner.example/done" })
    expect(response.headers.get("location")).toBe("https://partner.example/done")
  })
})
