/**
 * Magic-link sign-in (issue "email provider"; security catalog group D, EC-01 … EC-10).
 */
import { createHash } from "node:crypto"
import type { AuthConfig, SendVerificationRequestParams } from "@gatehousejs/core"
import { Email } from "@gatehousejs/core/providers"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { Browser, ORIGIN, SECRET, testConfig } from "../helpers/auth.js"
import { memoryStore } from "./memory-store.js"

const SESSION = "__Secure-authjs.session-token"
const quiet = () => ({ error: vi.fn(), warn: vi.fn(), debug: vi.fn() })

function setup(overrides: Partial<AuthConfig> = {}, send?: (params: SendVerificationRequestParams) => Promise<void> | void) {
  const store = memoryStore()
  const outbox: SendVerificationRequestParams[] = []
  const logger = quiet()
  const config = testConfig({
    adapter: store,
    logger,
    providers: [Email({ sendVerificationRequest: async (params) => void (await send?.(params), outbox.push(params)) })],
    ...overrides,
  })
  return { store, outbox, logger, browser: new Browser(config) }
}

async function requestLink(browser: Browser, email: string, extra: Record<string, string> = {}): Promise<Response> {
  const csrfToken = await browser.csrfToken()
  return browser.request("/signin/email", { body: { email, csrfToken, callbackUrl: "/welcome", ...extra } })
}

function linkPath(url: string): string {
  const link = new URL(url)
  return `${link.pathname.replace("/auth", "")}${link.search}`
}

// A magic link is built from the configured origin only (RT-02), as in a deployment.
beforeEach(() => vi.stubEnv("AUTH_URL", `${ORIGIN}/auth`))
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
})

