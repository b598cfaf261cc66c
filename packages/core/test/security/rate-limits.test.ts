/**
 * Security catalog group I (RL-01, RL-02, RL-03, RL-05, RL-06) and EC-12: the built-in rate limits at the endpoints,
 * as a client sees them. RL-04 (two processes on one store) is rl-04-two-apps.test.ts; RT-09 (e-mail) is
 * rt-links-throttle.test.ts; the stores' own contract is in @gatehousejs/adapter-test.
 */
import { Auth, memoryStore, withPeerAddress, type AuthConfig, type RateLimitStore } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import { afterEach, describe, expect, it, vi } from "vitest"
import { BASE, Browser, ORIGIN, testConfig } from "../helpers/auth.js"
import { PasskeyBrowser, setup as setupPasskey } from "../webauthn/helpers.js"

const passwords: Record<string, string> = { alice: "correct horse battery staple", bob: "bob's own password" }
const ATTACKER = "198.51.100.66"
const DEVICE_COOKIE = "__Host-gatehouse.device"

function quiet() {
  return { error: vi.fn(), warn: vi.fn(), debug: vi.fn() }
}

/** Alice and Bob, on a store of their own; `overrides` may replace `rateLimit`. */
function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return testConfig({
    logger: quiet(),
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: ({ username, password }) =>
          passwords[String(username)] === password ? { id: String(username), name: String(username), email: `${String(username)}@example.com` } : null,
      }),
    ],
    ...overrides,
  })
}

function browserAt(cfg: AuthConfig, peer: string): Browser {
  const browser = new Browser(cfg)
  browser.peer = peer
  return browser
}

/** One credentials POST; `json` asks for the script answer (`X-Auth-Return-Redirect`). */
async function attempt(browser: Browser, username: string, password: string, headers: Record<string, string> = {}): Promise<Response> {
  const csrfToken = await browser.csrfToken()
  return browser.request("/callback/credentials", { body: { username, password, csrfToken }, headers })
}

const isLimited = (response: Response): boolean => response.status === 429

afterEach(() => {
  vi.unstubAllEnvs()
  vi.useRealTimers()
})

