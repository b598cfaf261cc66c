/**
 * The route table's security test (issue 26 item 2): for every entry of `pipeline/routes.ts`, the refusals its
 * protections promise are asserted through `Auth()` — a missing or wrong CSRF token, a foreign `Origin`, signed out,
 * no session registry, a spent client budget, the wrong method, an oversized body — each beside a control request that
 * passes, so that no assertion holds by accident. An endpoint added to the table is covered without a test of its own.
 *
 * The expectations do not come from the declarations: the POSTs allowed to go without CSRF are listed here, so an entry
 * that drops its check (or names a new reason) fails this test until the list is changed on purpose.
 */
import type { AuthConfig } from "@gatehousejs/core"
import { memoryStore } from "@gatehousejs/core"
import { Email, GitHub, Passkey } from "@gatehousejs/core/providers"
import Password from "@gatehousejs/core/providers/password"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { describe, expect, it } from "vitest"
import { MAX_BODY_BYTES } from "../../src/http/request.js"
import type { Route } from "../../src/pipeline/route.js"
import { routes } from "../../src/pipeline/routes.js"
import { BASE, Browser, ORIGIN, testConfig } from "../helpers/auth.js"

/** The only state-changing entries without the CSRF and `Origin` checks, and why (route.ts `withoutCsrfReasons`). */
const postsWithoutCsrf = new Map([
  ["POST /callback/:provider oauth,oidc", "oauth-provider-posts-back"],
  ["POST /callback/:provider email", "email-link-carries-its-token"],
])

const quiet = { error: () => {}, warn: () => {}, debug: () => {} }

/** One provider of each type, a database session with a registry (SQLite), every client budget at one request. */
function fullConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  const one = [{ limit: 1, windowMs: 60_000 }]
  return testConfig({
    adapter: SqliteAdapter({ filename: ":memory:" }),
    session: { strategy: "database" },
    experimental: { enableWebAuthn: true },
    providers: [
      testConfig().providers[0]!,
      Passkey({}),
      GitHub({ clientId: "id", clientSecret: "secret" }),
      Email({ sendVerificationRequest: () => {} }),
      Password({ sendMail: () => {} }),
    ],
    rateLimit: {
      store: memoryStore(),
      oauth: { perClient: one },
      webauthn: { perClient: one },
      signUp: { perClient: one },
      passwordReset: { perClient: one },
      verifyEmail: { perClient: one },
    },
    logger: quiet,
    ...overrides,
  })
}

const providerOf: Record<string, string> = { credentials: "credentials", webauthn: "passkey", oauth: "github", oidc: "github", email: "email" }

function label(route: Route): string {
  return `${route.method} ${route.path}${route.providerTypes ? ` ${route.providerTypes.join(",")}` : ""}`
}

/** The path a request to this entry takes: `:provider` filled with a provider of the entry's first type. */
function pathOf(route: Route): string {
  if (route.path === "/signup/:provider") return "/signup/password"
  return route.path.replace(":provider", providerOf[route.providerTypes?.[0] ?? "credentials"]!)
}

