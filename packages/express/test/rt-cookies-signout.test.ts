/**
 * Security catalog RT-03 and RT-05 through `ExpressAuth()` over real HTTP, on Express 4 and 5: a planted cookie that
 * Gatehouse would never write, and sign-out while a real SQLite store is down (its database handle closed).
 */
import Database from "better-sqlite3"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { ExpressAuth, SignOutError, type ExpressAuthResult } from "@gatehousejs/express"
import type { Express } from "express"
import { afterEach, describe, expect, it } from "vitest"
import { alice, Browser, expressVersions, SESSION_COOKIE, startApp, testConfig, type RunningApp } from "./helpers/server.js"

const planted = [`${SESSION_COOKIE}.x y`, `${SESSION_COOKIE}."x"`, `${SESSION_COOKIE}.x\\y`, `${SESSION_COOKIE}.x,y`, `${SESSION_COOKIE}.\u00e9`]

/** The `Set-Cookie` names of a response. */
function names(response: Response): string[] {
  return response.headers.getSetCookie().map((line) => line.slice(0, line.indexOf("=")))
}

function cleared(response: Response, name: string): boolean {
  return response.headers.getSetCookie().some((line) => line.startsWith(`${name}=;`) && /Max-Age=0/i.test(line))
}

describe.each(expressVersions)("%s", (_, express) => {
  let app: RunningApp | undefined
  afterEach(async () => {
    await app?.close()
    app = undefined
  })

  function routes(gatehouse: ExpressAuthResult): (server: Express) => void {
    return (server) => {
      server.use("/auth", gatehouse.handlers)
      server.get("/me", async (req, res) => {
        res.json({ session: await gatehouse.auth(req, res) })
      })
      server.post("/logout", async (req, res, next) => {
        try {
          await gatehouse.signOut(req, res, { redirectTo: "/bye" })
        } catch (error) {
          if (error instanceof SignOutError) return void res.status(503).json({ error: error.type })
          next(error)
        }
      })
    }
  }

  it.each(planted)("RT-03 a planted cookie %j: sign-in, /auth/session and sign-out answer as without it, nothing echoed", async (name) => {
    app = await startApp(express, routes(ExpressAuth(testConfig({ session: { updateAge: 0 } }))))
    const browser = new Browser(app.url)
    browser.jar.set(name, "1")
    const signIn = await browser.signIn()
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get("location")).toBe(`${app.url}/`)
    expect(names(signIn)).not.toContain(name)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)

    const session = await browser.get("/auth/session")
    expect(session.status).toBe(200)
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(alice.email)
    expect(names(session)).not.toContain(name)

    const signOut = await browser.post("/auth/signout", { csrfToken: await browser.csrfToken(), callbackUrl: "/" })
    expect(signOut.status).toBe(302)
    expect(cleared(signOut, SESSION_COOKIE)).toBe(true)
    expect(names(signOut)).not.toContain(name)
    expect(((await (await browser.get("/me")).json()) as { session: unknown }).session).toBeNull()
    expect(app.errors).toEqual([])
  })

  describe("RT-05 sign-out while the SQLite store is down", () => {
    async function signedIn(): Promise<{ browser: Browser; db: Database.Database; token: string }> {
      const db = new Database(":memory:")
      const adapter = SqliteAdapter({ database: db })
      await adapter.createUser({ id: alice.id, name: alice.name, email: alice.email, emailVerified: null })
      app = await startApp(express, routes(ExpressAuth(testConfig({ adapter, session: { strategy: "database" } }))))
      const browser = new Browser(app.url)
      await browser.signIn()
      const token = browser.jar.get(SESSION_COOKIE)
      expect(token).toBeDefined()
      return { browser, db, token: token! }
    }

    it("RT-05 the endpoint: a form post lands on the error page with ?error=SignOutError, the cookie cleared", async () => {
      const { browser, db } = await signedIn()
      const csrfToken = await browser.csrfToken()
      db.close()
      const response = await browser.post("/auth/signout", { csrfToken, callbackUrl: "/" })
      expect(response.status).toBe(302)
      const target = new URL(response.headers.get("location")!)
      expect(target.pathname).toBe("/auth/error")
      expect(target.searchParams.get("error")).toBe("SignOutError")
      expect(cleared(response, SESSION_COOKIE)).toBe(true)
      const page = await browser.get(`${target.pathname}${target.search}`)
      expect(page.status).toBe(503)
      expect(await page.text()).toContain("Sign-out did not complete")
    })

    it("RT-05 the endpoint: X-Auth-Return-Redirect gets 503 JSON naming SignOutError", async () => {
      const { browser, db } = await signedIn()
      const csrfToken = await browser.csrfToken()
      db.close()
      const response = await browser.post("/auth/signout", { csrfToken, callbackUrl: "/" }, { "x-auth-return-redirect": "1" })
      expect(response.status).toBe(503)
      expect(((await response.json()) as { error: string }).error).toBe("SignOutError")
      expect(cleared(response, SESSION_COOKIE)).toBe(true)
    })

    it("RT-05 signOut(req, res) rejects with SignOutError, and the cookie is cleared on the route's own answer", async () => {
      const { browser, db } = await signedIn()
      db.close()
      const response = await browser.post("/logout", {})
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ error: "SignOutError" })
      expect(cleared(response, SESSION_COOKIE)).toBe(true)
      expect(app!.errors).toEqual([])
    })
  })
})