describe("I. rate limits", () => {
  it("RL-01 12 wrong passwords for one username, each with a different forged X-Forwarded-For: 429 with Retry-After from the 6th, never a 5xx", async () => {
    const attacker = browserAt(config(), ATTACKER)
    const answers: Response[] = []
    for (let i = 1; i <= 12; i++) answers.push(await attempt(attacker, "alice", `guess-${i}`, { "x-forwarded-for": `203.0.113.${i}` }))
    expect(answers.map((r) => r.status)).toEqual([302, 302, 302, 302, 302, 429, 429, 429, 429, 429, 429, 429])
    for (const answer of answers.slice(0, 5)) expect(answer.headers.get("location")).toContain("error=CredentialsSignin")
    for (const answer of answers.slice(5)) {
      expect(answer.headers.get("retry-after")).toMatch(/^\d+$/)
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
      expect(Number(answer.headers.get("retry-after"))).toBeLessThanOrEqual(60)
    }
  })

  it("RL-01 a browser form gets the sign-in page itself (429, its form, a localized message); a script gets JSON", async () => {
    const attacker = browserAt(config(), ATTACKER)
    for (let i = 0; i < 5; i++) await attempt(attacker, "alice", "wrong")
    const page = await attempt(attacker, "alice", "wrong", { "accept-language": "de" })
    expect(page.status).toBe(429)
    expect(page.headers.get("location")).toBeNull()
    expect(page.headers.get("content-type")).toContain("text/html")
    const html = await page.text()
    expect(html).toContain(`action="${ORIGIN}${BASE}/callback/credentials"`)
    expect(html).toContain(`Zu viele Anmeldeversuche. Versuchen Sie es in ${page.headers.get("retry-after")} s erneut.`)
    expect(html).not.toContain("wrong")

    const script = await attempt(attacker, "alice", "wrong", { "x-auth-return-redirect": "1" })
    expect(script.status).toBe(429)
    expect(await script.json()).toEqual({ error: "TooManyRequests", retryAfter: Number(script.headers.get("retry-after")) })
  })

  it("RL-02 a username that does not exist gets exactly the same answers (no enumeration)", async () => {
    const cfg = config()
    const answersFor = async (username: string): Promise<unknown[]> => {
      const browser = browserAt(cfg, ATTACKER)
      const answers: unknown[] = []
      for (let i = 0; i < 8; i++) {
        const response = await attempt(browser, username, "wrong", { "x-auth-return-redirect": "1" })
        const body = (await response.json()) as { url?: string }
        answers.push({ status: response.status, retryAfter: response.headers.get("retry-after"), body: { ...body, url: body.url?.replace(username, "<name>") } })
      }
      return answers
    }
    const known = await answersFor("alice")
    const unknown = await answersFor("nobody-here")
    expect(unknown).toEqual(known)
    expect(known.filter((a) => (a as { status: number }).status === 429)).toHaveLength(3)
  })

  it("RL-03 during a lockout, the browser that signed in before (device cookie) still signs in with the right password; others wait", async () => {
    const cfg = config()
    const owner = browserAt(cfg, "192.0.2.10")
    expect((await attempt(owner, "alice", passwords.alice!)).headers.get("location")).toBe(ORIGIN)
    expect(owner.jar.has(DEVICE_COOKIE)).toBe(true)
    await owner.request("/signout", { body: { csrfToken: await owner.csrfToken() } })
    expect(await owner.session()).toBeNull()
    expect(owner.jar.has(DEVICE_COOKIE)).toBe(true) // it survives sign-out

    const attacker = browserAt(cfg, ATTACKER)
    for (let i = 0; i < 12; i++) await attempt(attacker, "alice", `guess-${i}`)
    expect(isLimited(await attempt(attacker, "alice", passwords.alice!))).toBe(true)
    expect(isLimited(await attempt(browserAt(cfg, "192.0.2.99"), "alice", passwords.alice!))).toBe(true)

    const back = await attempt(owner, "alice", passwords.alice!)
    expect(back.status).toBe(302)
    expect(back.headers.get("location")).not.toContain("error=")
    expect(await owner.session()).toMatchObject({ user: { email: "alice@example.com" } })
  })

  it("RL-03 the device's own failures are limited too, and a success clears them", async () => {
    const owner = browserAt(config(), "192.0.2.10")
    await attempt(owner, "alice", passwords.alice!)
    for (let i = 0; i < 4; i++) await attempt(owner, "alice", "typo")
    expect((await attempt(owner, "alice", passwords.alice!)).status).toBe(302)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await attempt(owner, "alice", "typo")).status)
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429])
  })

  it("RL-03 a forged or tampered device cookie proves nothing", async () => {
    const cfg = config()
    const owner = browserAt(cfg, "192.0.2.10")
    await attempt(owner, "alice", passwords.alice!)
    const genuine = owner.jar.get(DEVICE_COOKIE)!
    const attacker = browserAt(cfg, ATTACKER)
    for (let i = 0; i < 6; i++) await attempt(attacker, "alice", `guess-${i}`)
    for (const forged of [`${genuine.slice(0, -2)}xx`, genuine.replace(/^[^~.]+/, "A".repeat(22)), "junk"]) {
      const stranger = browserAt(cfg, "192.0.2.77")
      stranger.jar.set(DEVICE_COOKIE, forged)
      expect(isLimited(await attempt(stranger, "alice", passwords.alice!))).toBe(true)
    }
  })

  it("RL-03 the device cookie: __Host-, HttpOnly, Secure, SameSite=Lax, 180 days, and no username in it", async () => {
    const owner = browserAt(config(), "192.0.2.10")
    const response = await attempt(owner, "alice", passwords.alice!)
    const line = response.headers.getSetCookie().find((l) => l.startsWith(`${DEVICE_COOKIE}=`))!
    expect(line).toMatch(/; Max-Age=15552000/)
    expect(line).toMatch(/; HttpOnly/)
    expect(line).toMatch(/; Secure/)
    expect(line).toMatch(/; SameSite=Lax/)
    expect(line).toMatch(/; Path=\//)
    expect(line).not.toMatch(/Domain=/i)
    expect(line.toLowerCase()).not.toContain("alice")
  })

  it("EC-12 11 failures in a minute lock that username only: another user signs in from the same network", async () => {
    const cfg = config()
    const attacker = browserAt(cfg, ATTACKER)
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await attempt(attacker, "alice", `guess-${i}`)).status)
    expect(statuses.slice(-1)).toEqual([429])
    const bob = browserAt(cfg, ATTACKER)
    const signedIn = await attempt(bob, "bob", passwords.bob!)
    expect(signedIn.headers.get("location")).toBe(ORIGIN)
  })

  it("EC-12 the lockout ends with its window; a success then clears the count", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const cfg = config()
    const attacker = browserAt(cfg, ATTACKER)
    for (let i = 0; i < 6; i++) await attempt(attacker, "alice", `guess-${i}`)
    const refused = await attempt(attacker, "alice", passwords.alice!)
    expect(refused.status).toBe(429)
    vi.advanceTimersByTime(Number(refused.headers.get("retry-after")) * 1000)
    expect((await attempt(browserAt(cfg, "192.0.2.99"), "alice", passwords.alice!)).headers.get("location")).toBe(ORIGIN)
  })

  it("RL-05 without trusted proxies X-Forwarded-For is ignored: spraying many usernames from one address is limited per client", async () => {
    const sprayer = browserAt(config(), "10.0.0.1")
    const statuses: number[] = []
    for (let i = 0; i < 22; i++) statuses.push((await attempt(sprayer, `user-${i}`, "Summer2026!", { "x-forwarded-for": `203.0.113.${i}` })).status)
    expect(statuses.indexOf(429)).toBe(20)
  })

  it("RL-05 behind a trusted proxy the client is the right-most untrusted X-Forwarded-For address", async () => {
    const cfg = config({ rateLimit: { store: memoryStore(), trustedProxies: ["10.0.0.0/8"] } })
    const viaProxy = browserAt(cfg, "10.0.0.1")
    // The left part is the client's to write; the proxy appended the real client, 198.51.100.7.
    const statuses: number[] = []
    for (let i = 0; i < 22; i++) {
      statuses.push((await attempt(viaProxy, `user-${i}`, "Summer2026!", { "x-forwarded-for": `203.0.113.${i}, 198.51.100.7` })).status)
    }
    expect(statuses.indexOf(429)).toBe(20)
    // Different clients behind the same proxy each have their own budget.
    const others: number[] = []
    for (let i = 0; i < 22; i++) others.push((await attempt(viaProxy, `other-${i}`, "Summer2026!", { "x-forwarded-for": `198.51.100.${100 + i}` })).status)
    expect(others).not.toContain(429)
  })

  it("RL-06 rateLimit: false turns every limit off", async () => {
    const attacker = browserAt(config({ rateLimit: false }), ATTACKER)
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) statuses.push((await attempt(attacker, "alice", `guess-${i}`)).status)
    expect(statuses).not.toContain(429)
    expect(attacker.jar.has(DEVICE_COOKIE)).toBe(false)
  })

  it("RL-06 a memory store in production warns once that the limit is per process; a shared store does not", async () => {
    vi.stubEnv("NODE_ENV", "production")
    const logger = quiet()
    const request = () => new Request(`${ORIGIN}${BASE}/session`)
    await Auth(request(), config({ logger, rateLimit: {} }))
    await Auth(request(), config({ logger, rateLimit: { store: "memory" } }))
    const warned = logger.warn.mock.calls.filter(([code]) => code === "rate-limit-memory-store")
    expect(warned).toHaveLength(1)
    expect(String(warned[0]![1])).toMatch(/per process|each counts on its own/)

    const shared = quiet()
    const store: RateLimitStore = { hit: async () => ({ count: 1, resetAt: Date.now() + 1000 }), reset: async () => {} }
    await Auth(request(), config({ logger: shared, rateLimit: { store } }))
    expect(shared.warn.mock.calls.filter(([code]) => code === "rate-limit-memory-store")).toHaveLength(0)
  })

  it("per endpoint: rateLimit.credentials sets the budgets; perIdentifier: false leaves only the client's", async () => {
    const tight = browserAt(config({ rateLimit: { store: memoryStore(), credentials: { perIdentifier: [{ limit: 2, windowMs: 60_000 }] } } }), ATTACKER)
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await attempt(tight, "alice", "wrong")).status)
    expect(statuses).toEqual([302, 302, 429])

    const perClientOnly = browserAt(config({ rateLimit: { store: memoryStore(), credentials: { perIdentifier: false } } }), ATTACKER)
    const loose: number[] = []
    for (let i = 0; i < 21; i++) loose.push((await attempt(perClientOnly, "alice", "wrong")).status)
    expect(loose.indexOf(429)).toBe(20)
  })

  it("the rateLimited event carries a keyed hash, never the username or the password", async () => {
    const rateLimited = vi.fn()
    const attacker = browserAt(config({ events: { rateLimited } }), ATTACKER)
    for (let i = 0; i < 6; i++) await attempt(attacker, "Alice", "hunter2-secret")
    expect(rateLimited).toHaveBeenCalledTimes(1)
    const [event] = rateLimited.mock.calls[0]!
    expect(event).toMatchObject({ action: "credentials", budget: "identifier", key: expect.stringMatching(/^rl:identifier:[\w-]{43}$/) })
    expect(event.retryAfter).toBeGreaterThanOrEqual(1)
    const text = JSON.stringify(event).toLowerCase()
    expect(text).not.toContain("alice")
    expect(text).not.toContain("hunter2")
  })

  it("a username in another case spends the same budget", async () => {
    const attacker = browserAt(config(), ATTACKER)
    const spellings = ["alice", "Alice", "ALICE", " alice ", "aLiCe", "alicE"]
    const statuses: number[] = []
    for (const name of spellings) statuses.push((await attempt(attacker, name, "wrong")).status)
    expect(statuses.at(-1)).toBe(429)
  })

  it("an invalid rateLimit option is a configuration error naming it, not a silent default", async () => {
    for (const rateLimit of [
      { credentials: { perIdentifier: [{ limit: 0, windowMs: 1000 }] } },
      { trustedProxies: ["not-an-address"] },
      { store: { hit: "nope" } },
    ]) {
      const logger = quiet()
      const response = await browserAt(config({ logger, rateLimit: rateLimit as never }), ATTACKER).request("/csrf")
      expect(response.status).toBe(500)
      expect(String(logger.error.mock.calls[0]?.[0]?.message)).toMatch(/rateLimit/)
    }
  })

  it("a store that fails makes the sign-in fail closed, as an error page and a logged error, never a 500", async () => {
    const logger = quiet()
    const broken: RateLimitStore = { hit: () => Promise.reject(new Error("ECONNREFUSED 127.0.0.1:6379")), reset: async () => {} }
    const browser = browserAt(config({ logger, rateLimit: { store: broken } }), ATTACKER)
    const response = await attempt(browser, "alice", passwords.alice!)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toContain("/error?error=Configuration")
    expect(await browser.session()).toBeNull()
    expect(logger.error).toHaveBeenCalled()
  })

  it("reading /csrf, /session and /providers is never limited", async () => {
    const cfg = config()
    const browser = browserAt(cfg, ATTACKER)
    for (let i = 0; i < 6; i++) await attempt(browser, "alice", "wrong")
    for (let i = 0; i < 50; i++) {
      for (const path of ["/csrf", "/session", "/providers"]) expect((await browser.request(path)).status).toBe(200)
    }
  })

  it("withPeerAddress records the connection's address on the request for the per-client budgets", async () => {
    const cfg = config()
    const post = async (peer: string | undefined, username: string): Promise<number> => {
      const browser = new Browser(cfg)
      const csrfToken = await browser.csrfToken()
      const request = new Request(`${ORIGIN}${BASE}/callback/credentials`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: browser.cookieHeader() },
        body: new URLSearchParams({ username, password: "wrong", csrfToken }).toString(),
      })
      return (await Auth(withPeerAddress(request, peer), cfg)).status
    }
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) statuses.push(await post("2001:db8:1:2::" + (i + 1).toString(16), `spray-${i}`))
    // One /64: one client.
    expect(statuses.indexOf(429)).toBe(20)
    expect(await post("2001:db8:1:3::1", "spray-x")).toBe(302)
  })

  it("the OAuth sign-in start is limited per client: 30 a minute, then 429 before any redirect or check cookie", async () => {
    const acme = {
      id: "acme",
      name: "Acme",
      type: "oauth" as const,
      authorization: "https://acme.example/authorize",
      token: "https://acme.example/token",
      userinfo: "https://acme.example/me",
      clientId: "client",
      clientSecret: "secret",
    }
    const browser = browserAt(config({ providers: [acme] }), ATTACKER)
    const csrfToken = await browser.csrfToken()
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await browser.request("/signin/acme", { body: { csrfToken }, headers: { "x-auth-return-redirect": "1" } })).status)
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true)
    const refused = await browser.request("/signin/acme", { body: { csrfToken }, headers: { "x-auth-return-redirect": "1" } })
    expect(refused.status).toBe(429)
    expect(refused.headers.getSetCookie().filter((line) => /pkce|state/.test(line))).toEqual([])
    expect(await refused.json()).toEqual({ error: "TooManyRequests", retryAfter: Number(refused.headers.get("retry-after")) })
  })

  it("WebAuthn options and callbacks are limited per client: the 31st in a minute is 429 JSON, for the page's script", async () => {
    const { config: passkeyConfig, adapter } = setupPasskey({ rateLimit: { store: memoryStore() } })
    try {
      const browser = new PasskeyBrowser(passkeyConfig)
      browser.peer = ATTACKER
      for (let i = 0; i < 30; i++) expect((await browser.options({ action: "authenticate" })).status).toBe(200)
      const refused = await browser.options({ action: "authenticate" })
      expect(refused.status).toBe(429)
      expect(refused.body).toEqual({ error: "TooManyRequests", retryAfter: Number(refused.response.headers.get("retry-after")) })
      expect(refused.response.headers.getSetCookie().filter((line) => line.includes("challenge="))).toEqual([])
      expect((await browser.submit("authenticate", "{}")).status).toBe(429)
    } finally {
      adapter.close()
    }
  })

  it("each endpoint's per-client budget is its own: passkey requests spend none of the e-mail budget, nor e-mails the passkey one (issue 25 item 9)", async () => {
    // One shared counter made the e-mail of a passkey registration fail after a few ceremonies: 429 with no URL, which
    // the page's script once followed to <base>/undefined.
    vi.stubEnv("AUTH_URL", `${ORIGIN}${BASE}`)
    const { Email } = await import("@gatehousejs/core/providers")
    const email = Email({ sendVerificationRequest: () => {} })
    const { config: passkeyConfig, adapter } = setupPasskey({ rateLimit: { store: memoryStore() }, logger: quiet() })
    passkeyConfig.providers = [...(passkeyConfig.providers ?? []), email]
    try {
      const browser = new PasskeyBrowser(passkeyConfig)
      browser.peer = ATTACKER
      for (let i = 0; i < 20; i++) expect((await browser.options({ action: "authenticate" })).status).toBe(200)
      const csrfToken = await browser.csrfToken()
      const mails: number[] = []
      for (let i = 0; i < 11; i++) {
        const answer = await browser.request("/signin/email", { body: { email: `user${i}@example.com`, csrfToken }, headers: { "x-auth-return-redirect": "1" } })
        mails.push(answer.status)
      }
      // The e-mail budget of the client is its own 10 a minute, untouched by the 20 passkey requests before.
      expect(mails).toEqual([...Array(10).fill(200), 429])
      // And the e-mails spent nothing of the passkey budget: 10 more options requests pass (30 a minute).
      for (let i = 0; i < 10; i++) expect((await browser.options({ action: "authenticate" })).status).toBe(200)
    } finally {
      adapter.close()
    }
  })
})