/** A request to the entry: a JSON caller for JSON entries, with the given form body (POST). */
async function send(browser: Browser, route: Route, init: { body?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Response> {
  const accept: Record<string, string> = route.answers === "json" ? { accept: "application/json" } : {}
  return browser.request(pathOf(route), { method: route.method, body: route.method === "POST" ? { ...init.body } : undefined, headers: { ...accept, ...init.headers } })
}

/** A signed-in browser (credentials, database session). */
async function signedIn(config: AuthConfig): Promise<Browser> {
  const browser = new Browser(config)
  const response = await browser.signIn()
  expect(response.status).toBe(302)
  expect([...browser.jar.keys()].some((name) => name.includes("session-token"))).toBe(true)
  return browser
}

/** Whether `response` is the refusal of a bad CSRF token or `Origin`, in the entry's style. */
async function isCsrfRefusal(route: Route, response: Response): Promise<boolean> {
  if (route.answers === "null") return response.status === 400 && (await response.clone().text()) === "null"
  if (route.answers === "json") return response.status === 403 && ((await response.clone().json()) as { error?: string }).error === "MissingCSRF"
  const location = response.headers.get("location") ?? ""
  return response.status === 302 && new URL(location).searchParams.get("error") === "MissingCSRF"
}

const posts = routes.filter((route) => route.method === "POST")

/** Entries as `describe.each` rows, labelled. */
const rows = (list: readonly Route[]) => list.map((route) => [label(route), route] as const)

describe("the route table", () => {
  it("lists every endpoint once per method, path and provider type", () => {
    const labels = routes.map(label)
    expect(new Set(labels).size).toBe(labels.length)
    expect(labels).toEqual(expect.arrayContaining(["GET /session", "POST /session", "POST /signout", "POST /callback/:provider credentials", "GET /sessions", "POST /sessions/revoke"]))
  })

  it("takes no CSRF token only on the POSTs this test lists, each with its reason", () => {
    const without = new Map(posts.filter((route) => route.withoutCsrf).map((route) => [label(route), route.withoutCsrf]))
    expect(without).toEqual(postsWithoutCsrf)
  })
})

describe.each(rows(posts.filter((route) => !postsWithoutCsrf.has(label(route)))))("%s", (_, route) => {
  const config = fullConfig()

  it("refuses a missing CSRF token, a wrong one and a foreign Origin; a matching token from this origin passes", async () => {
    const browser = route.signedIn ? await signedIn(config) : new Browser(config)
    const token = await browser.csrfToken()
    expect(await isCsrfRefusal(route, await send(browser, route))).toBe(true)
    expect(await isCsrfRefusal(route, await send(browser, route, { body: { csrfToken: "0".repeat(64) } }))).toBe(true)
    expect(await isCsrfRefusal(route, await send(browser, route, { body: { csrfToken: token }, headers: { origin: "https://evil.example" } }))).toBe(true)
    const control = await send(browser, route, { body: { csrfToken: token }, headers: { origin: ORIGIN } })
    expect(await isCsrfRefusal(route, control)).toBe(false)
  })
})

describe.each(rows(posts))("%s", (_, route) => {
  it("refuses a body over its limit with 413, before anything else", async () => {
    const browser = new Browser(fullConfig())
    const limit = route.maxBodyBytes ?? MAX_BODY_BYTES
    const response = await send(browser, route, { body: { csrfToken: "x", pad: "a".repeat(limit) } })
    expect(response.status).toBe(413)
  })
})

/** The other method on an entry's path, when no entry serves it for the same provider type. */
const otherMethod = (route: Route): "GET" | "POST" => (route.method === "GET" ? "POST" : "GET")
const unserved = routes.filter((route) => !routes.some((r) => r.method === otherMethod(route) && r.path === route.path && (!r.providerTypes || !route.providerTypes || r.providerTypes.includes(route.providerTypes[0]!))))

describe.each(rows(unserved))("%s", (_, route) => {
  it("answers the other method with the error page, never the handler", async () => {
    const browser = new Browser(fullConfig())
    const other = otherMethod(route)
    const response = await browser.request(pathOf(route), { method: other, body: other === "POST" ? { csrfToken: await browser.csrfToken() } : undefined })
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get("location")!).pathname).toBe(`${BASE}/error`)
  })
})

describe.each(rows(routes.filter((route) => route.signedIn)))("%s", (_, route) => {
  it("refuses a signed-out browser (401 signed-out); a signed-in one passes", async () => {
    const config = fullConfig()
    const stranger = new Browser(config)
    const token = await stranger.csrfToken()
    const refused = await send(stranger, route, { body: { csrfToken: token, all: "true" } })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ error: "Unauthorized", reason: "signed-out" })
    const user = await signedIn(config)
    const passed = await send(user, route, { body: { csrfToken: await user.csrfToken(), all: "true" } })
    // The handler's answer: 200, or its own refusal of the empty form (a password change without passwords, 400).
    expect(passed.status).toBe(route.path === "/password/change" && route.method === "POST" ? 400 : 200)
    if (passed.status === 400) expect(await passed.json()).toEqual({ error: "too-short" })
  })
})

describe.each(rows(routes.filter((route) => route.requires === "sessionRegistry")))("%s", (_, route) => {
  it("answers 501 unsupported without a session registry", async () => {
    const browser = new Browser(testConfig({ logger: quiet }))
    const response = await send(browser, route, { body: { csrfToken: await browser.csrfToken() } })
    expect(response.status).toBe(501)
    expect(await response.json()).toMatchObject({ error: "SessionRegistryUnsupported", reason: "unsupported" })
  })
})

describe.each(rows(routes.filter((route) => route.budgets?.length)))("%s", (_, route) => {
  it("spends the client's budget before the handler: the second request is 429", async () => {
    const browser = new Browser(fullConfig())
    browser.peer = "203.0.113.7"
    const token = await browser.csrfToken()
    const first = await send(browser, route, { body: { csrfToken: token }, headers: { accept: "application/json" } })
    expect(first.status).not.toBe(429)
    const second = await send(browser, route, { body: { csrfToken: token }, headers: { accept: "application/json" } })
    expect(second.status).toBe(429)
    expect(second.headers.get("retry-after")).toMatch(/^\d+$/)
  })
})

describe.each(rows(routes.filter((route) => route.consumes === "webauthnChallenge")))("%s", (_, route) => {
  it("clears the one-time challenge cookie even when it refuses the request", async () => {
    const browser = new Browser(fullConfig())
    browser.jar.set("__Secure-authjs.challenge", "stale")
    const response = await send(browser, route)
    expect(await isCsrfRefusal(route, response)).toBe(true)
    expect(response.headers.getSetCookie().some((line) => line.startsWith("__Secure-authjs.challenge=;"))).toBe(true)
  })
})
