/**
 * "Sign in with Demo IdP" end to end over loopback: the app and its OpenID Provider (oidc-provider) on ephemeral
 * ports, real `fetch`, and two cookie jars kept by hand, one per origin, as a browser would.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { start } from "../src/app.js"
import { CookieJar } from "./cookie-jar.js"

interface Running {
  url: string
  idp: { issuer: string; clientId: string; clientSecret: string; redirectUris: string[] }
  adapter: {
    getUserByAccount: (account: { provider: string; providerAccountId: string }) => Promise<{ id: string; email?: string | null } | null>
  }
  close: () => Promise<void>
}


/** Both jars of one browser. */
interface Browser {
  app: CookieJar
  idp: CookieJar
}

const errors: string[] = []
const silentLogger = { error: (code: string) => void errors.push(code), warn: () => {}, debug: () => {} }
const consoleLines: string[] = []

let app: Running

beforeAll(async () => {
  // Everything printed from here on is checked for the client secret (see the last test).
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleLines.push(args.map(String).join(" ")))
  }
  app = (await start({ port: 0, idp: { port: 0 }, database: ":memory:", logger: silentLogger })) as Running
})

afterAll(async () => {
  await app?.close()
  vi.restoreAllMocks()
  // Gatehouse logs the refusal the cancel test provokes; anything else would be a bug.
  expect(errors.filter((code) => code !== "OAuthCallbackError")).toEqual([])
})

function newBrowser(): Browser {
  return { app: new CookieJar(), idp: new CookieJar() }
}

function jarFor(browser: Browser, url: URL): CookieJar {
  if (url.origin === new URL(app.url).origin) return browser.app
  if (url.origin === new URL(app.idp.issuer).origin) return browser.idp
  throw new Error(`No cookie jar for ${url.origin}`)
}

/** One request, no redirect followed, cookies sent from and stored in the jar of the URL's origin. */
async function request(browser: Browser, target: string | URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
  const url = new URL(target, app.url)
  const jar = jarFor(browser, url)
  const headers: Record<string, string> = { cookie: jar.header(url) }
  if (init.form) {
    headers["content-type"] = "application/x-www-form-urlencoded"
    headers.origin = url.origin
  }
  const response = await fetch(url, {
    method: init.method ?? (init.form ? "POST" : "GET"),
    redirect: "manual",
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
  })
  jar.store(response)
  return response
}

function location(response: Response): URL {
  const value = response.headers.get("location")
  expect(value, `${response.status} without a Location`).toBeTruthy()
  return new URL(value!, response.url)
}

/** Follows redirects while they stay on the IdP; returns the first URL outside it (the app's callback). */
async function followOnIdp(browser: Browser, response: Response): Promise<URL> {
  for (let hops = 0; hops < 10; hops++) {
    expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(300)
    expect(response.status).toBeLessThan(400)
    const next = location(response)
    if (next.origin !== new URL(app.idp.issuer).origin) return next
    response = await request(browser, next)
  }
  throw new Error("Too many redirects on the IdP")
}

/** POST /auth/signin/demo-idp as the sign-in page's button does: returns the IdP's authorize URL. */
async function startSignIn(browser: Browser): Promise<URL> {
  const csrf = await request(browser, "/auth/csrf")
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const response = await request(browser, "/auth/signin/demo-idp", { form: { csrfToken, callbackUrl: "/" } })
  expect(response.status).toBe(302)
  return location(response)
}

/** From the authorize URL to the IdP's account picker: its URL and HTML. */
async function openLoginPage(browser: Browser, authorize: URL): Promise<{ url: URL; response: Response; html: string }> {
  const redirect = await request(browser, authorize)
  expect(redirect.status).toBe(303)
  const url = location(redirect)
  expect(url.origin).toBe(app.idp.issuer)
  expect(url.pathname).toMatch(/^\/interaction\/[\w-]+$/)
  const response = await request(browser, url)
  expect(response.status).toBe(200)
  return { url, response, html: await response.text() }
}

describe("the sign-in page", () => {
  it("offers “Sign in with Demo IdP” above the password form", async () => {
    const response = await request(newBrowser(), "/auth/signin?callbackUrl=%2F")
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain("Sign in with Demo IdP")
    expect(html.indexOf("Sign in with Demo IdP")).toBeLessThan(html.indexOf('name="password"'))
    // The button's POST redirects to the IdP (plain http, loopback): the page's CSP must let the form go there.
    expect(response.headers.get("content-security-policy")).toMatch(/form-action [^;]*http:/)
  })

  it("the signed-out home page lists the IdP's accounts", async () => {
    const html = await (await request(newBrowser(), "/")).text()
    expect(html).toContain("<td>Carol Demo</td><td>carol@idp.example</td>")
    expect(html).toContain("<td>Dave Demo</td><td>dave@idp.example</td>")
  })
})

