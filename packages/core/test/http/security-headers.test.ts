/**
 * Issue 7 §5 and RFC 9700 §4.2: the security headers of every auth response, checked through `Auth()` as a browser
 * would receive them.
 *
 * - Every HTML page (sign-in with each error, sign-out, error with each error type, verify-request; the default look,
 *   a custom theme, and the `ru` locale): a CSP with `default-src 'none'`, no `'unsafe-inline'`/`'unsafe-eval'`, inline
 *   `<style>`/`<script>` allowed only by hash and every inline element's hash listed, no inline event handlers,
 *   `frame-ancestors 'none'` (and `X-Frame-Options: DENY`), `base-uri`, `X-Content-Type-Options: nosniff` and a
 *   `Referrer-Policy` that never sends the path or query to another origin.
 * - Every auth response, JSON endpoints, redirects and failures included: `Cache-Control` with `no-store` (core sends
 *   Auth.js' `private, no-cache, no-store`; pages send `no-store`).
 */
import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { Gatehouse, type AuthConfig } from "@gatehousejs/core"
import Email from "@gatehousejs/core/providers/email"
import GitHub from "@gatehousejs/core/providers/github"
import Passkey from "@gatehousejs/core/providers/passkey"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { BASE, Browser, ORIGIN, credentialsProvider } from "../helpers/auth.js"
import { form, recordingLogger, send, testConfig } from "../security/helpers.js"

const SIGN_IN_ERRORS = [
  "Signin",
  "OAuthSignin",
  "OAuthCallbackError",
  "OAuthCreateAccount",
  "EmailCreateAccount",
  "Callback",
  "OAuthAccountNotLinked",
  "EmailSignin",
  "CredentialsSignin",
  "SessionRequired",
  "MissingCSRF",
  "<script>alert(1)</script>",
]
const ERROR_PAGE_ERRORS = [undefined, "Configuration", "AccessDenied", "Verification", "Default", "OAuthSignin", "Unknown", "<svg onload=alert(1)>"]
const SAFE_REFERRER_POLICIES = new Set(["no-referrer", "strict-origin", "same-origin", "strict-origin-when-cross-origin"])

/** Every provider kind the sign-in page renders a form for, WebAuthn (the page's only scripts) included. */
function fullConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return testConfig({
    adapter: SqliteAdapter({ filename: ":memory:" }),
    session: { strategy: "jwt" },
    experimental: { enableWebAuthn: true },
    providers: [
      credentialsProvider(),
      GitHub({ clientId: "gh-client", clientSecret: "gh-secret" }),
      Email({ sendVerificationRequest: async () => {} }),
      Passkey,
    ],
    ...overrides,
  })
}

/** A configuration error (two providers with one id): every request answers the error page or a generic 500. */
function brokenConfig(): AuthConfig {
  return testConfig({ providers: [credentialsProvider(), credentialsProvider()], logger: recordingLogger().logger })
}

const looks: [string, Partial<AuthConfig>, Record<string, string>][] = [
  ["default look", {}, {}],
  ["custom theme", { theme: { colorScheme: "dark", brandColor: "#0a7d5a", buttonText: "#ffffff", logo: "/logo.svg" } }, {}],
  ["ru locale", {}, { "accept-language": "ru-RU,ru;q=0.9" }],
]

/** Every built-in page, as paths under the base path. */
function pagePaths(): string[] {
  const q = (params: Record<string, string | undefined>): string => {
    const search = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)).toString()
    return search ? `?${search}` : ""
  }
  return [
    "/signin",
    `/signin${q({ callbackUrl: `${ORIGIN}/dashboard` })}`,
    ...SIGN_IN_ERRORS.map((error) => `/signin${q({ error })}`),
    "/signin?error=EmailSignin&email=alice%40example.com",
    "/signout",
    ...ERROR_PAGE_ERRORS.map((error) => `/error${q({ error })}`),
    "/verify-request?provider=email&type=email",
    "/verify-request?provider=%3Csvg%20onload%3Dalert(1)%3E&type=email",
  ]
}

