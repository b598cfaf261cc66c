/**
 * `ExpressAuth()` over real HTTP, on Express 4 and Express 5 alike: the endpoints under the mount point, `auth(req,
 * res)` in a route, `sessionMiddleware`, and the server-side `signIn`, `signOut` and `unstable_update`.
 */
import { CredentialsSignin, ExpressAuth, type ExpressAuthResult } from "@gatehousejs/express"
import type { Express } from "express"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { alice, Browser, expressVersions, SESSION_COOKIE, startApp, testConfig, type RunningApp } from "./helpers/server.js"

describe.each(expressVersions)("%s", (_, express) => {
  let app: RunningApp
  let gatehouse: ExpressAuthResult

  /** Auth first (it reads the raw body), then the app's own parser for its own forms. */
  function routes(server: Express): void {
    const { handlers, auth, sessionMiddleware, signIn, signOut, unstable_update, getCsrfToken } = gatehouse
    server.use("/auth", handlers)
    server.use(express.urlencoded({ extended: false }))
    server.get("/me", async (req, res) => {
      res.json({ session: await auth(req, res) })
    })
    server.get("/page", sessionMiddleware, (_req, res) => {
      res.json({ session: res.locals.session as unknown })
    })
    server.get("/both", sessionMiddleware, async (req, res) => {
      res.json({ same: (await auth(req, res)) === res.locals.session })
    })
    server.post("/login", async (req, res, next) => {
      try {
        await signIn(req, res, "credentials", { ...req.body, redirectTo: "/welcome" })
      } catch (error) {
        if (error instanceof CredentialsSignin) return void res.status(401).json({ error: error.type })
        next(error)
      }
    })
    server.post("/login-json", async (req, res, next) => {
      try {
        const url = await signIn(req, res, "credentials", { ...req.body, redirect: false, redirectTo: "/welcome" })
        res.json({ url })
      } catch (error) {
        next(error)
      }
    })
    server.get("/login-page", async (req, res) => {
      await signIn(req, res)
    })
    server.post("/logout", async (req, res) => {
      await signOut(req, res, { redirectTo: "/bye" })
    })
    server.post("/logout-json", async (req, res) => {
      const url = await signOut(req, res, { redirect: false })
      res.json({ url, session: await auth(req, res) })
    })
    server.get("/signout-form", async (req, res) => {
      res.json({ csrfToken: await getCsrfToken(req, res), again: await getCsrfToken(req, res) })
    })
    server.post("/rename", async (req, res) => {
      res.json({ session: await unstable_update(req, res, { user: { name: String(req.body.name) } }) })
    })
  }

  beforeAll(async () => {
    // updateAge 0: every session check re-issues the cookie, so the tests can see it forwarded.
    gatehouse = ExpressAuth(testConfig({ session: { updateAge: 0 } }))
    app = await startApp(express, routes)
  })

  afterAll(async () => {
    await app.close()
    expect(app.errors).toEqual([])
  })

  describe("the endpoints under the mount point", () => {
    it("a credentials sign-in round trip: CSRF token, callback, session cookie, /auth/session", async () => {
      const browser = new Browser(app.url)
      const response = await browser.signIn()
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(`${app.url}/`)
      expect(browser.jar.has(SESSION_COOKIE)).toBe(true)

      const session = await browser.get("/auth/session")
      expect(session.status).toBe(200)
      expect(session.headers.get("cache-control")).toBe("private, no-cache, no-store")
      expect(await session.json()).toMatchObject({ user: { name: alice.name, email: alice.email } })
    })

    it("every Set-Cookie line is forwarded on its own", async () => {
      const browser = new Browser(app.url)
      await browser.csrfToken()
      const response = await browser.signIn()
      const names = response.headers.getSetCookie().map((line) => line.split("=")[0])
      expect(names).toContain(SESSION_COOKIE)
      expect(names).toContain("authjs.callback-url")
    })

    it("a wrong password goes back to the sign-in page under the mount point", async () => {
      const response = await new Browser(app.url).signIn("/auth", "not-wonderland")
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(`${app.url}/auth/signin?error=CredentialsSignin&code=credentials`)
    })

    it("the built-in sign-in page streams in full", async () => {
      const response = await new Browser(app.url).get("/auth/signin")
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toMatch(/^text\/html/)
      const html = await response.text()
      expect(html).toContain(`action="${app.url}/auth/callback/credentials"`)
      expect(html.trimEnd()).toMatch(/<\/html>$/)
    })

    it("HEAD is answered as GET without a body", async () => {
      const response = await new Browser(app.url).send("/auth/providers", { method: "HEAD" })
      expect(response.status).toBe(200)
      expect(await response.text()).toBe("")
    })

    it("methods the engine does not answer are left to the app (404)", async () => {
      const response = await new Browser(app.url).send("/auth/session", { method: "PUT" })
      expect(response.status).toBe(404)
    })
  })

  describe("auth(req, res) and sessionMiddleware", () => {
    it("signed out: auth() resolves null and the middleware sets res.locals.session = null", async () => {
      const browser = new Browser(app.url)
      expect(await (await browser.get("/me")).json()).toEqual({ session: null })
      expect(await (await browser.get("/page")).json()).toEqual({ session: null })
    })

    it("signed in: the session in a route, with the refreshed session cookie on the route's response", async () => {
      const browser = new Browser(app.url)
      await browser.signIn()
      const response = await browser.get("/me")
      const { session } = (await response.json()) as { session: { user: { name: string } } }
      expect(session.user.name).toBe(alice.name)
      expect(response.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true)
    })

    it("signed in: the middleware puts the session on res.locals.session", async () => {
      const browser = new Browser(app.url)
      await browser.signIn()
      const { session } = (await (await browser.get("/page")).json()) as { session: { user: { email: string } } }
      expect(session.user.email).toBe(alice.email)
    })

    it("the middleware and auth() in the same request share one lookup and one Set-Cookie", async () => {
      const browser = new Browser(app.url)
      await browser.signIn()
      const response = await browser.get("/both")
      expect(await response.json()).toEqual({ same: true })
      expect(response.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`))).toHaveLength(1)
    })

    it("a tampered session cookie is signed out, not an error, and the route's response clears it", async () => {
      const browser = new Browser(app.url)
      browser.jar.set(SESSION_COOKIE, "not-a-jwe")
      expect(await (await browser.get("/me")).json()).toEqual({ session: null })
      expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    })
  })

  describe("signIn(req, res, …) in a route", () => {
    it("redirects to redirectTo with the session cookie", async () => {
      const browser = new Browser(app.url)
      const response = await browser.post("/login", { username: alice.username, password: alice.password })
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(`${app.url}/welcome`)
      expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
      expect(await (await browser.get("/me")).json()).toMatchObject({ session: { user: { name: alice.name } } })
    })

    it("with redirect: false, returns the URL and still writes the cookie", async () => {
      const browser = new Browser(app.url)
      const response = await browser.post("/login-json", { username: alice.username, password: alice.password })
      expect(await response.json()).toEqual({ url: `${app.url}/welcome` })
      expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
    })

    it("a form field named redirect does not take the decision from the route", async () => {
      const browser = new Browser(app.url)
      const response = await browser.post("/login", { username: alice.username, password: alice.password, redirect: "false" })
      expect(response.status).toBe(302)
    })

    it("rejects with CredentialsSignin for a wrong password, and no session cookie", async () => {
      const browser = new Browser(app.url)
      const response = await browser.post("/login", { username: alice.username, password: "nope" })
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ error: "CredentialsSignin" })
      expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    })

    it("without a provider, redirects to the sign-in page under the base path", async () => {
      const response = await new Browser(app.url).get("/login-page", { referer: `${app.url}/from` })
      expect(response.status).toBe(302)
      const location = new URL(response.headers.get("location")!)
      expect(location.origin + location.pathname).toBe(`${app.url}/auth/signin`)
      expect(location.searchParams.get("callbackUrl")).toBe(`${app.url}/from`)
    })
  })

  describe("signOut(req, res, …) in a route", () => {
    it("redirects to redirectTo and clears the session cookie", async () => {
      const browser = new Browser(app.url)
      await browser.signIn()
      const response = await browser.post("/logout", {})
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(`${app.url}/bye`)
      expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    })

    it("with redirect: false, returns the URL; auth() in the same request then says signed out", async () => {
      const browser = new Browser(app.url)
      await browser.signIn()
      const response = await browser.post("/logout-json", {}, { referer: `${app.url}/somewhere` })
      expect(await response.json()).toEqual({ url: `${app.url}/somewhere`, session: null })
      expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    })
  })

  describe("getCsrfToken(req, res)", () => {
    it("gives a server-rendered sign-out form a token the sign-out endpoint accepts", async () => {
      const browser = new Browser(app.url)
      await browser.signIn()
      browser.jar.delete("authjs.csrf-token")
      const response = await browser.get("/signout-form")
      const { csrfToken, again } = (await response.json()) as { csrfToken: string; again: string }
      expect(again).toBe(csrfToken)
      expect(response.headers.getSetCookie().filter((line) => line.startsWith("authjs.csrf-token="))).toHaveLength(1)

      const signOut = await browser.post("/auth/signout", { csrfToken, callbackUrl: "/" })
      expect(signOut.headers.get("location")).toBe(`${app.url}/`)
      expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    })

    it("keeps the browser's CSRF cookie when it has one", async () => {
      const browser = new Browser(app.url)
      const token = await browser.csrfToken()
      const response = await browser.get("/signout-form")
      expect(((await response.json()) as { csrfToken: string }).csrfToken).toBe(token)
      expect(response.headers.getSetCookie()).toEqual([])
    })
  })

  describe("unstable_update(req, res, data)", () => {
    it("updates the session, returns it, and writes the new cookie", async () => {
      const browser = new Browser(app.url)
      await browser.signIn()
      const response = await browser.post("/rename", { name: "Alice Liddell" })
      expect(await response.json()).toMatchObject({ session: { user: { name: "Alice Liddell" } } })
      expect(await (await browser.get("/me")).json()).toMatchObject({ session: { user: { name: "Alice Liddell" } } })
    })

    it("signed out: resolves null", async () => {
      const response = await new Browser(app.url).post("/rename", { name: "Mallory" })
      expect(await response.json()).toEqual({ session: null })
    })
  })
})
