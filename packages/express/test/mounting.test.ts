/**
 * `ExpressAuth(config)` is the middleware, as `@auth/express`'s is, and `handlers` is that same middleware. `basePath`
 * follows the mount point: `/auth`, `/api/auth`, a router's nested path, the path before a wildcard. Mounted without
 * a path, the handler answers only under the configured base path and leaves every other request to the app.
 */
import { ExpressAuth } from "@gatehousejs/express"
import type { Request } from "express"
import { afterEach, describe, expect, it } from "vitest"
import { mountPoint } from "../src/base-path.js"
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

  it("app.use(\"/auth\", ExpressAuth(config)), as Auth.js documents it: the result is the middleware", async () => {
    const result = ExpressAuth(testConfig())
    expect(typeof result).toBe("function")
    expect(result.handlers).toBe(result)
    const config = testConfig()
    app = await startApp(express, (server) => {
      server.use("/auth", ExpressAuth(config))
      server.get("/hello", (_req, res) => void res.send("hello"))
    })
    const browser = new Browser(app.url)
    expect((await browser.signIn()).headers.get("location")).toBe(`${app.url}/`)
    expect(await (await browser.get("/auth/session")).json()).toMatchObject({ user: { name: alice.name } })
    expect(await (await browser.get("/hello")).text()).toBe("hello")
    // @auth/express writes the mount point into the caller's object; here the configuration stays as it was given.
    expect(config.basePath).toBeUndefined()
  })

  it("the middleware's properties are the helpers: auth() reads the session the mounted result wrote", async () => {
    const authjs = ExpressAuth(testConfig())
    app = await startApp(express, (server) => {
      server.use("/auth", authjs)
      server.use(authjs.sessionMiddleware)
      server.get("/me", async (req, res) => void res.json({ session: await authjs.auth(req, res), local: res.locals.session }))
    })
    const browser = new Browser(app.url)
    await browser.signIn()
    expect(await (await browser.get("/me")).json()).toMatchObject({ session: { user: { name: alice.name } }, local: { user: { name: alice.name } } })
  })

  it("mounted with a wildcard (as @auth/express documents it; /*splat on Express 5): the base path is the part before it", async () => {
    const wildcard = express === expressVersions[0]![1] ? "/api/auth/*" : "/api/auth/*splat"
    const authjs = ExpressAuth(testConfig())
    app = await startApp(express, (server) => {
      server.use(wildcard, authjs)
      server.get("/login-page", async (req, res) => void (await authjs.signIn(req, res)))
    })
    const browser = new Browser(app.url)
    const providers = (await (await browser.get("/api/auth/providers")).json()) as Record<string, { callbackUrl: string }>
    expect(providers.credentials?.callbackUrl).toBe(`${app.url}/api/auth/callback/credentials`)
    expect((await browser.signIn("/api/auth")).headers.get("location")).toBe(`${app.url}/`)
    expect(await (await browser.get("/api/auth/session")).json()).toMatchObject({ user: { name: alice.name } })
    // The helpers use the mount point seen first, as with a plain mount.
    expect(new URL((await browser.get("/login-page")).headers.get("location")!).pathname).toBe("/api/auth/signin")
  })
})

/** `req.baseUrl`, `req.path` and `req.params` as Express 4 and 5 set them for these mounts (observed, not assumed). */
describe("mountPoint", () => {
  it.each([
    ["app.use(\"/auth\")", { baseUrl: "/auth", path: "/signin", params: {} }, "/auth"],
    ["no path", { baseUrl: "", path: "/auth/signin", params: {} }, undefined],
    ["Express 4 /auth/*", { baseUrl: "/auth/callback/credentials", path: "/", params: { 0: "callback/credentials" } }, "/auth"],
    ["Express 4 /:tenant/auth/*", { baseUrl: "/t1/auth/signin", path: "/", params: { 0: "signin", tenant: "t1" } }, "/t1/auth"],
    ["Express 4 /auth/* at /auth/", { baseUrl: "/auth", path: "/", params: { 0: "" } }, "/auth"],
    ["Express 5 /auth/*splat", { baseUrl: "/auth/callback/credentials", path: "/", params: { splat: ["callback", "credentials"] } }, "/auth"],
    ["Express 5 /:tenant/auth/*splat", { baseUrl: "/t1/auth/signin", path: "/", params: { tenant: "t1", splat: ["signin"] } }, "/t1/auth"],
    ["an encoded space in the action", { baseUrl: "/auth/a%20b", path: "/", params: { splat: ["a b"] } }, "/auth"],
    ["an encoded slash in the action", { baseUrl: "/api/auth/signin%2Fx", path: "/", params: { 0: "signin/x" } }, undefined],
    ["a wildcard longer than the path", { baseUrl: "/signin", path: "/", params: { 0: "signin" } }, undefined],
    ["/auth/ under a plain mount", { baseUrl: "/auth", path: "/", params: {} }, undefined],
  ])("%s", (_, req, expected) => {
    expect(mountPoint(req as unknown as Request)).toBe(expected)
  })
})
