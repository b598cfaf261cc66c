/**
 * Security catalog §6, group D: EC-15 (challenge, origin, RP ID hash, user presence), EC-16 (signature counter) and
 * EC-17 (another user's credential), plus the single-use, provider-bound challenge cookie and the CSRF token.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { ORIGIN } from "../helpers/auth.js"
import { UP, UV } from "./authenticator.js"
import { CHALLENGE_COOKIE, PasskeyBrowser, redirectError, setup, type Setup } from "./helpers.js"
import Passkey from "@gatehousejs/core/providers/passkey"
import WebAuthn from "@gatehousejs/core/providers/webauthn"

let current: Setup | undefined
afterEach(() => {
  vi.useRealTimers()
  current?.adapter.close()
  current = undefined
})
function start(overrides: Parameters<typeof setup>[0] = {}): Setup {
  current = setup(overrides)
  return current
}

/** A registered user `email`, signed out, with their passkey in the browser's authenticator. */
async function registered(config: Setup["config"], email = "user@example.com"): Promise<PasskeyBrowser> {
  const browser = new PasskeyBrowser(config)
  await browser.register(email)
  browser.signOutLocally()
  return browser
}

function refused(response: Response, error = "WebAuthnVerificationError"): void {
  expect(response.status).toBe(302)
  expect(redirectError(response).error).toBe(error)
  expect(response.headers.getSetCookie().some((line) => line.includes("session-token=") && !/Max-Age=0/.test(line))).toBe(false)
}

async function counterOf(setup: Setup, browser: PasskeyBrowser): Promise<number> {
  const [credential] = browser.authenticator.credentials.values()
  return (await setup.adapter.getAuthenticator(Buffer.from(credential!.id).toString("base64")))!.counter
}

