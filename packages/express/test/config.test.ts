/**
 * The configuration: lazy (a function of the Express request), broken, and `getSession(req, config)` without
 * `ExpressAuth()`. A broken configuration never becomes a 500 in the app's pages.
 */
import { ExpressAuth, getSession, type ExpressAuthConfig } from "@gatehousejs/express"
import type { Request } from "express"
import { afterEach, describe, expect, it, vi } from "vitest"
import { alice, Browser, expressVersions, startApp, testConfig, type RunningApp } from "./helpers/server.js"

describe.each(expressVersions)("%s", (_, express) => {
  let app: RunningApp | undefined
  afterEach(async () => {
    await app?.close()
    expect(app?.errors).toEqual([])
    app = undefined
    vi.restoreAllMocks()
  })

  async function appWith(config: Parameters<typeof ExpressAuth>[0]): Promise<Browser> {
    const { handlers, auth, sessionMiddleware, getCsrfToken } = ExpressAuth(config)
    app = await startApp(express, (server) => {
      server.use("/auth", handlers)
      server.get("/form", async (req, res) => {
        const csrfToken = await getCsrfToken(req, res).catch((error: unknown) => (error as Error).message)
        res.json({ csrfToken })
      })
      server.get("/me", async (req, res) => void res.json({ session: await auth(req, res) }))
      server.get("/page", sessionMiddleware, (_req, res) => void res.json({ session: res.locals.session as unknown }))
    })
    return new Browser(app.url)
  }

  it("a lazy configuration is called with the Express request, for the endpoints and for auth()", async () => {
    const seen: string[] = []
    const eager = testConfig()
    const browser = await appWith((req: Request) => {
      seen.push(req.originalUrl)
      return eager
    })
    await browser.signIn()
    expect(await (await browser.get("/me")).json()).toMatchObject({ session: { user: { name: alice.name } } })
    expect(seen).toEqual(["/auth/csrf", "/auth/callback/credentials", "/me"])
  })

  it("a lazy configuration may be async and differ per request", async () => {
    const browser = await appWith(async (req: Request) => testConfig({ theme: { brandColor: req.get("x-brand") ?? "" } }))
    const page = await (await browser.get("/auth/signin", { "x-brand": "#123456" })).text()
    expect(page).toContain("#123456")
  })

  it("a lazy configuration that throws: the endpoints answer Auth.js's generic 500, auth() and the middleware say signed out", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {})
    const browser = await appWith(() => {
      throw new Error("database of tenants is down")
    })
    const response = await browser.get("/auth/session")
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ message: expect.stringContaining("problem with the server configuration") })
    expect(await (await browser.get("/me")).json()).toEqual({ session: null })
    expect(await (await browser.get("/page")).json()).toEqual({ session: null })
    // The error's name only: an app's own message may carry a secret (as core logs it).
    expect(log).toHaveBeenCalledWith("[gatehouse][error] The lazy configuration function threw Error; no request can be answered.")
    expect(log.mock.calls.flat().join("\n")).not.toContain("database of tenants is down")
  })

  it("RT-07 a lazy configuration that throws a request's value: the log line keeps it on one line, escaped and capped", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {})
    const browser = await appWith((req: Request) => {
      throw new Error(`unknown tenant ${String(req.query.tenant)}`)
    })
    await browser.get(`/auth/session?tenant=${encodeURIComponent(`a\r\n[gatehouse][error] forged\u001b[31m${"x".repeat(1000)}`)}`)
    const line = log.mock.calls.map((call) => call.join(" ")).join("\n")
    expect(line.includes("\r") || line.includes("\u001b")).toBe(false)
    expect(line.split("\n")).toHaveLength(log.mock.calls.length)
    expect(line.length).toBeLessThan(600)
  })

  it("an invalid configuration (database sessions without an adapter): pages render signed out", async () => {
    const browser = await appWith(testConfig({ session: { strategy: "database" } }))
    expect((await browser.get("/me")).status).toBe(200)
    expect(await (await browser.get("/me")).json()).toEqual({ session: null })
    expect(await (await browser.get("/page")).json()).toEqual({ session: null })
    expect((await browser.get("/auth/session")).status).toBe(500)
    // A form cannot be built without a token: getCsrfToken rejects, and the app decides what to show.
    expect(await (await browser.get("/form")).json()).toEqual({ csrfToken: expect.stringContaining("without a token") })
  })

  it("getSession(req, config) reads the session without ExpressAuth()", async () => {
    const config: ExpressAuthConfig = testConfig()
    const { handlers } = ExpressAuth(config)
    app = await startApp(express, (server) => {
      server.use("/auth", handlers)
      server.get("/plain", async (req, res) => void res.json({ session: await getSession(req, config) }))
    })
    const browser = new Browser(app.url)
    expect(await (await browser.get("/plain")).json()).toEqual({ session: null })
    await browser.signIn()
    expect(await (await browser.get("/plain")).json()).toMatchObject({ session: { user: { email: alice.email } } })
  })
})
