/**
 * The form actions (`export const actions = { default: signIn }` / `{ default: signOut }`) posted as a SvelteKit form
 * posts them, and `event.locals.signIn()` / `signOut()`: the engine signs in or out server-side, the cookies go out
 * through `event.cookies`, and the answer is SvelteKit's `redirect()` — to the provider, the callback URL, the sign-in
 * page — or, with `redirect: false`, the URL.
 */
import { resetKit } from "./helpers/sveltekit-modules.js"
import Credentials from "@gatehousejs/core/providers/credentials"
import GitHub from "@gatehousejs/core/providers/github"
import { isRedirect } from "@sveltejs/kit"
import { beforeEach, describe, expect, it } from "vitest"
import { memoryStore } from "@gatehousejs/core"
import { CredentialsSignin, SvelteKitAuth } from "../src/index.js"
import { alice, SESSION_COOKIE, testConfig } from "./helpers/config.js"
import { Browser, createApp, formAction, type Route } from "./helpers/server.js"

beforeEach(() => resetKit())

const sessionPage: Route = async (event) => Response.json({ session: await event.locals.auth() })

const credentials = { providerId: "credentials", username: alice.username, password: alice.password }

function app(config = testConfig()): Browser {
  const { handle, signIn, signOut } = SvelteKitAuth(config)
  return new Browser(createApp(handle, { "/": sessionPage, "/signin": formAction(signIn), "/signout": formAction(signOut) }))
}

describe("the signIn form action", () => {
  it("signs in with credentials and redirects to redirectTo, with the session cookie on the redirect", async () => {
    const browser = app()
    const response = await browser.post("/signin", { ...credentials, redirectTo: "/dashboard" })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe("http://localhost:5173/dashboard")
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
    expect(await (await browser.get("/")).json()).toMatchObject({ session: { user: { name: alice.name, email: alice.email } } })
  })

  it("without redirectTo, goes back to the page the form was on (Referer)", async () => {
    const browser = app()
    const response = await browser.post("/signin", credentials, { referer: "http://localhost:5173/account?tab=2" })
    expect(response.headers.get("location")).toBe("http://localhost:5173/account?tab=2")
  })

  it("the form's own redirect field does not stop the redirect", async () => {
    const browser = app()
    const response = await browser.post("/signin", { ...credentials, redirect: "false", redirectTo: "/" })
    expect(response.status).toBe(302)
  })

  it("throws CredentialsSignin for a wrong password, and sets no session", async () => {
    const { handle, signIn } = SvelteKitAuth(testConfig())
    let thrown: unknown
    const browser = new Browser(
      createApp(handle, {
        "/": sessionPage,
        "/signin": formAction(async (event) => {
          try {
            await signIn(event)
          } catch (error) {
            thrown = error
            return { failed: true }
          }
        }),
      }),
    )
    const response = await browser.post("/signin", { ...credentials, password: "nope" })
    expect(await response.json()).toEqual({ type: "success", data: { failed: true } })
    expect(thrown).toBeInstanceOf(CredentialsSignin)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })

  it("sends an OAuth sign-in to the provider, with the form's authorizationParams-* and the check cookies", async () => {
    const browser = app(testConfig({ providers: [GitHub({ clientId: "gh-client", clientSecret: "gh-secret" })] }))
    const response = await browser.post("/signin", { providerId: "github", "authorizationParams-prompt": "consent", redirectTo: "/after" })
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get("location") ?? "")
    expect(`${location.origin}${location.pathname}`).toBe("https://github.com/login/oauth/authorize")
    expect(location.searchParams.get("client_id")).toBe("gh-client")
    expect(location.searchParams.get("prompt")).toBe("consent")
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost:5173/auth/callback/github")
    expect([...browser.jar.keys()]).toEqual(expect.arrayContaining(["authjs.callback-url", "authjs.pkce.code_verifier"]))
    expect(decodeURIComponent(browser.jar.get("authjs.callback-url") ?? "")).toBe("http://localhost:5173/after")
  })

  it("without a providerId (or with an unknown one), redirects to the sign-in page, coming back afterwards", async () => {
    const browser = app()
    for (const form of [{ providerId: "" }, { providerId: "nope" }]) {
      const response = await browser.post("/signin", { ...form, redirectTo: "/dashboard" })
      const location = new URL(response.headers.get("location") ?? "")
      expect(`${location.origin}${location.pathname}`).toBe("http://localhost:5173/auth/signin")
      expect(location.searchParams.get("callbackUrl")).toBe("/dashboard")
    }
  })
})

