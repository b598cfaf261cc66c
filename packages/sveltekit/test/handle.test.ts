/**
 * `handle` as `src/hooks.server.ts` exports it: the endpoints under `/auth` answered by the engine (the built-in pages,
 * the credentials form with its CSRF token, the session), every other request passed to `resolve`, and
 * `event.locals.auth()` in a page reading the session and writing the cookie the engine renews or clears.
 */
import { resetKit } from "./helpers/sveltekit-modules.js"
import { beforeEach, describe, expect, it, vi } from "vitest"
import type { CallbacksOptions } from "@gatehousejs/core"
import { SvelteKitAuth } from "../src/index.js"
import { encode } from "@gatehousejs/core/jwt"
import { alice, SECRET, SESSION_COOKIE, testConfig } from "./helpers/config.js"
import { Browser, createApp, type Route } from "./helpers/server.js"

beforeEach(() => resetKit())

type SessionCallback = CallbacksOptions["session"]

/** A page whose `load` returns `await event.locals.auth()`. */
const sessionPage: Route = async (event) => Response.json({ session: await event.locals.auth() })

async function signInWithForm(browser: Browser, password = alice.password): Promise<Response> {
  const csrfToken = await browser.csrfToken()
  return browser.post("/auth/callback/credentials", { csrfToken, username: alice.username, password, callbackUrl: "/" })
}