/** The CSP as a map of directive → sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) directives.set(name.toLowerCase(), sources)
  }
  return directives
}

const hashSource = (text: string): string => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`
const isHashSource = (source: string): boolean => /^'sha(256|384|512)-[A-Za-z0-9+/]+=*'$/.test(source)

function inlineBodies(html: string, tag: "script" | "style"): string[] {
  return [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, "gi"))].filter((m) => !/\ssrc=/i.test(m[1] ?? "")).map((m) => m[2]!)
}

function expectNoStore(response: Response, what: string): void {
  expect(response.headers.get("cache-control") ?? "", `${what}: Cache-Control`).toMatch(/(^|[\s,])no-store([\s,]|$)/)
}

function expectPageHeaders(response: Response, html: string, what: string): void {
  expect(response.headers.get("content-type"), what).toMatch(/^text\/html/)
  const csp = parseCsp(response.headers.get("content-security-policy"))
  expect(csp.get("default-src"), `${what}: default-src`).toEqual(["'none'"])
  expect(csp.get("frame-ancestors"), `${what}: frame-ancestors`).toEqual(["'none'"])
  expect(csp.get("base-uri"), `${what}: base-uri`).toEqual(["'none'"])
  expect(csp.has("form-action"), `${what}: form-action`).toBe(true)
  for (const [directive, sources] of csp) {
    for (const source of sources) {
      expect(source, `${what}: ${directive}`).not.toMatch(/^'unsafe-(inline|eval|hashes)'$|^'strict-dynamic'$|^\*$/)
    }
  }
  // Inline code only by hash: the script and style directives list hashes and nothing else, and every inline element's
  // hash is among them.
  for (const [tag, directive] of [["script", "script-src"], ["style", "style-src"]] as const) {
    const sources = csp.get(directive) ?? []
    for (const source of sources) expect(isHashSource(source), `${what}: ${directive} ${source}`).toBe(true)
    for (const body of inlineBodies(html, tag)) expect(sources, `${what}: an inline <${tag}> not allowed by hash`).toContain(hashSource(body))
  }
  expect(html, `${what}: inline event handler`).not.toMatch(/<[^>]+\son[a-z]+\s*=/i)
  expect(html, `${what}: javascript: URL`).not.toMatch(/(href|src|action)\s*=\s*["']?\s*javascript:/i)
  expect(response.headers.get("x-content-type-options"), what).toBe("nosniff")
  expect(response.headers.get("x-frame-options"), what).toBe("DENY")
  expect(SAFE_REFERRER_POLICIES.has(response.headers.get("referrer-policy") ?? ""), `${what}: Referrer-Policy`).toBe(true)
  expectNoStore(response, what)
}

describe("security headers on every HTML page (issue 7 §5, CR-15)", () => {
  for (const [look, overrides, headers] of looks) {
    it(`${look}: sign-in, sign-out, error (each type) and verify-request pages`, async () => {
      const config = fullConfig(overrides)
      const browser = new Browser(config)
      await browser.request("/csrf")
      for (const path of pagePaths()) {
        const response = await browser.request(path, { headers })
        const html = await response.text()
        expect([200, 403, 500], path).toContain(response.status)
        expectPageHeaders(response, html, `${look} ${path}`)
      }
    })
  }

  it("the sign-in page with the WebAuthn form allows its inline scripts by hash only", async () => {
    const response = await new Browser(fullConfig()).request("/signin")
    const html = await response.text()
    const scripts = inlineBodies(html, "script")
    expect(scripts.length, "the passkey form's scripts").toBeGreaterThan(0)
    expect(parseCsp(response.headers.get("content-security-policy")).get("script-src")).toEqual(expect.arrayContaining(scripts.map(hashSource)))
  })

  it("the configuration error page (a broken configuration) carries the same headers", async () => {
    const response = await send(brokenConfig(), "/error")
    expect(response.status).toBe(500)
    expectPageHeaders(response, await response.text(), "configuration error page")
  })
})

describe("Cache-Control: no-store on every auth response (issue 7 §5, RFC 9700 §4.2)", () => {
  it("JSON endpoints, redirects, refusals and bad requests", async () => {
    const config = fullConfig()
    const browser = new Browser(config)
    const csrfToken = await browser.csrfToken()
    const responses: [string, Response][] = [
      ["GET /session, no cookie", await send(config, "/session")],
      ["GET /csrf", await browser.request("/csrf")],
      ["GET /providers", await browser.request("/providers")],
      ["POST /signin/github", await browser.request("/signin/github", { body: { csrfToken } })],
      ["POST /signin/github, no CSRF", await send(config, "/signin/github", form({}))],
      ["POST /signin/github, X-Auth-Return-Redirect", await browser.request("/signin/github", { body: { csrfToken }, headers: { "x-auth-return-redirect": "1" } })],
      ["POST /signin/email", await browser.request("/signin/email", { body: { csrfToken, email: "alice@example.com" } })],
      ["POST /callback/credentials, wrong password", await browser.request("/callback/credentials", { body: { csrfToken, username: "alice", password: "nope" } })],
      ["GET /callback/github, no state", await browser.request("/callback/github?code=abc")],
      ["GET /callback/credentials", await send(config, "/callback/credentials?username=alice&password=x")],
      ["POST /callback/credentials", await browser.signIn()],
      ["GET /session, signed in", await browser.request("/session")],
      ["POST /session, update", await browser.request("/session", { json: { csrfToken, data: { name: "A" } } })],
      ["POST /session, no CSRF", await send(config, "/session", { method: "POST", body: "{}", headers: { "content-type": "application/json" } })],
      ["GET /signin?callbackUrl=http://%", await send(config, "/signin?callbackUrl=http%3A%2F%2F%25")],
      ["GET /nope", await send(config, "/nope")],
      ["PUT /session", await send(config, "/session", { method: "PUT", body: "x" })],
      ["HEAD /session", await send(config, "/session", { method: "HEAD" })],
      ["POST /signout", await browser.request("/signout", { body: { csrfToken } })],
      ["GET /webauthn-options/passkey", await browser.request("/webauthn-options/passkey?action=authenticate")],
    ]
    const custom = testConfig({ pages: { signIn: "/login", error: "/oops", signOut: "/bye", verifyRequest: "/check-mail" } })
    for (const path of ["/signin", "/signout", "/error?error=AccessDenied", "/verify-request"]) responses.push([`custom page ${path}`, await send(custom, path)])
    const broken = brokenConfig()
    responses.push(["configuration error, GET /session", await send(broken, "/session")])
    responses.push(["configuration error, POST /signin/github", await send(broken, "/signin/github", form({ csrfToken }))])

    const statuses = new Set(responses.map(([, r]) => r.status))
    for (const status of [200, 302, 400, 500]) expect(statuses, `the crawl covers ${status}`).toContain(status)
    for (const [what, response] of responses) expectNoStore(response, what)
  })

  it("a lazy configuration that throws: Gatehouse()'s handler answers 500 with no-store", async () => {
    const { handlers } = Gatehouse(() => {
      throw new Error("vault unreachable")
    })
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args)
    try {
      const response = await handlers.GET(new Request(`${ORIGIN}${BASE}/session`))
      expect(response.status).toBe(500)
      expectNoStore(response, "lazy configuration error")
    } finally {
      console.error = original
    }
    expect(errors).toHaveLength(1)
  })
})
