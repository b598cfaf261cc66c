/**
 * `@gatehousejs/sveltekit/client` in a page of the app: `signIn` and `signOut` post the forms the built-in pages post,
 * with the CSRF token the engine checks (`@auth/sveltekit/client` sent none), to `{paths.base}/auth`, and either send
 * the browser on or, with `redirect: false`, resolve to the outcome.
 */
import { kit, resetKit } from "./helpers/sveltekit-modules.js"
import GitHub from "@gatehousejs/core/providers/github"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { signIn, signOut } from "../src/client.js"
import { SvelteKitAuth } from "../src/index.js"
import { alice, SESSION_COOKIE, testConfig } from "./helpers/config.js"
import { Browser, createApp } from "./helpers/server.js"

let browser: Browser
/** Where the page sent the browser (`window.location.href = …`). */
let location: { href: string; reload: () => void }

/** A page at `/account` of an app, whose `fetch` reaches the app with the browser's cookies. */
function page(config = testConfig()): void {
  const { handle } = SvelteKitAuth(config)
  browser = new Browser(createApp(handle))
  location = { href: `${browser.app.origin}/account`, reload: vi.fn() }
  vi.stubGlobal("window", { location })
  vi.stubGlobal("fetch", (input: string, init: RequestInit = {}) =>
    browser.send(input, { method: init.method, headers: init.headers as Record<string, string>, body: init.body?.toString() }),
  )
}

beforeEach(() => resetKit())
afterEach(() => vi.unstubAllGlobals())

describe("signIn", () => {
  it("signs in with credentials without leaving the page (redirect: false)", async () => {
    page()
    const result = await signIn("credentials", { username: alice.username, password: alice.password, redirect: false })
    expect(result).toEqual({ error: undefined, code: undefined, status: 200, ok: true, url: `${browser.app.origin}/account` })
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
    expect(location.href).toBe(`${browser.app.origin}/account`)
  })

  it("reports a wrong password as CredentialsSignin, and signs nobody in", async () => {
    page()
    const result = await signIn("credentials", { username: alice.username, password: "nope", redirect: false })
    expect(result).toMatchObject({ error: "CredentialsSignin", code: "credentials", url: null })
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })

  it("goes to redirectTo after signing in", async () => {
    page()
    await signIn("credentials", { username: alice.username, password: alice.password, redirectTo: "/dashboard" })
    expect(location.href).toBe(`${browser.app.origin}/dashboard`)
  })

  it("sends an OAuth sign-in to the provider with the authorization parameters", async () => {
    page(testConfig({ providers: [GitHub({ clientId: "gh-client", clientSecret: "gh-secret" })] }))
    await signIn("github", {}, { prompt: "consent" })
    const url = new URL(location.href)
    expect(`${url.origin}${url.pathname}`).toBe("https://github.com/login/oauth/authorize")
    expect(url.searchParams.get("prompt")).toBe("consent")
  })

  it("with no provider, opens the sign-in page under {paths.base}/auth, coming back here afterwards", async () => {
    page()
    kit.base = "/app"
    await signIn()
    expect(location.href).toBe(`${browser.app.origin}/app/auth/signin?callbackUrl=${encodeURIComponent(`${browser.app.origin}/account`)}`)
  })
})

describe("signOut", () => {
  it("ends the session and resolves to the URL with redirect: false", async () => {
    page()
    await signIn("credentials", { username: alice.username, password: alice.password, redirect: false })
    expect(await signOut({ redirect: false, redirectTo: "/bye" })).toEqual({ url: `${browser.app.origin}/bye` })
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })

  it("goes back to the page by default", async () => {
    page()
    await signIn("credentials", { username: alice.username, password: alice.password, redirect: false })
    location.href = `${browser.app.origin}/settings`
    await signOut()
    expect(location.href).toBe(`${browser.app.origin}/settings`)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })
})
