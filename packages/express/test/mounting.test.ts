/**
 * `basePath` follows the mount point: `/auth`, `/api/auth`, a router's nested path. Mounted without a path (or with
 * a wildcard), the handlers answer only under the configured base path and leave every other request to the app.
 */
import { ExpressAuth } from "@gatehousejs/express"
import { afterEach, describe, expect, it } from "vitest"
import { alice, Browser, expressVersions, SESSION_COOKIE, startApp, testConfig, type RunningApp } from "./helpers/server.js"

describe.each(expressVersions)("%s", (_, express) => {
  let app: RunningApp | undefined
  afterEach(async () => {
    await app?.close()
    expect(app?.errors).toEqual([])
    app = undefined
  })

  it("mounted at /api/auth: the endpoints, their URLs and the helpers' URLs are under /api/auth", async () => {
    const { handlers, auth, signIn } = ExpressAuth(testConfig())
    app = await startApp(express, (server) => {
      server.use("/api/auth", handlers)
      server.get("/me", async (req, res) => void res.json({ session: await auth(req, res) }))
      server.get("/login-page", async (req, res) => void (await signIn(req, res)))
    })
    const browser = new Browser(app.url)
    const providers = (await (await browser.get("/api/auth/providers")).json()) as Record<string, { signinUrl: string; callbackUrl: string }>
    expect(providers.credentials).toMatchObject({
      signinUrl: `${app.url}/api/auth/signin/credentials`,
      callbackUrl: `${app.url}/api/auth/callback/credentials`,
    })
    expect((await browser.signIn("/api/auth")).headers.get("location")).toBe(`${app.url}/`)
    expect(await (await browser.get("/me")).json()).toMatchObject({ session: { user: { name: alice.name } } })

    // The helpers, outside the mount, use the mount point seen first.
    const location = new URL((await browser.get("/login-page")).headers.get("location")!)
    expect(location.pathname).toBe("/api/auth/signin")
    expect((await browser.get("/auth/session")).status).toBe(404)
  })

  it("before any auth request, the helpers use config.basePath", async () => {
    const { handlers, signIn } = ExpressAuth(testConfig({ basePath: "/api/auth" }))
    app = await startApp(express, (server) => {
      server.use("/api/auth", handlers)
      server.get("/login-page", async (req, res) => void (await signIn(req, res)))
    })
    const location = new URL((await new Browser(app.url).get("/login-page")).headers.get("location")!)
    expect(location.pathname).toBe("/api/auth/signin")
  })

  it("the mount point wins over a different config.basePath", async () => {
    const { handlers } = ExpressAuth(testConfig({ basePath: "/elsewhere" }))
    app = await startApp(express, (server) => server.use("/auth", handlers))
    const response = await new Browser(app.url).signIn("/auth")
    expect(response.headers.get("location")).toBe(`${app.url}/`)
  })

  it("in a router mounted at /v1, the base path is /v1/auth", async () => {
    const { handlers } = ExpressAuth(testConfig())
    app = await startApp(express, (server) => {
      const router = express.Router()
      router.use("/auth", handlers)
      server.use("/v1", router)
    })
    const browser = new Browser(app.url)
    const response = await browser.signIn("/v1/auth")
    expect(response.status).toBe(302)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
    const page = await (await browser.get("/v1/auth/signin")).text()
    expect(page).toContain(`action="${app.url}/v1/auth/callback/credentials"`)
  })

  it("mounted without a path: answers under /auth and passes everything else on", async () => {
    const { handlers } = ExpressAuth(testConfig())
    app = await startApp(express, (server) => {
      server.use(handlers)
      server.get("/hello", (_req, res) => void res.send("hello"))
    })
    const browser = new Browser(app.url)
    expect((await browser.signIn()).status).toBe(302)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
    expect(await (await browser.get("/hello")).text()).toBe("hello")
    expect((await browser.get("/authx/session")).status).toBe(404)
  })

  it("mounted with a wildcard (as Auth.js's @auth/express documents it): the configured base path applies", async () => {
    const { handlers } = ExpressAuth(testConfig())
    const wildcard = express === expressVersions[0]![1] ? "/auth/*" : "/auth/*splat"
    app = await startApp(express, (server) => server.use(wildcard, handlers))
    const browser = new Browser(app.url)
    expect((await browser.signIn()).headers.get("location")).toBe(`${app.url}/`)
    expect(await (await browser.get("/auth/session")).json()).toMatchObject({ user: { name: alice.name } })
  })
})
