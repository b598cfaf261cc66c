/**
 * Security catalog RT-01 and RT-06 (docs/design.md#users-only-from-proven-identifiers): an address typed by a
 * signed-out visitor proves nothing until a link sent to it is clicked, and the passkey options endpoint answers the
 * same for known and unknown addresses.
 *
 * A signed-out passkey registration with a typed address creates no user: the verified credential waits in a sealed
 * `authjs.pending-passkey` cookie of that browser while an e-mail link is sent to the address; opening the link in the
 * same browser attaches it to the address's user. Another browser — the owner's — attaches nothing.
 */
import type { AuthConfig, SendVerificationRequestParams } from "@gatehousejs/core"
import { Email } from "@gatehousejs/core/providers"
import GitHub from "@gatehousejs/core/providers/github"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { Browser, ORIGIN } from "../helpers/auth.js"
import { CHALLENGE_COOKIE, PasskeyBrowser, redirectError, setup, type Setup } from "./helpers.js"

const PENDING_COOKIE = "__Secure-authjs.pending-passkey"
const VICTIM = "victim@example.com"

let current: Setup | undefined
// Links are built from the configured origin only (RT-02).
beforeEach(() => vi.stubEnv("AUTH_URL", `${ORIGIN}/auth`))
afterEach(() => {
  vi.unstubAllEnvs()
  current?.adapter.close()
  current = undefined
})

/** Passkey + Email (links land in `outbox`) on one SQLite store. */
function withEmail(overrides: Partial<AuthConfig> = {}): Setup & { outbox: SendVerificationRequestParams[] } {
  const outbox: SendVerificationRequestParams[] = []
  // Several links to one address within seconds are the point here, not the per-address limit (RT-09).
  const email = Email({ sendVerificationRequest: (params) => void outbox.push(params) })
  current = setup({ rateLimit: { email: false }, ...overrides })
  current.config.providers = [...(current.config.providers ?? []), email]
  return { ...current, outbox }
}

/** Opens an e-mailed link in `browser` (a GET of the callback, as a click does). */
function open(browser: Browser, url: string): Promise<Response> {
  const link = new URL(url)
  return browser.request(`${link.pathname.replace("/auth", "")}${link.search}`)
}

async function requestLink(browser: Browser, email: string): Promise<Response> {
  const csrfToken = await browser.csrfToken()
  return browser.request("/signin/email", { body: { email, csrfToken, callbackUrl: "/welcome" } })
}

const sessionEmail = async (browser: Browser): Promise<string | undefined> =>
  ((await browser.session()) as { user?: { email?: string } } | null)?.user?.email

