/**
 * Security catalog group H, issue 11:
 * - RT-02: a magic link is built only from the configured origin (AUTH_URL / NEXTAUTH_URL), never from the `Host`,
 *   `X-Forwarded-Host` or `Forwarded` a client sent; without one, only a loopback development host is used.
 * - RT-09: magic-link e-mails are limited per address (429 + Retry-After, no mail, no token stored); the budgets are
 *   `rateLimit.email` (docs/rate-limits.md), by default 3 per 10 minutes, 5 per hour, 10 per day.
 */
import type { AuthConfig, SendVerificationRequestParams } from "@gatehousejs/core"
import { Auth, memoryStore as memoryStore2, TooManyRequests } from "@gatehousejs/core"
import { Email } from "@gatehousejs/core/providers"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { BASE, Browser, testConfig } from "../helpers/auth.js"
import { memoryStore } from "../email/memory-store.js"

const quiet = () => ({ error: vi.fn(), warn: vi.fn(), debug: vi.fn() })

function setup(overrides: Partial<AuthConfig> = {}, emailOptions: Record<string, unknown> = {}) {
  const store = memoryStore()
  const outbox: SendVerificationRequestParams[] = []
  const logger = quiet()
  const config = testConfig({
    adapter: store,
    logger,
    providers: [Email({ ...emailOptions, sendVerificationRequest: (params) => void outbox.push(params) })],
    ...overrides,
  })
  return { store, outbox, logger, config }
}

/** A CSRF token and its cookie, fetched from `origin` with the same headers as the POST (they choose the cookie names). */
async function csrfFor(config: AuthConfig, origin: string, headers: Record<string, string> = {}): Promise<{ token: string; cookie: string }> {
  const browser = new Browser(config, origin)
  const response = await browser.request("/csrf", { headers })
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  return { token: csrfToken, cookie: browser.cookieHeader() }
}

/** The per-address budget's first window: 3 mails per 10 minutes. */
const PER_WINDOW = 3

/** Every test asks for its own address. */
let counter = 0
const unique = (name: string): string => `${name}-${++counter}@example.com`

/** What the logger's `error` received, with each `Error` as its message. */
const errorMessages = (logger: ReturnType<typeof quiet>): string =>
  JSON.stringify(logger.error.mock.calls.map((call: unknown[]) => call.map((part) => (part instanceof Error ? part.message : part))))

/** `POST /signin/email` at `origin`, with extra headers (the forged Host is the request URL's host). */
async function requestLink(
  config: AuthConfig,
  origin: string,
  email: string,
  headers: Record<string, string> = {},
  csrf?: { token: string; cookie: string },
): Promise<Response> {
  const { token, cookie } = csrf ?? (await csrfFor(config, origin, headers))
  return Auth(
    new Request(`${origin}${BASE}/signin/email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
      body: new URLSearchParams({ email, csrfToken: token, callbackUrl: "/welcome" }).toString(),
    }),
    config,
  )
}

beforeEach(() => {
  vi.unstubAllEnvs()
  vi.stubEnv("AUTH_URL", "")
  vi.stubEnv("NEXTAUTH_URL", "")
})
afterEach(() => {
  vi.unstubAllEnvs()
  vi.useRealTimers()
})

const forged: [string, string, Record<string, string>][] = [
  ["Host: evil.example", "http://evil.example", {}],
  ["X-Forwarded-Host: evil.example", "http://localhost:3000", { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }],
  ["Forwarded: host=evil.example", "http://localhost:3000", { forwarded: "host=evil.example;proto=https" }],
]

describe("RT-02 magic links are built from the configured origin only", () => {
  it.each(forged)("RT-02 %s with AUTH_URL set: the e-mailed link points to AUTH_URL", async (_, origin, headers) => {
    vi.stubEnv("AUTH_URL", "https://app.example/auth")
    const { config, outbox } = setup()
    const response = await requestLink(config, origin, unique("a"), headers)
    expect(response.status).toBe(302)
    expect(outbox).toHaveLength(1)
    const link = new URL(outbox[0]!.url)
    expect(link.origin).toBe("https://app.example")
    expect(link.pathname).toBe("/auth/callback/email")
    expect(outbox[0]!.url).not.toContain("evil.example")
    expect(new URL(link.searchParams.get("callbackUrl")!).origin).toBe("https://app.example")
  })

  it("RT-02 NEXTAUTH_URL counts as the configured origin too", async () => {
    vi.stubEnv("NEXTAUTH_URL", "https://legacy.example")
    const { config, outbox } = setup()
    await requestLink(config, "http://evil.example", unique("legacy"))
    expect(new URL(outbox[0]!.url).origin).toBe("https://legacy.example")
  })

  it.each(forged.slice(0, 2))(
    "RT-02 %s with no AUTH_URL (trustHost, development): sending is refused as a configuration error, nothing stored",
    async (_, origin, headers) => {
      const { config, outbox, store, logger } = setup()
      const response = await requestLink(config, origin, unique("victim"), headers)
      expect(response.status).toBe(302)
      expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("Configuration")
      expect(outbox).toHaveLength(0)
      expect(store.tokens.size).toBe(0)
      const logged = errorMessages(logger)
      expect(logged).toContain("AUTH_URL")
      expect(logged).not.toContain("evil.example")
    },
  )

  it("RT-02 Forwarded: host=evil.example with no AUTH_URL is not honoured: the link keeps the loopback origin", async () => {
    const { config, outbox } = setup()
    await requestLink(config, "http://localhost:3000", unique("forwarded"), { forwarded: "host=evil.example;proto=https" })
    expect(outbox).toHaveLength(1)
    expect(new URL(outbox[0]!.url).origin).toBe("http://localhost:3000")
  })

  it.each(["http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:3000", "http://localhost"])(
    "RT-02 with no AUTH_URL in development, a loopback origin (%s) is used for the link",
    async (origin) => {
      const { config, outbox } = setup()
      const response = await requestLink(config, origin, unique("dev"))
      expect(response.headers.get("location")).toBe(`${origin}/auth/verify-request?provider=email&type=email`)
      expect(new URL(outbox[0]!.url).origin).toBe(origin)
    },
  )

  it("RT-02 with no AUTH_URL in production, even a loopback origin is refused with the configuration error", async () => {
    vi.stubEnv("NODE_ENV", "production")
    const { config, outbox, store, logger } = setup()
    const response = await requestLink(config, "http://localhost:3000", unique("prod"))
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("Configuration")
    expect(outbox).toHaveLength(0)
    expect(store.tokens.size).toBe(0)
    expect(errorMessages(logger)).toContain("AUTH_URL")
  })

  it("RT-02 an X-Auth-Return-Redirect caller gets the error page URL, never a 500", async () => {
    const { config, outbox } = setup()
    const response = await requestLink(config, "http://evil.example", unique("json"), { "x-auth-return-redirect": "1" })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { url: string }).url).toContain("error=Configuration")
    expect(outbox).toHaveLength(0)
  })

  it("RT-02 pages and redirects still follow the request's host (Auth.js behaviour)", async () => {
    const { config } = setup()
    const response = await Auth(new Request(`http://other.example${BASE}/signin`), config)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain("http://other.example/auth/signin/email")
  })
})