describe("email sign-in", () => {
  it("sends a link, and the link signs in and creates the user with a verified email", async () => {
    const { browser, outbox, store } = setup()
    const response = await requestLink(browser, "new@example.com")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=email&type=email`)
    expect(outbox).toHaveLength(1)
    const { url, identifier, expires } = outbox[0]!
    expect(identifier).toBe("new@example.com")
    expect(expires.valueOf() - Date.now()).toBeGreaterThan(9 * 60 * 1000)
    expect(expires.valueOf() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000)
    const callback = await browser.request(linkPath(url))
    expect(callback.headers.get("location")).toBe(`${ORIGIN}/welcome`)
    expect(browser.jar.has(SESSION)).toBe(true)
    expect(await browser.session()).toMatchObject({ user: { email: "new@example.com" } })
    const user = [...store.users.values()][0]!
    expect(user.emailVerified).toBeInstanceOf(Date)
  })

  it("EC-01 known and unknown addresses get byte-identical answers", async () => {
    const { browser, store } = setup()
    store.users.set("u1", { id: "u1", email: "known@example.com", emailVerified: null })
    const known = await requestLink(browser, "known@example.com")
    const unknown = await requestLink(browser, "unknown@example.com")
    expect(known.status).toBe(unknown.status)
    expect(known.headers.get("location")).toBe(unknown.headers.get("location"))
    expect(await known.text()).toBe(await unknown.text())
  })

  it.each([
    ["EC-02 two addresses separated by a comma", "a@a.com,b@b.com"],
    ["EC-03 a quoted local part", '"e@attacker.com"@victim.com'],
    ["EC-04 a fullwidth @ homoglyph", "attacker@evil.com\uFF20victim.com"],
    ["EC-04 a small @ homoglyph", "attacker@evil.com\uFE6Bvictim.com"],
    ["EC-05 CR/LF", "a@example.com\r\nBcc: victim@example.com"],
    ["EC-05 markup", '<a href="https://evil.example">x</a>@example.com'],
    ["EC-05 over 320 characters", `${"a".repeat(320)}@example.com`],
  ])("%s is refused before the signIn callback, and no mail is sent", async (_, email) => {
    const signIn = vi.fn((_params: unknown) => true)
    const { browser, outbox, store } = setup({ callbacks: { signIn } })
    const response = await requestLink(browser, email)
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`)
    expect(signIn).not.toHaveBeenCalled()
    expect(outbox).toHaveLength(0)
    expect(store.tokens.size).toBe(0)
  })

  it("EC-06 the address is normalised: 'Foo@Example.COM ' finds the same user as foo@example.com", async () => {
    const { browser, outbox, store } = setup()
    store.users.set("u1", { id: "u1", email: "foo@example.com", emailVerified: null })
    await requestLink(browser, "Foo@Example.COM ")
    expect(outbox[0]!.identifier).toBe("foo@example.com")
    await browser.request(linkPath(outbox[0]!.url))
    expect(await browser.session()).toMatchObject({ user: { email: "foo@example.com" } })
    expect(store.users.size).toBe(1)
  })

  it("EC-07 a link works once; the second use is error=Verification (403)", async () => {
    const { browser, outbox } = setup()
    await requestLink(browser, "once@example.com")
    const path = linkPath(outbox[0]!.url)
    await browser.request(path)
    const again = await new Browser(browser.config).request(path)
    expect(again.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Verification`)
    const page = await new Browser(browser.config).request("/error?error=Verification")
    expect(page.status).toBe(403)
  })

  it("EC-08 the right token with another email is refused, signs nobody in, and leaves the token usable", async () => {
    const { browser, outbox, store } = setup()
    await requestLink(browser, "victim@example.com")
    const link = new URL(outbox[0]!.url)
    link.searchParams.set("email", "attacker@example.com")
    const attacker = new Browser(browser.config)
    const response = await attacker.request(linkPath(link.href))
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Verification`)
    expect(attacker.jar.has(SESSION)).toBe(false)
    expect(store.tokens.size).toBe(1)
  })

  it("EC-09 an expired link is error=Verification and the token is gone", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const { browser, outbox, store } = setup()
    await requestLink(browser, "late@example.com")
    vi.setSystemTime(Date.now() + 11 * 60 * 1000)
    const response = await browser.request(linkPath(outbox[0]!.url))
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Verification`)
    expect(store.tokens.size).toBe(0)
    expect(browser.jar.has(SESSION)).toBe(false)
  })

  it("EC-10 the adapter stores sha256(token + secret), never the raw token, which only appears in the link", async () => {
    const { browser, outbox, store } = setup()
    await requestLink(browser, "hash@example.com")
    const { token, url } = outbox[0]!
    expect(token).toMatch(/^[0-9a-f]{64}$/)
    const stored = [...store.tokens.values()][0]!
    expect(stored.token).toBe(createHash("sha256").update(`${token}${SECRET}`).digest("hex"))
    expect(JSON.stringify(store.calls)).not.toContain(token)
    expect(new URL(url).searchParams.get("token")).toBe(token)
  })

  it("the signIn callback is asked first with email.verificationRequest true, then on the click without it", async () => {
    const signIn = vi.fn((_params: unknown) => true)
    const { browser, outbox } = setup({ callbacks: { signIn } })
    await requestLink(browser, "ask@example.com")
    expect(signIn.mock.calls[0]![0]).toMatchObject({ email: { verificationRequest: true }, account: { providerAccountId: "ask@example.com", type: "email" } })
    await browser.request(linkPath(outbox[0]!.url))
    expect(signIn.mock.calls[1]![0]).not.toHaveProperty("email")
    expect(signIn.mock.calls[1]![0]).toMatchObject({ account: { providerAccountId: "ask@example.com", provider: "email" } })
  })

  it("signIn returning false on the request sends no mail (AccessDenied)", async () => {
    const { browser, outbox } = setup({ callbacks: { signIn: () => false } })
    const response = await requestLink(browser, "no@example.com")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=AccessDenied`)
    expect(outbox).toHaveLength(0)
  })

  it("the token is stored before the mail is sent; a store failure sends nothing", async () => {
    const order: string[] = []
    const { browser, store } = setup({}, () => void order.push("send"))
    const create = store.createVerificationToken!.bind(store)
    store.createVerificationToken = (token) => (order.push("store"), create(token))
    await requestLink(browser, "order@example.com")
    expect(order).toEqual(["store", "send"])

    const failing = setup({}, () => void order.push("send-2"))
    failing.store.createVerificationToken = () => {
      throw new Error("db down")
    }
    // Another address: the per-address send limit is per process, across instances (RT-09).
    const response = await requestLink(failing.browser, "order-2@example.com")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`)
    expect(order).not.toContain("send-2")
  })

  it("a failed send is a clear error: back to the sign-in page with error=EmailSignin", async () => {
    const { browser, logger } = setup({}, () => {
      throw new Error("SMTP 554 relay denied")
    })
    const response = await requestLink(browser, "fail@example.com")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`)
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ type: "EmailSignInError", message: "SMTP 554 relay denied" }))
  })

  it("the CSRF token is required to request a link", async () => {
    const { browser, outbox } = setup()
    const response = await browser.request("/signin/email", { body: { email: "x@example.com" } })
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`)
    expect(outbox).toHaveLength(0)
  })

  it("maxAge on the provider sets the link lifetime", async () => {
    const store = memoryStore()
    const outbox: SendVerificationRequestParams[] = []
    const browser = new Browser(testConfig({ adapter: store, providers: [Email({ maxAge: 60, sendVerificationRequest: (p) => void outbox.push(p) })] }))
    await requestLink(browser, "short@example.com")
    expect(outbox[0]!.expires.valueOf() - Date.now()).toBeLessThanOrEqual(60_000)
  })

  it("a link made before a secret rotation still works after it", async () => {
    const store = memoryStore()
    const outbox: SendVerificationRequestParams[] = []
    const provider = Email({ sendVerificationRequest: (p) => void outbox.push(p) })
    const before = new Browser(testConfig({ adapter: store, providers: [provider], secret: "old-secret" }))
    await requestLink(before, "rotate@example.com")
    const after = new Browser(testConfig({ adapter: store, providers: [provider], secret: ["new-secret", "old-secret"] }))
    const response = await after.request(linkPath(outbox[0]!.url))
    expect(response.headers.get("location")).toBe(`${ORIGIN}/welcome`)
  })

  it("an email provider without an adapter is a configuration error", async () => {
    const browser = new Browser(testConfig({ logger: quiet(), providers: [Email({ sendVerificationRequest: () => {} })] }))
    const response = await browser.request("/providers")
    expect(response.status).toBe(500)
  })
})