describe("EC-15 challenge, origin, RP ID hash and user presence", () => {
  it("EC-15 a replayed challenge is refused: the same cookie and assertion sent twice sign in once", async () => {
    const s = start()
    const browser = await registered(s.config)
    const { body } = await browser.options({ action: "authenticate" })
    const challengeCookie = browser.jar.get(CHALLENGE_COOKIE)!
    const assertion = browser.authenticator.get(body.options!)
    expect((await browser.submit("authenticate", assertion)).headers.get("location")).toBe(`${ORIGIN}/dashboard`)

    browser.signOutLocally()
    browser.jar.set(CHALLENGE_COOKIE, challengeCookie)
    const replay = await browser.submit("authenticate", assertion)
    expect(replay.status).toBe(302)
    expect(redirectError(replay).error).toBe("Configuration") // InvalidCheck, as Auth.js
    expect(await browser.session()).toBeNull()
  })

  it("EC-15 the callback clears the challenge cookie, so a second submission has no challenge", async () => {
    const s = start()
    const browser = await registered(s.config)
    const { body } = await browser.options({ action: "authenticate" })
    const assertion = browser.authenticator.get(body.options!, undefined, { origin: "https://evil.example" })
    refused(await browser.submit("authenticate", assertion))
    expect(browser.jar.has(CHALLENGE_COOKIE)).toBe(false)
    const again = await browser.submit("authenticate", browser.authenticator.get(body.options!))
    expect(redirectError(again).error).toBe("Configuration")
    expect(await browser.session()).toBeNull()
  })

  it("EC-15 an expired challenge (older than 15 minutes) is refused", async () => {
    const s = start()
    const browser = await registered(s.config)
    vi.useFakeTimers({ now: Date.now(), toFake: ["Date"] })
    const { body } = await browser.options({ action: "authenticate" })
    vi.setSystemTime(Date.now() + 16 * 60 * 1000)
    const response = await browser.submit("authenticate", browser.authenticator.get(body.options!))
    expect(redirectError(response).error).toBe("Configuration")
    expect(await browser.session()).toBeNull()
  })

  it("EC-15 a challenge other than the one issued is refused", async () => {
    const s = start()
    const browser = await registered(s.config)
    const { body } = await browser.options({ action: "authenticate" })
    refused(await browser.submit("authenticate", browser.authenticator.get(body.options!, undefined, { challenge: "AAAAAAAAAAAAAAAAAAAAAA" })))
  })

  it("EC-15 a wrong origin in clientDataJSON is refused", async () => {
    const s = start()
    const browser = await registered(s.config)
    const { body } = await browser.options({ action: "authenticate" })
    refused(await browser.submit("authenticate", browser.authenticator.get(body.options!, undefined, { origin: "https://app.example.evil.com" })))
  })

  it("EC-15 a wrong rpIdHash in the authenticator data is refused", async () => {
    const s = start()
    const browser = await registered(s.config)
    const { body } = await browser.options({ action: "authenticate" })
    refused(await browser.submit("authenticate", browser.authenticator.get(body.options!, undefined, { rpId: "evil.example" })))
  })

  it("EC-15 an assertion with the user-presence flag clear is refused", async () => {
    const s = start({ providers: [WebAuthn({ enableConditionalUI: false })] })
    const browser = new PasskeyBrowser(s.config)
    const { body } = await browser.options({ action: "register", email: "up@example.com" }, "webauthn")
    await browser.submit("register", browser.authenticator.create(body.options!).json, "webauthn")
    browser.signOutLocally()
    const { body: auth } = await browser.options({ action: "authenticate" }, "webauthn")
    refused(await browser.submit("authenticate", browser.authenticator.get(auth.options!, undefined, { flags: UV & ~UP }), "webauthn"))
  })

  it("EC-15 a passkey assertion without user verification is refused", async () => {
    const s = start()
    const browser = await registered(s.config)
    const { body } = await browser.options({ action: "authenticate" })
    refused(await browser.submit("authenticate", browser.authenticator.get(body.options!, undefined, { flags: UP })))
  })

  it("EC-15 a registration type in an assertion (webauthn.create) is refused", async () => {
    const s = start()
    const browser = await registered(s.config)
    const { body } = await browser.options({ action: "authenticate" })
    refused(await browser.submit("authenticate", browser.authenticator.get(body.options!, undefined, { type: "webauthn.create" })))
  })

  it("EC-15 a registration from another origin or RP creates nothing", async () => {
    const s = start()
    for (const bend of [{ origin: "https://evil.example" }, { rpId: "evil.example" }, { flags: 0x40 }]) {
      const browser = new PasskeyBrowser(s.config)
      const { response } = await browser.register("victim@example.com", bend)
      refused(response)
    }
    expect(await s.adapter.getUserByEmail("victim@example.com")).toBeNull()
  })

  it("a challenge issued for one provider is refused at another's callback", async () => {
    const s = start({ providers: [Passkey, WebAuthn({ enableConditionalUI: false })] })
    const browser = new PasskeyBrowser(s.config)
    const { body } = await browser.options({ action: "register", email: "cross@example.com" }, "passkey")
    const response = await browser.submit("register", browser.authenticator.create(body.options!).json, "webauthn")
    expect(redirectError(response).error).toBe("Configuration")
    expect(await s.adapter.getUserByEmail("cross@example.com")).toBeNull()
  })

  it("a callback without the CSRF token is refused (MissingCSRF) and stores nothing", async () => {
    const s = start()
    const browser = new PasskeyBrowser(s.config)
    const { body } = await browser.options({ action: "register", email: "csrf@example.com" })
    const json = browser.authenticator.create(body.options!).json
    const response = await browser.request("/callback/passkey", { body: { action: "register", data: JSON.stringify(json) } })
    expect(redirectError(response)).toEqual({ path: "/auth/signin", error: "MissingCSRF" })
    expect(await s.adapter.getUserByEmail("csrf@example.com")).toBeNull()
  })

  it.each([
    ["no data", undefined],
    ["data that is not JSON", "{"],
    ["data without an id", JSON.stringify({ response: {} })],
    ["an id that is not base64url", JSON.stringify({ id: "!!", response: {} })],
  ])("a callback with %s is a WebAuthnVerificationError", async (_name, data) => {
    const s = start()
    const browser = await registered(s.config)
    await browser.options({ action: "authenticate" })
    const csrfToken = await browser.csrfToken()
    const response = await browser.request("/callback/passkey", { body: { csrfToken, action: "authenticate", ...(data === undefined ? {} : { data }) } })
    refused(response)
  })

  it("an unknown action is refused", async () => {
    const s = start()
    const response = await new PasskeyBrowser(s.config).submit("delete", {})
    expect(redirectError(response).error).toBe("Configuration")
  })

  it("GET /callback/passkey never signs in", async () => {
    const s = start()
    const response = await new PasskeyBrowser(s.config).request("/callback/passkey?action=authenticate")
    expect(redirectError(response).error).toBe("Configuration")
  })
})

