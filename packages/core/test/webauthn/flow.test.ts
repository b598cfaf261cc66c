/**
 * The WebAuthn endpoints end to end (authjs-behaviour §1.4): `GET /webauthn-options/:provider` and
 * `POST /callback/:provider` with real ES256 registrations and assertions, the SQLite adapter, both session strategies.
 */
import { afterEach, describe, expect, it } from "vitest"
import { ORIGIN } from "../helpers/auth.js"
import { CHALLENGE_COOKIE, PasskeyBrowser, redirectError, setup, type Setup } from "./helpers.js"

let current: Setup | undefined
afterEach(() => {
  current?.adapter.close()
  current = undefined
})
function start(overrides: Parameters<typeof setup>[0] = {}): Setup {
  current = setup(overrides)
  return current
}

describe("GET /webauthn-options/:provider", () => {
  it("an unknown action is 400 { error: 'Invalid action' }", async () => {
    const { config } = start()
    const { status, body } = await new PasskeyBrowser(config).options({ action: "delete" })
    expect(status).toBe(400)
    expect(body).toEqual({ error: "Invalid action" })
  })

  it("action=register with a new address gives registration options, with the challenge in a 15-minute authjs.challenge cookie", async () => {
    const { config } = start()
    const browser = new PasskeyBrowser(config)
    const { status, body, response } = await browser.options({ action: "register", email: "new@example.com" })
    expect(status).toBe(200)
    expect(body.action).toBe("register")
    expect(body.options).toMatchObject({ rp: { id: "app.example", name: "app.example" }, user: { name: "new@example.com" } })
    expect(body.options).toMatchObject({ authenticatorSelection: { residentKey: "required", userVerification: "required" } })
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${CHALLENGE_COOKIE}=`))!
    expect(cookie).toMatch(/Max-Age=900/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).not.toContain(body.options!.challenge)
  })

  it("the address is normalised as for e-mail sign-in; one that is not an address counts as none (400 for a registration)", async () => {
    const { config } = start()
    const browser = new PasskeyBrowser(config)
    const { body } = await browser.options({ action: "register", email: "  Pat@Example.COM " })
    expect(body.options).toMatchObject({ user: { name: "pat@example.com" } })
    const invalid = await browser.options({ action: "register", email: "a@b.com,victim@example.com" })
    expect(invalid.status).toBe(400)
    expect(invalid.body).toEqual({ error: "Invalid request" })
  })

  it("signed out, a typed address without an action asks for an authentication with discoverable credentials (RT-06)", async () => {
    const { config } = start()
    const { status, body } = await new PasskeyBrowser(config).options({ email: "new@example.com" })
    expect(status).toBe(200)
    expect(body.action).toBe("authenticate")
    expect(body.options!.allowCredentials ?? []).toEqual([])
  })

  it("no user details asks for an authentication without allowed credentials (discoverable passkeys)", async () => {
    const { config } = start()
    const { status, body } = await new PasskeyBrowser(config).options()
    expect(status).toBe(200)
    expect(body.action).toBe("authenticate")
    expect(body.options).toMatchObject({ rpId: "app.example", userVerification: "required" })
    expect((body.options as { allowCredentials?: unknown[] }).allowCredentials ?? []).toEqual([])
  })

  it("signed out, register for an address that already has a user gets registration options like any other (RT-06), excluding nothing", async () => {
    const { config, adapter } = start()
    await adapter.createUser({ id: "u-alice", email: "alice@example.com", emailVerified: null, name: "Alice" })
    const { status, body } = await new PasskeyBrowser(config).options({ email: "alice@example.com", action: "register" })
    expect(status).toBe(200)
    expect(body.action).toBe("register")
    expect(body.options!.excludeCredentials ?? []).toEqual([])
    expect(JSON.stringify(body)).not.toContain("Alice")
  })

  it("signed out, registering for an address that already has a user on a passkey-only app is refused at the callback (AccountNotLinked)", async () => {
    const { config, adapter } = start()
    await adapter.createUser({ id: "u-alice", email: "alice@example.com", emailVerified: null })
    const { response } = await new PasskeyBrowser(config).register("alice@example.com")
    expect(redirectError(response).error).toBe("AccountNotLinked")
    expect(await adapter.listAuthenticatorsByUserId("u-alice")).toEqual([])
  })

  it("a provider that is not a WebAuthn provider is refused", async () => {
    const { config } = start()
    const response = await new PasskeyBrowser(config).request("/webauthn-options/credentials")
    expect(response.status).toBe(302)
    expect(redirectError(response).error).toBe("Configuration")
  })
})

describe("POST /signin/:provider", () => {
  it("for a WebAuthn provider leads to the sign-in page, as in Auth.js (the ceremony starts in the browser)", async () => {
    const { config } = start()
    const browser = new PasskeyBrowser(config)
    const csrfToken = await browser.csrfToken()
    const response = await browser.request("/signin/passkey", { body: { csrfToken, callbackUrl: "/dashboard" } })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?callbackUrl=${encodeURIComponent(`${ORIGIN}/dashboard`)}`)
  })
})

