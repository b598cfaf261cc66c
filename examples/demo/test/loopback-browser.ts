/**
 * A browser for tests of the running demo, over loopback with real `fetch`: one cookie jar per origin (the app's, the
 * Demo IdP's), no redirect followed unless asked, and the two sign-ins the token tests need (through the Demo IdP,
 * and with a password). It outlives a restart of the demo on the same port, as a real browser would.
 */
import { CookieJar } from "./cookie-jar.js"

export interface LoopbackBrowser {
  /** One request to the app or the IdP (a path is the app's), no redirect followed, cookies kept per origin. */
  request(target: string | URL, init?: { form?: Record<string, string> }): Promise<Response>
  /** Signs in through the Demo IdP as `account` ("carol", "dave"); throws with the step that failed. */
  signInWithDemoIdp(account: string): Promise<void>
  /** Signs in with the e-mail and password form (the `Password` provider); throws unless a session started. */
  signInWithPassword(email: string, password: string): Promise<void>
}

/**
 * A fresh browser for the demo at `appUrl`.
 *
 * @example
 * const browser = loopbackBrowser(app.url)
 * await browser.signInWithDemoIdp("carol")
 * const page = await (await browser.request("/tokens")).text()
 */
export function loopbackBrowser(appUrl: string): LoopbackBrowser {
  const jars = new Map<string, CookieJar>()

  async function request(target: string | URL, init: { form?: Record<string, string> } = {}): Promise<Response> {
    const url = new URL(target, appUrl)
    if (!jars.has(url.origin)) jars.set(url.origin, new CookieJar())
    const jar = jars.get(url.origin)!
    const headers: Record<string, string> = { cookie: jar.header(url) }
    if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded"
      headers.origin = url.origin
    }
    const response = await fetch(url, {
      method: init.form ? "POST" : "GET",
      redirect: "manual",
      headers,
      body: init.form ? new URLSearchParams(init.form) : undefined,
    })
    jar.store(response)
    return response
  }

  function location(response: Response, step: string): URL {
    const value = response.headers.get("location")
    if (response.status < 300 || response.status >= 400 || !value) throw new Error(`${step}: ${response.status} without a redirect`)
    return new URL(value, response.url)
  }

  async function csrfToken(): Promise<string> {
    return ((await (await request("/auth/csrf")).json()) as { csrfToken: string }).csrfToken
  }

  async function signInWithDemoIdp(account: string): Promise<void> {
    const started = await request("/auth/signin/demo-idp", { form: { csrfToken: await csrfToken(), callbackUrl: "/" } })
    const interaction = location(await request(location(started, "POST /auth/signin/demo-idp")), "the authorize request")
    let response = await request(`${interaction.href}/login`, { form: { account } })
    // The IdP's own redirects (back to /auth, then to the consent interaction, …) until the app's callback.
    for (let hops = 0; ; hops++) {
      const next = location(response, "the IdP's redirects")
      if (next.origin === new URL(appUrl).origin) {
        response = await request(next)
        break
      }
      if (hops === 10) throw new Error("Too many redirects on the Demo IdP")
      response = await request(next)
    }
    if (location(response, "the callback").href !== new URL("/", appUrl).href) throw new Error(`The callback did not sign in: ${response.headers.get("location")}`)
  }

  async function signInWithPassword(email: string, password: string): Promise<void> {
    const response = await request("/auth/callback/password", { form: { csrfToken: await csrfToken(), email, password, callbackUrl: "/" } })
    if (location(response, "the password sign-in").href !== new URL("/", appUrl).href) throw new Error(`No session for ${email}: ${response.headers.get("location")}`)
  }

  return { request, signInWithDemoIdp, signInWithPassword }
}