describe("RT-01 account pre-hijacking through a passkey", () => {
  it("RT-01 signed out, a passkey registered for an address with no user creates no user; the owner's e-mail sign-in lands in a user without it, and it signs into nothing", async () => {
    const { config, adapter, outbox } = withEmail()
    const attacker = new PasskeyBrowser(config)
    const { response, credential } = await attacker.register(VICTIM)

    // The attacker is answered like an e-mail sign-in: the check-your-email page, no session, no user.
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get("location")!).pathname).toBe("/auth/verify-request")
    expect(await sessionEmail(attacker)).toBeUndefined()
    expect(await adapter.getUserByEmail(VICTIM)).toBeNull()
    expect(outbox.map((mail) => mail.identifier)).toEqual([VICTIM])

    // The owner, in their own browser, signs in with a link of their own, and with the one the attacker caused.
    const owner = new Browser(config)
    await requestLink(owner, VICTIM)
    expect((await open(owner, outbox[1]!.url)).status).toBe(302)
    expect(await sessionEmail(owner)).toBe(VICTIM)
    const user = (await adapter.getUserByEmail(VICTIM))!
    expect(user.emailVerified).toBeInstanceOf(Date)
    expect(await open(owner, outbox[0]!.url)).toSatisfy((r: Response) => r.status === 302)
    expect(await adapter.listAuthenticatorsByUserId(user.id)).toEqual([])

    // The attacker's passkey signs into nothing.
    const signIn = await attacker.authenticate({ credential })
    expect(redirectError(signIn).error).toBe("WebAuthnVerificationError")
    expect(await sessionEmail(attacker)).toBeUndefined()
  })

  it("RT-01 the owner registering a passkey signed out finishes it by opening the e-mailed link in the same browser", async () => {
    const { config, adapter, outbox } = withEmail()
    const browser = new PasskeyBrowser(config)
    const { credential } = await browser.register("pat@example.com")
    expect(browser.jar.has(PENDING_COOKIE)).toBe(true)
    expect(await adapter.getUserByEmail("pat@example.com")).toBeNull()

    const opened = await open(browser, outbox[0]!.url)
    expect(opened.status).toBe(302)
    expect(opened.headers.getSetCookie().some((line) => line.startsWith(`${PENDING_COOKIE}=;`) && /Max-Age=0/.test(line))).toBe(true)
    const user = (await adapter.getUserByEmail("pat@example.com"))!
    const [authenticator] = await adapter.listAuthenticatorsByUserId(user.id)
    expect(authenticator).toMatchObject({ userId: user.id, counter: 0 })
    expect(await adapter.getAccount(authenticator!.credentialID, "passkey")).toMatchObject({ type: "webauthn", userId: user.id })

    browser.signOutLocally()
    expect((await browser.authenticate({ credential })).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(await sessionEmail(browser)).toBe("pat@example.com")
  })

  it("RT-01 a pending passkey is attached only to the address it was registered for", async () => {
    const { config, adapter, outbox } = withEmail()
    const browser = new PasskeyBrowser(config)
    await browser.register("first@example.com")
    await requestLink(browser, "second@example.com")
    await open(browser, outbox[1]!.url)
    expect(await sessionEmail(browser)).toBe("second@example.com")
    const second = (await adapter.getUserByEmail("second@example.com"))!
    expect(await adapter.listAuthenticatorsByUserId(second.id)).toEqual([])
    expect(await adapter.getUserByEmail("first@example.com")).toBeNull()
  })

  it("RT-01 a pending-passkey cookie planted in another browser, or sealed for another address, attaches nothing", async () => {
    const { config, adapter, outbox } = withEmail()
    const attacker = new PasskeyBrowser(config)
    await attacker.register(VICTIM)
    const owner = new Browser(config)
    owner.jar.set(PENDING_COOKIE, "not-a-sealed-value")
    await open(owner, outbox[0]!.url)
    expect(await sessionEmail(owner)).toBe(VICTIM)
    expect(await adapter.listAuthenticatorsByUserId((await adapter.getUserByEmail(VICTIM))!.id)).toEqual([])
  })

  it("RT-01 the attacker's genuine pending-passkey cookie tossed into the owner's browser is not attached by the owner's own sign-in link", async () => {
    const { config, adapter, outbox } = withEmail()
    const attacker = new PasskeyBrowser(config)
    const { credential } = await attacker.register(VICTIM)
    // A sibling subdomain can set cookies for the app: the attacker copies their sealed cookie into the owner's browser.
    const owner = new Browser(config)
    owner.jar.set(PENDING_COOKIE, attacker.jar.get(PENDING_COOKIE)!)
    await requestLink(owner, VICTIM)
    await open(owner, outbox[1]!.url)
    expect(await sessionEmail(owner)).toBe(VICTIM)
    expect(await adapter.listAuthenticatorsByUserId((await adapter.getUserByEmail(VICTIM))!.id)).toEqual([])
    attacker.signOutLocally()
    expect(redirectError(await attacker.authenticate({ credential })).error).toBe("WebAuthnVerificationError")
  })

  it("RT-01 a JSON caller (X-Auth-Return-Redirect) is given the check-your-email page as { url }", async () => {
    const { config } = withEmail()
    const browser = new PasskeyBrowser(config)
    const { body } = await browser.options({ action: "register", email: "json@example.com" })
    const { json } = browser.authenticator.create(body.options!)
    const csrfToken = await browser.csrfToken()
    const response = await browser.request("/callback/passkey", {
      headers: { "X-Auth-Return-Redirect": "1" },
      body: { csrfToken, callbackUrl: `${ORIGIN}/dashboard`, action: "register", data: JSON.stringify(json) },
    })
    expect(response.status).toBe(200)
    const { url } = (await response.json()) as { url: string }
    expect(new URL(url).pathname).toBe("/auth/verify-request")
    expect(new URL(url).searchParams.get("type")).toBe("email")
  })

  it("RT-01 the address is the one the challenge was issued for, not a field posted with the callback", async () => {
    const { config, outbox } = withEmail()
    const browser = new PasskeyBrowser(config)
    const { body } = await browser.options({ action: "register", email: "issued@example.com" })
    await browser.submit("register", browser.authenticator.create(body.options!).json, "passkey", { email: "other@example.com" })
    expect(outbox.map((mail) => mail.identifier)).toEqual(["issued@example.com"])
  })

  it("RT-01 signed in, adding a passkey links it at once, as before", async () => {
    const { config, adapter, outbox } = withEmail()
    const browser = new PasskeyBrowser(config)
    await requestLink(browser, "in@example.com")
    await open(browser, outbox[0]!.url)
    const { response } = await browser.register()
    expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    const user = (await adapter.getUserByEmail("in@example.com"))!
    expect(await adapter.listAuthenticatorsByUserId(user.id)).toHaveLength(1)
    expect(outbox).toHaveLength(1)
  })

  it("RT-01 without an email provider, an app that trusts addresses (OAuth) refuses a signed-out registration: sign in first", async () => {
    current = setup()
    current.config.providers = [...(current.config.providers ?? []), GitHub({ clientId: "id", clientSecret: "secret" })]
    const browser = new PasskeyBrowser(current.config)
    const { status, body } = await browser.options({ action: "register", email: VICTIM })
    expect(status).toBe(400)
    expect(body.error).toMatch(/sign in first, then add a passkey/i)
    expect(browser.jar.has(CHALLENGE_COOKIE)).toBe(false)
    expect(await current.adapter.getUserByEmail(VICTIM)).toBeNull()
  })
})