describe("handle", () => {
  it("answers the endpoints under /auth and passes every other path to resolve", async () => {
    const { handle } = SvelteKitAuth(testConfig())
    const page = vi.fn<Route>(() => new Response("a page"))
    const app = createApp(handle, { "/": page, "/authors": page, "/auth/unknown": page })
    const browser = new Browser(app)

    const providers = await browser.get("/auth/providers")
    expect(providers.status).toBe(200)
    expect(await providers.json()).toMatchObject({ credentials: { id: "credentials", type: "credentials", signinUrl: "http://localhost:5173/auth/signin/credentials" } })
    const signInPage = await browser.get("/auth/signin")
    expect(signInPage.headers.get("content-type")).toContain("text/html")
    expect(await signInPage.text()).toContain('action="http://localhost:5173/auth/callback/credentials"')
    expect(page).not.toHaveBeenCalled()

    // A path that only starts like the base path, and one under it that names no endpoint, are the app's.
    for (const path of ["/", "/authors", "/auth/unknown"]) expect(await (await browser.get(path)).text()).toBe("a page")
    expect(page).toHaveBeenCalledTimes(3)
  })

  it("signs in with the built-in credentials form and out with the sign-out form; locals.auth() follows", async () => {
    const { handle } = SvelteKitAuth(testConfig())
    const browser = new Browser(createApp(handle, { "/": sessionPage }))
    expect(await (await browser.get("/")).json()).toEqual({ session: null })

    const signIn = await signInWithForm(browser)
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get("location")).toBe("http://localhost:5173/")
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
    const { session } = (await (await browser.get("/")).json()) as { session: { user: unknown; expires: string } }
    expect(session.user).toEqual({ name: alice.name, email: alice.email })
    expect(Date.parse(session.expires)).toBeGreaterThan(Date.now())

    const signOut = await browser.post("/auth/signout", { csrfToken: await browser.csrfToken(), callbackUrl: "/" })
    expect(signOut.status).toBe(302)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    expect(await (await browser.get("/")).json()).toEqual({ session: null })
  })

  it("keeps the engine's CSRF check: a sign-out form without its token ends no session", async () => {
    const { handle } = SvelteKitAuth(testConfig())
    const browser = new Browser(createApp(handle, { "/": sessionPage }))
    await signInWithForm(browser)

    const forged = await browser.post("/auth/signout", { callbackUrl: "/" })
    expect(forged.status).toBe(302)
    expect(forged.headers.get("location")).toContain("error=MissingCSRF")
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
    expect(await (await browser.get("/")).json()).toMatchObject({ session: { user: { email: alice.email } } })
  })

  it("a wrong password on the built-in form signs nobody in", async () => {
    const { handle } = SvelteKitAuth(testConfig())
    const browser = new Browser(createApp(handle, { "/": sessionPage }))
    const response = await signInWithForm(browser, "not-her-password")
    expect(response.headers.get("location")).toBe("http://localhost:5173/auth/signin?error=CredentialsSignin&code=credentials")
    expect(await (await browser.get("/")).json()).toEqual({ session: null })
  })

  it("locals.auth() writes the renewed session cookie with the engine's attributes, not SvelteKit's defaults", async () => {
    // updateAge 0: every session check renews the cookie (rolling expiry), so this page's response carries one.
    const { handle } = SvelteKitAuth(testConfig({ session: { updateAge: 0 } }))
    // Plain http on 127.0.0.1: SvelteKit's own default would add Secure, which the engine leaves out on http.
    const browser = new Browser(createApp(handle, { "/": sessionPage }, { origin: "http://127.0.0.1:5173" }))
    await signInWithForm(browser)
    const before = browser.jar.get(SESSION_COOKIE)

    await browser.get("/")
    const renewed = browser.lastSetCookie.find((line) => line.startsWith(`${SESSION_COOKIE}=`))
    expect(renewed).toBeDefined()
    expect(renewed).toMatch(/; Path=\/(;|$)/)
    expect(renewed).toMatch(/; HttpOnly(;|$)/)
    expect(renewed).toMatch(/; SameSite=Lax(;|$)/i)
    expect(renewed).not.toMatch(/Secure/i)
    expect(browser.jar.get(SESSION_COOKIE)).not.toBe(before)
  })

  it("one session lookup per request: a layout's and a page's locals.auth() share it", async () => {
    const session = vi.fn<SessionCallback>(({ session }) => session)
    const { handle } = SvelteKitAuth(testConfig({ session: { updateAge: 0 }, callbacks: { session } }))
    const twice: Route = async (event) => {
      const [layout, page] = await Promise.all([event.locals.auth(), event.locals.auth()])
      return Response.json({ same: layout === page, again: (await event.locals.auth()) === page })
    }
    const browser = new Browser(createApp(handle, { "/": twice }))
    await signInWithForm(browser)
    session.mockClear()

    expect(await (await browser.get("/")).json()).toEqual({ same: true, again: true })
    expect(session).toHaveBeenCalledTimes(1)
    // Exactly one session cookie on the response, not one per call.
    expect(browser.lastSetCookie.filter((line) => line.startsWith(`${SESSION_COOKIE}=`))).toHaveLength(1)
  })

  it("an expired or unreadable session cookie reads as signed out and is cleared", async () => {
    const { handle } = SvelteKitAuth(testConfig())
    const browser = new Browser(createApp(handle, { "/": sessionPage }))
    browser.jar.set(SESSION_COOKIE, "not-a-session-token")
    expect(await (await browser.get("/")).json()).toEqual({ session: null })
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })

  it("locals.getSession() is the deprecated name of locals.auth()", async () => {
    const { handle } = SvelteKitAuth(testConfig())
    const app = createApp(handle, { "/": () => new Response("ok") })
    await app.send(new Request(`${app.origin}/`))
    const locals = app.lastEvent?.locals
    expect(locals?.getSession).toBe(locals?.auth)
    expect(typeof locals?.signIn).toBe("function")
    expect(typeof locals?.signOut).toBe("function")
  })

  it("keeps locals.auth that an earlier hook set", async () => {
    const { handle } = SvelteKitAuth(testConfig())
    const own = async () => null
    const app = createApp(async ({ event, resolve }) => {
      event.locals.auth = own
      return handle({ event, resolve })
    })
    await app.send(new Request(`${app.origin}/`))
    expect(app.lastEvent?.locals.auth).toBe(own)
  })

  it("serves under paths.base: the endpoints at {base}/auth", async () => {
    const { kit } = await import("./helpers/sveltekit-modules.js")
    kit.base = "/app"
    const { handle } = SvelteKitAuth(testConfig())
    const page = vi.fn<Route>(() => new Response("a page"))
    const browser = new Browser(createApp(handle, { "/auth/providers": page }))
    expect(await (await browser.get("/app/auth/providers")).json()).toMatchObject({ credentials: { signinUrl: "http://localhost:5173/app/auth/signin/credentials" } })
    expect(await (await browser.get("/auth/providers")).text()).toBe("a page")
  })

  it("honours a configured basePath (@auth/sveltekit overwrote it with /auth)", async () => {
    const { handle } = SvelteKitAuth(testConfig({ basePath: "/api/auth" }))
    const browser = new Browser(createApp(handle, { "/auth/providers": () => new Response("a page") }))
    expect(await (await browser.get("/api/auth/providers")).json()).toMatchObject({ credentials: { id: "credentials" } })
    expect(await (await browser.get("/auth/providers")).text()).toBe("a page")
  })

  it("RT-15 locals.auth() carries no provider token, even with a session callback that copies the token", async () => {
    const { handle } = SvelteKitAuth(testConfig({ callbacks: { session: ({ session, token }) => ({ ...session, token }) } }))
    const browser = new Browser(createApp(handle, { "/": sessionPage }))
    const gatehouse_tokens = { op: { access_token: "at-secret-1", refresh_token: "rt-secret-2", providerAccountId: "op-1" } }
    browser.jar.set(SESSION_COOKIE, await encode({ secret: SECRET, salt: SESSION_COOKIE, token: { sub: alice.id, name: alice.name, gatehouse_tokens } }))
    const body = await (await browser.get("/")).text()
    expect(JSON.parse(body)).toMatchObject({ session: { user: { name: alice.name }, token: { sub: alice.id } } })
    expect(body).not.toContain("at-secret-1")
    expect(body).not.toContain("rt-secret-2")
  })
})
