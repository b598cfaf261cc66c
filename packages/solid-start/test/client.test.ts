/**
 * `@gatehousejs/solid-start/client` in a page: `window.location` stands in for the browser's (navigations are
 * recorded, not performed), and `fetch` reaches the app's `SolidAuth` handlers with the browser's cookies, as a
 * same-origin `fetch` from the page would.
 */
import GitHub from "@gatehousejs/core/providers/github"
import Credentials from "@gatehousejs/core/providers/credentials"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { signIn, signOut } from "../src/client.js"
import { SolidAuth } from "../src/index.js"
import { alice, Browser, ORIGIN, SESSION_COOKIE, startApp, testConfig } from "./helpers/start.js"

const PAGE = `${ORIGIN}/account?tab=1`

let navigations: string[]
let reloads: number
let browser: Browser
let posts: { path: string; headers: Headers; form: URLSearchParams }[]

/** The page's `window` and `fetch`, over an app with `config`. */
function open(config = testConfig()): void {
  browser = new Browser(startApp(SolidAuth(config)))
  const location = {
    get href() {
      return PAGE
    },
    set href(url: string) {
      navigations.push(url)
    },
    reload: () => {
      reloads++
    },
  }
  vi.stubGlobal("window", { location })
  vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
    const request = new Request(new URL(input, PAGE), init)
    if (request.method === "POST") posts.push({ path: new URL(request.url).pathname, headers: request.headers, form: new URLSearchParams(await request.clone().text()) })
    return browser.send(request)
  })
}

beforeEach(() => {
  navigations = []
  reloads = 0
  posts = []
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe("signIn", () => {
  it("credentials: posts the fields with the CSRF token, then goes to redirectTo, signed in", async () => {
    open()
    await signIn("credentials", { username: alice.username, password: alice.password, redirectTo: "/dashboard" })
    expect(navigations).toEqual([`${ORIGIN}/dashboard`])
    const [post] = posts
    expect(post?.path).toBe("/api/auth/callback/credentials")
    expect(post?.headers.get("x-auth-return-redirect")).toBe("1")
    expect(Object.fromEntries(post?.form ?? [])).toEqual({
      username: alice.username,
      password: alice.password,
      csrfToken: decodeURIComponent(browser.jar.get("authjs.csrf-token") ?? "").split("|")[0],
      callbackUrl: "/dashboard",
    })
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
  })

  it("redirect: false with a wrong password: the error and its code, no navigation", async () => {
    open()
    const result = await signIn("credentials", { username: alice.username, password: "nope", redirect: false })
    expect(result).toEqual({ error: "CredentialsSignin", code: "credentials", status: 200, ok: true, url: null })
    expect(navigations).toEqual([])
  })

  it("redirect: false signed in: ok and the URL, which defaults to this page", async () => {
    open()
    const result = await signIn("credentials", { username: alice.username, password: alice.password, redirect: false })
    expect(result).toEqual({ error: undefined, code: undefined, status: 200, ok: true, url: PAGE })
  })

  it("a credentials provider with its own id is posted to its callback (@auth/solid-start posted to /signin)", async () => {
    const password = Credentials({
      id: "password",
      credentials: { username: {}, password: {} },
      authorize: ({ username, password }) => (username === alice.username && password === alice.password ? { id: alice.id, email: alice.email } : null),
    })
    open(testConfig({ providers: [password] }))
    await signIn("password", { username: alice.username, password: alice.password })
    expect(posts.map((p) => p.path)).toEqual(["/api/auth/callback/password"])
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
  })

  it("without a provider, or with one the server does not have: the sign-in page, coming back here", async () => {
    open()
    await signIn()
    await signIn("nope")
    // Assigned resolved against the page, as every navigation of the client core (the browser loads the same URL).
    const expected = `${ORIGIN}/api/auth/signin?${new URLSearchParams({ callbackUrl: PAGE })}`
    expect(navigations).toEqual([expected, expected])
    expect(posts).toEqual([])
  })

  it("OAuth: to the provider's authorization page, with the authorization parameters", async () => {
    open(testConfig({ providers: [GitHub({ clientId: "gh-id", clientSecret: "gh-secret" })] }))
    await signIn("github", undefined, { login: "alice" })
    expect(posts.map((p) => `${p.path}`)).toEqual(["/api/auth/signin/github"])
    const target = new URL(navigations[0] ?? "")
    expect(`${target.origin}${target.pathname}`).toBe("https://github.com/login/oauth/authorize")
    expect(target.searchParams.get("login")).toBe("alice")
  })

  it("a target that differs from the page by its hash is reloaded too", async () => {
    open()
    await signIn("credentials", { username: alice.username, password: alice.password, redirectTo: "/account?tab=1#profile" })
    expect(navigations).toEqual([`${ORIGIN}/account?tab=1#profile`])
    expect(reloads).toBe(1)
  })
})

describe("signOut", () => {
  it("clears the session and goes to callbackUrl (default: this page)", async () => {
    open()
    await browser.signIn()
    await signOut()
    await signOut({ callbackUrl: "/bye" })
    expect(navigations).toEqual([PAGE, `${ORIGIN}/bye`])
    expect(posts[0]?.form.get("csrfToken")).toMatch(/^[0-9a-f]{64}$/)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })

  it("redirect: false signs out and stays on the page (@auth/solid-start navigated anyway)", async () => {
    open()
    await browser.signIn()
    await signOut({ redirect: false })
    expect(navigations).toEqual([])
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })
})