/** The shape of a JSON value: its keys and value types, recursively (values themselves left out). */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape)
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
  return typeof value
}

async function withKnownUser(): Promise<Setup & { outbox: SendVerificationRequestParams[] }> {
  const s = withEmail()
  await s.adapter.createUser({ id: "u-known", email: "known@example.com", emailVerified: new Date(), name: "Known Person" })
  await s.adapter.linkAccount({ userId: "u-known", type: "webauthn", provider: "passkey", providerAccountId: "AAECAwQFBgcICQ==" })
  await s.adapter.createAuthenticator({
    userId: "u-known",
    providerAccountId: "AAECAwQFBgcICQ==",
    credentialID: "AAECAwQFBgcICQ==",
    credentialPublicKey: "pQECAyYgASFYIA==",
    counter: 0,
    credentialDeviceType: "multiDevice",
    credentialBackedUp: true,
    transports: "internal",
  })
  return s
}

describe("RT-06 the passkey options do not tell who has an account", () => {
  for (const action of [undefined, "authenticate", "register"] as const) {
    it(`RT-06 signed out, ${action ?? "no action"}: a known and an unknown address get the same status and shape, no credentials of the address`, async () => {
      const { config } = await withKnownUser()
      const ask = (email: string) => new PasskeyBrowser(config).options(action ? { action, email } : { email })
      const known = await ask("known@example.com")
      const unknown = await ask("nobody@example.com")
      expect(known.status).toBe(200)
      expect(unknown.status).toBe(known.status)
      expect(known.body.action).toBe(action ?? "authenticate")
      expect(unknown.body.action).toBe(known.body.action)
      expect(shape(known.body)).toEqual(shape(unknown.body))
      expect(known.body.options!.allowCredentials ?? []).toEqual([])
      expect(known.body.options!.excludeCredentials ?? []).toEqual([])
      expect(JSON.stringify(known.body)).not.toContain("Known Person")
    })
  }

  it("RT-06 signed out, the medians of 200 known-address and 200 unknown-address requests are within 20 %", async () => {
    const { config } = await withKnownUser()
    const browser = new PasskeyBrowser(config)
    const timings = { known: [] as number[], unknown: [] as number[] }
    for (const action of ["register", undefined] as const) {
      for (let i = 0; i < 220; i++) {
        // Interleaved, so that load on the machine falls on both alike; the first 20 warm up.
        for (const kind of i % 2 ? (["known", "unknown"] as const) : (["unknown", "known"] as const)) {
          const email = kind === "known" ? "known@example.com" : `nobody${i}@example.com`
          const started = performance.now()
          const { status } = await browser.options(action ? { action, email } : { email })
          const took = performance.now() - started
          expect(status).toBe(200)
          if (i >= 20) timings[kind].push(took)
        }
      }
    }
    const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    const [known, unknown] = [median(timings.known), median(timings.unknown)]
    expect(Math.abs(known - unknown) / Math.min(known, unknown)).toBeLessThan(0.2)
  }, 60_000)
})
