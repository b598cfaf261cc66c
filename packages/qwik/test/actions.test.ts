/**
 * `useSignIn()` and `useSignOut()`: Qwik City actions, submitted as `<Form action={…}>` submits them — a plain form
 * POST to `?qaction=<id>` (no JavaScript), or a POST to `…/q-data.json?qaction=<id>` (Qwik City's client) — with the
 * form fields `@auth/qwik` documents (`providerId`, `options.redirectTo`, `options.<credential>`, `redirectTo`).
 */
import { afterEach, describe, expect, it } from "vitest"
import GitHub from "@gatehousejs/core/providers/github"
import Credentials from "@gatehousejs/core/providers/credentials"
import { alice, Browser, idOf, SESSION_COOKIE, startApp, testConfig, type App } from "./helpers/app.js"
import { QwikAuth$, type QwikAuthResult } from "../src/index.js"

let app: App | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

async function browse(config = testConfig()): Promise<{ browser: Browser; plugin: QwikAuthResult }> {
  const plugin = QwikAuth$(() => config)
  app = await startApp(plugin)
  return { browser: new Browser(app.origin), plugin }
}

const credentials = { "options.username": alice.username, "options.password": alice.password }

describe("useSignIn", () => {
  it("credentials from a plain form POST: 303 to options.redirectTo with the session cookie set", async () => {
    const { browser, plugin } = await browse()
    const response = await browser.post(`/?qaction=${idOf(plugin.useSignIn)}`, {
      providerId: "credentials",
      "options.redirectTo": "/protected",
      ...credentials,
    })
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe(`${browser.origin}/protected`)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
    expect((await browser.page("/protected")).session).toMatchObject({ user: { name: alice.name, email: alice.email } })
  })

  it("from Qwik City's client (q-data.json): the target is the data response's Location, not a redirect fetch would follow", async () => {
    const { browser, plugin } = await browse()
    const response = await browser.post(`/q-data.json?qaction=${idOf(plugin.useSignIn)}`, { providerId: "credentials", ...credentials })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("application/json")
    // Without options.redirectTo: back to the page the form was on, without Qwik City's qaction parameter.
    expect(response.headers.get("location")).toBe(`${browser.origin}/`)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
  })

  it("redirectTo at the top level is used when options.redirectTo is not given", async () => {
    const { browser, plugin } = await browse()
    const response = await browser.post(`/?qaction=${idOf(plugin.useSignIn)}&tab=2`, { providerId: "credentials", redirectTo: "/after", ...credentials })
    expect(response.headers.get("location")).toBe(`${browser.origin}/after`)
  })

  it("a wrong password goes to the sign-in page with the error, as the engine sends a refused form", async () => {
    const { browser, plugin } = await browse()
    const response = await browser.post(`/?qaction=${idOf(plugin.useSignIn)}`, { providerId: "credentials", "options.username": "alice", "options.password": "nope" })
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe(`${browser.origin}/auth/signin?error=CredentialsSignin&code=credentials`)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })

  it("a credentials provider with its own id signs in (@auth/qwik posted any id but 'credentials' to /signin)", async () => {
    const password = Credentials({
      id: "password",
      credentials: { username: {}, password: {} },
      authorize: ({ username, password }) => (username === alice.username && password === alice.password ? { id: alice.id, email: alice.email } : null),
    })
    const { browser, plugin } = await browse(testConfig({ providers: [password] }))
    const response = await browser.post(`/?qaction=${idOf(plugin.useSignIn)}`, { providerId: "password", ...credentials })
    expect(response.headers.get("location")).toBe(`${browser.origin}/`)
    expect((await browser.page()).session).toMatchObject({ user: { email: alice.email } })
  })

  it("without a provider (or with an unknown one): to the sign-in page, coming back afterwards", async () => {
    const { browser, plugin } = await browse()
    for (const form of [{}, { providerId: "nope" }] as Record<string, string>[]) {
      const response = await browser.post(`/?qaction=${idOf(plugin.useSignIn)}&tab=2`, form)
      expect(response.status).toBe(303)
      const location = new URL(response.headers.get("location") ?? "")
      expect(location.pathname).toBe("/auth/signin")
      expect(location.searchParams.get("callbackUrl")).toBe(`${browser.origin}/?tab=2`)
    }
  })

  it("an OAuth provider: to its authorization page with authorizationParams, the PKCE cookie set", async () => {
    const github = GitHub({ clientId: "gh-client", clientSecret: "gh-secret" })
    const { browser, plugin } = await browse(testConfig({ providers: [github] }))
    const response = await browser.post(`/?qaction=${idOf(plugin.useSignIn)}`, { providerId: "github", "authorizationParams.login": "alice" })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get("location") ?? "")
    expect(`${location.origin}${location.pathname}`).toBe("https://github.com/login/oauth/authorize")
    expect(location.searchParams.get("client_id")).toBe("gh-client")
    expect(location.searchParams.get("login")).toBe("alice")
    expect(location.searchParams.get("redirect_uri")).toBe(`${browser.origin}/auth/callback/github`)
    // GitHub's check is PKCE: its verifier cookie comes back with the callback.
    expect(browser.jar.has("authjs.pkce.code_verifier")).toBe(true)
  })

  it("too many attempts from this client: the action fails with 429 and retryAfter, the page says so (no redirect)", async () => {
    const config = testConfig()
    config.rateLimit = { store: (config.rateLimit as { store: never }).store, credentials: { perClient: [{ limit: 1, windowMs: 60_000 }] } }
    const { browser, plugin } = await browse(config)
    const form = { providerId: "credentials", "options.username": "bob", "options.password": "nope" }
    expect((await browser.post(`/?qaction=${idOf(plugin.useSignIn)}`, form)).status).toBe(303)
    const limited = await browser.post(`/?qaction=${idOf(plugin.useSignIn)}`, { ...form, "options.username": "carol" })
    expect(limited.status).toBe(429)
    const { action } = (await limited.json()) as { action: { failed: boolean; error: string; retryAfter: number } }
    expect(action).toMatchObject({ failed: true, error: "TooManyRequests" })
    expect(action.retryAfter).toBeGreaterThan(0)
  })

  it("is refused by Qwik City when posted from another origin (the protection the actions rely on)", async () => {
    const { browser, plugin } = await browse()
    const response = await browser.post(`/?qaction=${idOf(plugin.useSignIn)}`, { providerId: "credentials", ...credentials }, { origin: "https://elsewhere.example" })
    expect(response.status).toBe(403)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })

  it("input that does not match @auth/qwik's schema fails validation (400) and signs nobody in", async () => {
    const { browser, plugin } = await browse()
    const response = await browser.send(`/?qaction=${idOf(plugin.useSignIn)}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: browser.origin },
      body: JSON.stringify({ providerId: 42 }),
    })
    expect(response.status).toBe(400)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })
})

describe("useSignOut", () => {
  async function signedIn(): Promise<{ browser: Browser; plugin: QwikAuthResult }> {
    const context = await browse()
    await context.browser.signInWithForm()
    expect(context.browser.jar.has(SESSION_COOKIE)).toBe(true)
    return context
  }

  it("from a plain form POST: 303 to redirectTo, the session cookie cleared", async () => {
    const { browser, plugin } = await signedIn()
    const response = await browser.post(`/?qaction=${idOf(plugin.useSignOut)}`, { redirectTo: "/signedout" })
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe(`${browser.origin}/signedout`)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    expect((await browser.page()).session).toBeNull()
  })

  it("from Qwik City's client, without redirectTo: back to the same page, through the data response's Location", async () => {
    const { browser, plugin } = await signedIn()
    const response = await browser.post(`/protected/q-data.json?qaction=${idOf(plugin.useSignOut)}`, {})
    expect(response.status).toBe(200)
    expect(response.headers.get("location")).toBe(`${browser.origin}/protected`)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })

  it("is refused by Qwik City when posted from another origin: the session stays", async () => {
    const { browser, plugin } = await signedIn()
    const response = await browser.post(`/?qaction=${idOf(plugin.useSignOut)}`, {}, { origin: "https://elsewhere.example" })
    expect(response.status).toBe(403)
    expect((await browser.page()).session).toMatchObject({ user: { email: alice.email } })
  })
})