describe("the Demo IdP", () => {
  it("publishes its discovery document: loopback issuer, PKCE S256, the demo scopes", async () => {
    expect(app.idp.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(app.idp.clientId).toBe("demo-app")
    expect(app.idp.redirectUris).toContain(`${app.url}/auth/callback/demo-idp`)
    const response = await fetch(`${app.idp.issuer}/.well-known/openid-configuration`)
    const metadata = (await response.json()) as Record<string, unknown>
    expect(metadata.issuer).toBe(app.idp.issuer)
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"])
    expect(metadata.scopes_supported).toEqual(["openid", "profile", "email"])
    expect(metadata.response_types_supported).toEqual(["code"])
  })

  it("refuses an authorization request without PKCE", async () => {
    const authorize = new URL(`${app.idp.issuer}/auth`)
    authorize.search = new URLSearchParams({
      client_id: "demo-app",
      response_type: "code",
      redirect_uri: `${app.url}/auth/callback/demo-idp`,
      scope: "openid",
    }).toString()
    const response = await request(newBrowser(), authorize)
    const back = location(response)
    expect(back.origin + back.pathname).toBe(`${app.url}/auth/callback/demo-idp`)
    expect(back.searchParams.get("error")).toBe("invalid_request")
    expect(back.searchParams.get("error_description")).toMatch(/requires PKCE/)
  })

  it("refuses a redirect URI it does not know, on its own error page", async () => {
    const authorize = new URL(`${app.idp.issuer}/auth`)
    authorize.search = new URLSearchParams({
      client_id: "demo-app",
      response_type: "code",
      redirect_uri: "http://evil.example/callback",
      scope: "openid",
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
    }).toString()
    const response = await fetch(authorize, { redirect: "manual", headers: { accept: "text/html" } })
    expect(response.status).toBe(400)
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'")
    const html = await response.text()
    expect(html).toContain("<code>invalid_redirect_uri</code>")
    expect(html).toContain("Open the demo at the address it printed")
  })

  it("the account picker: a button per account, no password, a strict CSP that lets the post return to the app", async () => {
    const browser = newBrowser()
    const authorize = await startSignIn(browser)
    const { url, response, html } = await openLoginPage(browser, authorize)
    expect(html).toContain('<html lang="en">')
    expect(html).toContain("has no passwords")
    expect(html).not.toContain('type="password"')
    expect(html).toContain(`<form method="post" action="${url.pathname}/login">`)
    expect(html).toContain('name="account" value="carol"')
    expect(html).toContain('name="account" value="dave"')
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\/(?!localhost)/)
    const csp = response.headers.get("content-security-policy")!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain(`form-action 'self' ${app.url}`)
  })

  it("refuses an account that is not on the list", async () => {
    const browser = newBrowser()
    const { url } = await openLoginPage(browser, await startSignIn(browser))
    const response = await request(browser, `${url.href}/login`, { form: { account: "mallory" } })
    expect(response.status).toBe(400)
    expect(browser.idp.has("_session")).toBe(false)
  })
})

describe("Sign in with Demo IdP", () => {
  it.each([
    ["carol", "Carol Demo (carol@idp.example)"],
    ["dave", "Dave Demo (dave@idp.example)"],
  ])("as %s: authorize with PKCE, state and nonce, pick the account, back with a session", async (account, shown) => {
    const browser = newBrowser()
    const authorize = await startSignIn(browser)
    expect(authorize.origin + authorize.pathname).toBe(`${app.idp.issuer}/auth`)
    const params = authorize.searchParams
    expect(params.get("client_id")).toBe("demo-app")
    expect(params.get("response_type")).toBe("code")
    expect(params.get("redirect_uri")).toBe(`${app.url}/auth/callback/demo-idp`)
    expect(params.get("scope")).toBe("openid profile email")
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/)
    expect(params.get("code_challenge_method")).toBe("S256")
    expect(params.get("state")).toBeTruthy()
    expect(params.get("nonce")).toBeTruthy()

    const { url } = await openLoginPage(browser, authorize)
    const picked = await request(browser, `${url.href}/login`, { form: { account } })
    const callback = await followOnIdp(browser, picked)
    expect(callback.origin + callback.pathname).toBe(`${app.url}/auth/callback/demo-idp`)
    expect(callback.searchParams.get("code")).toBeTruthy()
    expect(callback.searchParams.get("state")).toBe(params.get("state"))
    expect(callback.searchParams.get("iss")).toBe(app.idp.issuer)

    const done = await request(browser, callback)
    expect(done.status, done.headers.get("location") ?? "").toBe(302)
    expect(done.headers.get("location")).toBe(`${app.url}/`)
    expect(browser.app.has("authjs.session-token")).toBe(true)
    // The one-time check cookies are gone.
    for (const check of ["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"]) expect(browser.app.has(check)).toBe(false)

    const home = await (await request(browser, "/")).text()
    expect(home).toContain(`Signed in as ${shown}`)
    expect(home).toContain("You signed in <strong>through the Demo IdP</strong>.")
    expect(home).toContain(`&quot;email&quot;: &quot;${account}@idp.example&quot;`)
    // Database sessions: the IdP account is linked to a stored user, the one the session names.
    const stored = await app.adapter.getUserByAccount({ provider: "demo-idp", providerAccountId: account })
    expect(stored?.email).toBe(`${account}@idp.example`)
    expect(home).toContain(`&quot;id&quot;: &quot;${stored!.id}&quot;`)
    const page = await request(browser, "/private")
    expect(page.status).toBe(200)
  })

  it("cancelling on the IdP brings the browser back to the sign-in page with an error, and no session", async () => {
    const browser = newBrowser()
    const { url } = await openLoginPage(browser, await startSignIn(browser))
    const cancelled = await request(browser, `${url.href}/abort`, { form: {} })
    const callback = await followOnIdp(browser, cancelled)
    expect(callback.searchParams.get("error")).toBe("access_denied")

    const done = await request(browser, callback)
    expect(done.status).toBe(302)
    expect(location(done).href).toBe(`${app.url}/auth/signin?error=OAuthCallbackError`)
    expect(browser.app.has("authjs.session-token")).toBe(false)
    for (const check of ["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"]) expect(browser.app.has(check)).toBe(false)
  })

  it("the client secret never reaches the console", () => {
    expect(app.idp.clientSecret).toMatch(/^[\w-]{43}$/)
    expect(consoleLines.filter((line) => line.includes(app.idp.clientSecret))).toEqual([])
  })
})