describe("RT-09 magic-link e-mails are throttled per address", () => {
  const LOCAL = "http://localhost:3000"

  /** Spends the address's first window: `PER_WINDOW` links, each sent. */
  async function exhaust(config: AuthConfig, email: string, csrf: { token: string; cookie: string }): Promise<void> {
    for (let i = 0; i < PER_WINDOW; i++) expect((await requestLink(config, LOCAL, email, {}, csrf)).status).toBe(302)
  }

  it("RT-09 30 requests for one address at once send 3 e-mails; the rest are 429 with Retry-After", async () => {
    const { config, outbox, store } = setup()
    const csrf = await csrfFor(config, LOCAL)
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => requestLink(config, LOCAL, "burst@example.com", { "x-auth-return-redirect": "1" }, csrf)),
    )
    expect(outbox).toHaveLength(PER_WINDOW)
    expect(store.tokens.size).toBe(PER_WINDOW)
    const refused = responses.filter((r) => r.status === 429)
    expect(refused).toHaveLength(30 - PER_WINDOW)
    for (const response of refused) {
      const retryAfter = response.headers.get("retry-after")!
      expect(retryAfter).toMatch(/^\d+$/)
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
      // Refused by the 10-minute window; the hour and the day were not spent by the refusals.
      expect(Number(retryAfter)).toBeLessThanOrEqual(600)
      expect(await response.json()).toEqual({ error: "TooManyRequests", retryAfter: Number(retryAfter) })
    }
  })

  it("RT-09 a JSON body caller gets the JSON answer too", async () => {
    const { config } = setup()
    const csrf = await csrfFor(config, LOCAL)
    await exhaust(config, "json-body@example.com", csrf)
    const response = await Auth(
      new Request(`${LOCAL}${BASE}/signin/email`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: csrf.cookie },
        body: JSON.stringify({ email: "json-body@example.com", csrfToken: csrf.token }),
      }),
      config,
    )
    expect(response.status).toBe(429)
    expect(response.headers.get("content-type")).toContain("application/json")
    expect(((await response.json()) as { error: string }).error).toBe("TooManyRequests")
  })

  it("RT-09 a browser form post gets the sign-in page itself: status 429, its form, a localized message", async () => {
    const { config } = setup()
    const csrf = await csrfFor(config, LOCAL)
    await exhaust(config, "page@example.com", csrf)
    const en = await requestLink(config, LOCAL, "page@example.com", {}, csrf)
    expect(en.status).toBe(429)
    expect(en.headers.get("retry-after")).toMatch(/^\d+$/)
    expect(en.headers.get("location")).toBeNull()
    expect(en.headers.get("content-type")).toContain("text/html")
    const html = await en.text()
    expect(html).toContain(`action="${LOCAL}/auth/signin/email"`)
    expect(html).toContain('value="page@example.com"')
    expect(html).toMatch(/Too many sign-in e-mails/)
    expect(html).toContain(`${en.headers.get("retry-after")} s`)

    const ru = await requestLink(config, LOCAL, "page@example.com", { "accept-language": "ru" }, csrf)
    expect(ru.status).toBe(429)
    expect(await ru.text()).toMatch(/Слишком много писем/)
  })

  it("RT-09 known and unknown addresses get the same refusal (EC-01 holds)", async () => {
    const { config, store } = setup()
    store.users.set("u1", { id: "u1", email: "known@example.com", emailVerified: null })
    const csrf = await csrfFor(config, LOCAL)
    const headers = { "x-auth-return-redirect": "1" }
    await exhaust(config, "known@example.com", csrf)
    await exhaust(config, "unknown@example.com", csrf)
    const known = await requestLink(config, LOCAL, "known@example.com", headers, csrf)
    const unknown = await requestLink(config, LOCAL, "unknown@example.com", headers, csrf)
    expect(known.status).toBe(429)
    expect(unknown.status).toBe(known.status)
    expect(unknown.headers.get("retry-after")).toBe(known.headers.get("retry-after"))
    expect(await unknown.text()).toBe(await known.text())
  })

  it("RT-09 the default: 3 mails per 10 minutes, 5 per hour; a refused request tells when the window frees", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const { config, outbox } = setup()
    const csrf = await csrfFor(config, LOCAL)
    const ask = () => requestLink(config, LOCAL, "slow@example.com", { "x-auth-return-redirect": "1" }, csrf)
    for (let i = 0; i < 3; i++) {
      expect((await ask()).status).toBe(200)
      vi.advanceTimersByTime(10_000)
    }
    const fourth = await ask()
    expect(fourth.status).toBe(429)
    // The window began with the first mail, 30 s ago: it frees 570 s from now.
    expect(fourth.headers.get("retry-after")).toBe("570")
    vi.advanceTimersByTime(570_000)
    // A new 10-minute window; the hour has counted the 3 mails (not the refusal): two more, then the hour is spent.
    expect((await ask()).status).toBe(200)
    expect((await ask()).status).toBe(200)
    const hourly = await ask()
    expect(hourly.status).toBe(429)
    expect(Number(hourly.headers.get("retry-after"))).toBe(3600 - 600)
    expect(outbox).toHaveLength(5)
  })

  it("RT-09 addresses are counted after normalisation: 'Burst@Example.COM ' is the same address", async () => {
    const { config, outbox } = setup()
    const csrf = await csrfFor(config, LOCAL)
    await exhaust(config, "norm@example.com", csrf)
    const again = await requestLink(config, LOCAL, "Norm@Example.COM ", {}, csrf)
    expect(again.status).toBe(429)
    expect(outbox).toHaveLength(PER_WINDOW)
  })

  it("RT-09 rateLimit.email.perAddress sets the limit; rateLimit.email: false and rateLimit: false turn it off", async () => {
    const custom = setup({ rateLimit: { store: memoryStore2(), email: { perAddress: [{ limit: 5, windowMs: 60_000 }] } } })
    const csrf = await csrfFor(custom.config, LOCAL)
    await Promise.all(Array.from({ length: 30 }, () => requestLink(custom.config, LOCAL, "five@example.com", {}, csrf)))
    expect(custom.outbox).toHaveLength(5)

    for (const rateLimit of [{ store: memoryStore2(), email: false as const }, false as const]) {
      const off = setup({ rateLimit })
      const csrfOff = await csrfFor(off.config, LOCAL)
      await Promise.all(Array.from({ length: 30 }, () => requestLink(off.config, LOCAL, "off@example.com", {}, csrfOff)))
      expect(off.outbox).toHaveLength(30)
    }
  })

  it("RT-09 after a failed send the address can ask again at once", async () => {
    let fail = true
    const store = memoryStore()
    const outbox: string[] = []
    const config = testConfig({
      adapter: store,
      logger: quiet(),
      providers: [
        Email({
          sendVerificationRequest: ({ url }) => {
            if (fail) throw new Error("SMTP 451 try later")
            outbox.push(url)
          },
        }),
      ],
    })
    const csrf = await csrfFor(config, LOCAL)
    const first = await requestLink(config, LOCAL, "retry@example.com", {}, csrf)
    expect(new URL(first.headers.get("location")!).searchParams.get("error")).toBe("EmailSignin")
    fail = false
    const second = await requestLink(config, LOCAL, "retry@example.com", {}, csrf)
    expect(second.status).toBe(302)
    expect(outbox).toHaveLength(1)
  })

  it("RT-09 server-side signIn is refused with a TooManyRequests error carrying retryAfter", async () => {
    const { Gatehouse } = await import("@gatehousejs/core")
    const { config } = setup()
    const { signIn } = Gatehouse(config)
    const request = new Request(`${LOCAL}/page`)
    for (let i = 0; i < PER_WINDOW; i++) await signIn(request, "email", { email: "server@example.com", redirect: false })
    const refused = await signIn(request, "email", { email: "server@example.com", redirect: false }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TooManyRequests)
    expect((refused as TooManyRequests).retryAfter).toBeGreaterThanOrEqual(1)
  })
})