describe("registration and authentication", () => {
  it("registers a new user with a passkey, then signs out and signs in with it (database sessions)", async () => {
    const { config, adapter } = start()
    const browser = new PasskeyBrowser(config)
    const { response } = await browser.register("new@example.com")
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(response.headers.getSetCookie().some((line) => line.startsWith(`${CHALLENGE_COOKIE}=;`) && /Max-Age=0/.test(line))).toBe(true)
    const session = (await browser.session()) as { user: { email: string } }
    expect(session.user.email).toBe("new@example.com")

    const user = (await adapter.getUserByEmail("new@example.com"))!
    const [authenticator] = await adapter.listAuthenticatorsByUserId(user.id)
    expect(authenticator).toMatchObject({ userId: user.id, counter: 0, credentialDeviceType: "singleDevice", transports: "internal" })
    // Auth.js's storage format: standard base64 with padding.
    expect(authenticator!.credentialID).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
    expect(authenticator!.credentialID).toBe(Buffer.from([...browser.authenticator.credentials.values()][0]!.id).toString("base64"))
    expect(await adapter.getAccount(authenticator!.credentialID, "passkey")).toMatchObject({ type: "webauthn", userId: user.id })

    browser.signOutLocally()
    expect(await browser.session()).toBeNull()
    const signedIn = await browser.authenticate({ email: "new@example.com" })
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(((await browser.session()) as { user: { email: string } }).user.email).toBe("new@example.com")
    expect((await adapter.getAuthenticator(authenticator!.credentialID))!.counter).toBe(1)
  })

  it("signs in with a discoverable passkey and no address, with JWT sessions", async () => {
    const { config, adapter } = start({ session: { strategy: "jwt" } })
    const browser = new PasskeyBrowser(config)
    await browser.register("jwt@example.com")
    browser.signOutLocally()
    const response = await browser.authenticate()
    expect(response.status).toBe(302)
    const user = (await adapter.getUserByEmail("jwt@example.com"))!
    expect(await browser.session()).toMatchObject({ user: { email: "jwt@example.com" } })
    expect(browser.jar.get("__Secure-authjs.session-token")?.split(".")).toHaveLength(5)
    expect(user.id).toBeTruthy()
  })

  it("a signed-in user adds a second passkey to the same account", async () => {
    const { config, adapter } = start()
    const browser = new PasskeyBrowser(config)
    await browser.register("two@example.com")
    const { response } = await browser.register()
    expect(response.status).toBe(302)
    const user = (await adapter.getUserByEmail("two@example.com"))!
    expect(await adapter.listAuthenticatorsByUserId(user.id)).toHaveLength(2)
  })

  it("signed in, the options list only that user's credentials; signed out, a typed address lists none (RT-06)", async () => {
    const { config } = start()
    const browser = new PasskeyBrowser(config)
    await browser.register("list@example.com")
    await new PasskeyBrowser(config).register("other@example.com")
    const { body } = await browser.options({ action: "authenticate" })
    const [credential] = browser.authenticator.credentials.keys()
    expect(body.options!.allowCredentials!.map((c) => c.id)).toEqual([credential])
    const { body: adding } = await browser.options({ action: "register" })
    expect(adding.options!.excludeCredentials!.map((c) => c.id)).toEqual([credential])

    browser.signOutLocally()
    const { body: signedOut } = await browser.options({ email: "list@example.com", action: "authenticate" })
    expect(signedOut.options!.allowCredentials ?? []).toEqual([])
  })

  it("a new user goes to pages.newUser with the callback URL", async () => {
    const { config } = start({ pages: { newUser: "/welcome" } })
    const { response } = await new PasskeyBrowser(config).register("welcome@example.com")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/welcome?callbackUrl=${encodeURIComponent(`${ORIGIN}/dashboard`)}`)
  })

  it("the signIn callback can refuse a passkey sign-in (AccessDenied) and nothing is stored", async () => {
    const { config, adapter } = start({ callbacks: { signIn: () => false } })
    const { response } = await new PasskeyBrowser(config).register("denied@example.com")
    expect(redirectError(response).error).toBe("AccessDenied")
    expect(await adapter.getUserByEmail("denied@example.com")).toBeNull()
  })
})