describe("EC-16 signature counter", () => {
  it("EC-16 an assertion whose counter does not increase is refused with a clone warning, and the counter is kept", async () => {
    const s = start()
    const browser = await registered(s.config)
    await browser.authenticate() // counter 1
    browser.signOutLocally()
    expect(await counterOf(s, browser)).toBe(1)
    for (const counter of [1, 0]) {
      const { body } = await browser.options({ action: "authenticate" })
      refused(await browser.submit("authenticate", browser.authenticator.get(body.options!, undefined, { counter })))
    }
    expect(s.logged.warnings.filter((code) => code === "webauthn-counter-not-increased")).toHaveLength(2)
    expect(await counterOf(s, browser)).toBe(1)
    const { body } = await browser.options({ action: "authenticate" })
    const ok = await browser.submit("authenticate", browser.authenticator.get(body.options!, undefined, { counter: 7 }))
    expect(ok.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(await counterOf(s, browser)).toBe(7)
  })

  it("EC-16 authenticators that always report 0 (many passkeys) keep working", async () => {
    const s = start()
    const browser = await registered(s.config)
    for (let i = 0; i < 2; i++) {
      const { body } = await browser.options({ action: "authenticate" })
      const response = await browser.submit("authenticate", browser.authenticator.get(body.options!, undefined, { counter: 0 }))
      expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
      browser.signOutLocally()
    }
    expect(s.logged.warnings).not.toContain("webauthn-counter-not-increased")
  })
})

describe("EC-17 another user's credential", () => {
  it("EC-17 signed in as A, an assertion with B's credential is refused (AccountNotLinked) and B's authenticator is untouched", async () => {
    const s = start()
    const bob = await registered(s.config, "bob@example.com")
    const alice = new PasskeyBrowser(s.config)
    await alice.register("alice@example.com")
    const before = (await s.adapter.listAuthenticatorsByUserId((await s.adapter.getUserByEmail("bob@example.com"))!.id))[0]!

    // Alice's browser, Alice's session, Bob's authenticator (as if Bob's device were used on Alice's machine).
    const { body } = await alice.options({ action: "authenticate" })
    const response = await alice.submit("authenticate", bob.authenticator.get(body.options!))
    expect(redirectError(response)).toEqual({ path: "/auth/signin", error: "AccountNotLinked" })
    expect(await alice.session()).toMatchObject({ user: { email: "alice@example.com" } })
    expect(await s.adapter.getAuthenticator(before.credentialID)).toEqual(before)
  })

  it("EC-17 B's credential id with A's signature is refused and B's authenticator is untouched", async () => {
    const s = start()
    const bob = await registered(s.config, "bob@example.com")
    const alice = await registered(s.config, "alice@example.com")
    const bobCredential = [...bob.authenticator.credentials.values()][0]!
    const aliceCredential = [...alice.authenticator.credentials.values()][0]!
    const before = (await s.adapter.getAuthenticator(Buffer.from(bobCredential.id).toString("base64")))!

    const { body } = await alice.options({ action: "authenticate" })
    const forged = { ...alice.authenticator.get(body.options!, aliceCredential), id: Buffer.from(bobCredential.id).toString("base64url"), rawId: Buffer.from(bobCredential.id).toString("base64url") }
    refused(await alice.submit("authenticate", forged))
    expect(await s.adapter.getAuthenticator(before.credentialID)).toEqual(before)
    expect(await alice.session()).toBeNull()
  })

  it("registering while signed in links the new passkey to the signed-in user only", async () => {
    const s = start()
    const alice = new PasskeyBrowser(s.config)
    await alice.register("alice@example.com")
    await new PasskeyBrowser(s.config).register("bob@example.com")
    await alice.register()
    const aliceId = (await s.adapter.getUserByEmail("alice@example.com"))!.id
    const bobId = (await s.adapter.getUserByEmail("bob@example.com"))!.id
    expect(await s.adapter.listAuthenticatorsByUserId(aliceId)).toHaveLength(2)
    expect(await s.adapter.listAuthenticatorsByUserId(bobId)).toHaveLength(1)
  })
})