describe("a refused sign-in no app code catches (`actions = { default: signIn }`)", () => {
  /** What SvelteKit does with an error its action threw: a 500 page (the harness alone would rethrow it). */
  const asSvelteKit =
    (action: Route): Route =>
    async (event) => {
      try {
        return await action(event)
      } catch (error) {
        if (isRedirect(error)) throw error
        return new Response("Internal Error", { status: 500 })
      }
    }

  function bareApp(config = testConfig()): Browser {
    const { handle, signIn } = SvelteKitAuth(config)
    return new Browser(createApp(handle, { "/": sessionPage, "/login": asSvelteKit(formAction(signIn)), "/raw": formAction(signIn) }))
  }

  it("a wrong password ends on the sign-in page with error=CredentialsSignin and the callbackUrl, as the endpoint does", async () => {
    const browser = bareApp()
    for (const path of ["/login", "/raw"]) {
      const response = await browser.post(path, { ...credentials, password: "nope", redirectTo: "/private" })
      expect(response.status).toBe(303)
      expect(response.headers.get("location")).toBe("/auth/signin?error=CredentialsSignin&code=credentials&callbackUrl=%2Fprivate")
      expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    }
    // The page it lands on says what went wrong, and the right password then comes back to /private.
    expect(await (await browser.get("/auth/signin?error=CredentialsSignin&code=credentials&callbackUrl=%2Fprivate")).text()).toContain(
      "Sign in failed. Check the details you provided are correct.",
    )
    const retry = await browser.post("/login", { ...credentials, redirectTo: "/private" })
    expect(retry.headers.get("location")).toBe("http://localhost:5173/private")
  })

  it("without redirectTo, the callbackUrl is the page the form was on; pages.signIn and a custom code are kept", async () => {
    class Locked extends CredentialsSignin {
      override code = "locked"
    }
    const locked = Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: () => Promise.reject(new Locked()),
    })
    const config = testConfig({ pages: { signIn: "/login" }, providers: [locked] })
    const browser = bareApp(config)
    const response = await browser.post("/login", credentials, { referer: "http://localhost:5173/account?tab=2" })
    expect(response.headers.get("location")).toBe("/login?error=CredentialsSignin&code=locked&callbackUrl=%2Faccount%3Ftab%3D2")
  })

  it("use:enhance gets SvelteKit's redirect ActionResult", async () => {
    const browser = bareApp()
    const response = await browser.post("/login", { ...credentials, password: "nope", redirectTo: "/private" }, { "x-sveltekit-action": "true" })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      type: "redirect",
      status: 303,
      location: "/auth/signin?error=CredentialsSignin&code=credentials&callbackUrl=%2Fprivate",
    })
  })

  it("too many attempts is a 429 with Retry-After", async () => {
    const browser = bareApp(testConfig({ rateLimit: { store: memoryStore(), credentials: { perIdentifier: [{ limit: 1, windowMs: 60_000 }] } } }))
    await browser.post("/login", { ...credentials, password: "nope" })
    const response = await browser.post("/login", { ...credentials, password: "nope" })
    expect(response.status).toBe(429)
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0)
  })

  it("an app's own answer is left alone: its fail() after catching, and a 500 with no refusal behind it", async () => {
    const { handle, signIn } = SvelteKitAuth(testConfig())
    const caught: Route = async (event) => {
      try {
        await signIn(event)
      } catch {
        // the app's own answer below
      }
      return Response.json({ type: "failure", status: 400 }, { status: 400 })
    }
    const broken: Route = async () => new Response("the app's own failure", { status: 500 })
    const browser = new Browser(createApp(handle, { "/caught": caught, "/broken": broken }))
    expect((await browser.post("/caught", { ...credentials, password: "nope" })).status).toBe(400)
    expect((await browser.post("/broken", credentials)).status).toBe(500)
  })
})

describe("the signOut form action", () => {
  it("clears the session and redirects to redirectTo", async () => {
    const browser = app()
    await browser.post("/signin", { ...credentials, redirectTo: "/" })
    const response = await browser.post("/signout", { redirectTo: "/goodbye" })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe("http://localhost:5173/goodbye")
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    expect(await (await browser.get("/")).json()).toEqual({ session: null })
  })
})

describe("event.locals.signIn() and signOut()", () => {
  it("with redirect: false they resolve to the URL, and locals.auth() later in the same request sees the change", async () => {
    const { handle } = SvelteKitAuth(testConfig())
    const flow: Route = async (event) => {
      const url = await event.locals.signIn("credentials", { username: alice.username, password: alice.password, redirectTo: "/next", redirect: false })
      const signedIn = await event.locals.auth()
      const after = await event.locals.signOut({ redirectTo: "/bye", redirect: false })
      const signedOut = await event.locals.auth()
      return Response.json({ url, email: signedIn?.user?.email, after, signedOut })
    }
    const browser = new Browser(createApp(handle, { "/flow": flow }))
    expect(await (await browser.get("/flow")).json()).toEqual({
      url: "http://localhost:5173/next",
      email: alice.email,
      after: "http://localhost:5173/bye",
      signedOut: null,
    })
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })

  it("redirect (the default) throws SvelteKit's redirect, with the session cookie on the response", async () => {
    const { handle } = SvelteKitAuth(testConfig())
    let thrown: unknown
    const page: Route = async (event) => {
      try {
        await event.locals.signIn("credentials", { username: alice.username, password: alice.password, redirectTo: "/home" })
      } catch (error) {
        thrown = error
        throw error
      }
      return new Response("not reached")
    }
    const browser = new Browser(createApp(handle, { "/go": page }))
    const response = await browser.get("/go")
    expect(isRedirect(thrown)).toBe(true)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe("http://localhost:5173/home")
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
  })

  it("takes a FormData, as a form action hands it on", async () => {
    const { handle } = SvelteKitAuth(testConfig())
    const page: Route = async (event) => {
      const form = new FormData()
      for (const [key, value] of Object.entries({ username: alice.username, password: alice.password, redirectTo: "/x" })) form.set(key, value)
      return Response.json({ url: await event.locals.signIn("credentials", form) })
    }
    const response = await new Browser(createApp(handle, { "/go": page })).get("/go")
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe("http://localhost:5173/x")
  })
})
