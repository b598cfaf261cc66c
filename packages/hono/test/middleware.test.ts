/**
 * `initAuthConfig`, `authHandler`, `verifyAuth` and `getAuthUser` wired as `@hono/auth-js`'s README wires them, through
 * `app.fetch` (the Web-standard path of Workers, Deno, Bun) and through `@hono/node-server`: sign in with credentials
 * and out, `401` signed out, `c.get("authUser")` with the JWT session's `{ session, token }`, the default base path
 * and a custom one, and the session cookie a lookup renews.
 */
import { authHandler, getAuthUser, initAuthConfig, type AuthUser } from "@gatehousejs/hono"
import { Hono } from "hono"
import { afterEach, describe, expect, it } from "vitest"
import { alice, Browser, readmeApp, SESSION_COOKIE, testConfig, transports, type Transport } from "./helpers/app.js"

describe.each(transports)("through %s", (_, start) => {
  let transport: Transport | undefined
  afterEach(async () => {
    await transport?.close()
    transport = undefined
  })

  it("signs in with credentials and out again; verifyAuth answers 401 signed out and sets authUser signed in", async () => {
    transport = await start(readmeApp(testConfig()))
    const browser = new Browser(transport)

    const before = await browser.get("/api/protected")
    expect(before.status).toBe(401)
    expect(await before.text()).toBe("Unauthorized")

    const signIn = await browser.signIn()
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get("location")).toBe(`${transport.origin}/`)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)

    const protectedPage = await browser.get("/api/protected")
    expect(protectedPage.status).toBe(200)
    const authUser = (await protectedPage.json()) as AuthUser
    expect(authUser.session.user).toEqual({ name: alice.name, email: alice.email })
    expect(Date.parse(authUser.session.expires)).toBeGreaterThan(Date.now())
    expect(authUser.token).toMatchObject({ sub: alice.id, name: alice.name, email: alice.email })
    expect(authUser).not.toHaveProperty("user")
    expect(await (await browser.get("/api/auth/session")).json()).toMatchObject({ user: { name: alice.name, email: alice.email } })

    const signOut = await browser.signOut()
    expect(signOut.status).toBe(302)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    expect((await browser.get("/api/protected")).status).toBe(401)
    expect(await (await browser.get("/api/auth/session")).json()).toBeNull()
  })

  it("a wrong password signs nobody in", async () => {
    transport = await start(readmeApp(testConfig()))
    const browser = new Browser(transport)
    const response = await browser.signIn("/api/auth", "not-her-password")
    expect(response.headers.get("location")).toContain("error=CredentialsSignin")
    expect((await browser.get("/api/protected")).status).toBe(401)
  })

  it("the endpoints are under /api/auth by default: the built-in sign-in page posts there", async () => {
    transport = await start(readmeApp(testConfig()))
    const browser = new Browser(transport)
    const page = await browser.get("/api/auth/signin")
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`action="${transport.origin}/api/auth/callback/credentials"`)
    expect(await (await browser.get("/api/auth/providers")).json()).toMatchObject({
      credentials: { signinUrl: `${transport.origin}/api/auth/signin/credentials`, callbackUrl: `${transport.origin}/api/auth/callback/credentials` },
    })
  })

  it("a custom basePath moves the endpoints, and getAuthUser reads the session in any route", async () => {
    const app = new Hono()
    app.use("*", initAuthConfig(() => testConfig({ basePath: "/auth" })))
    app.use("/auth/*", authHandler())
    app.get("/me", async (c) => c.json(await getAuthUser(c)))
    transport = await start(app)
    const browser = new Browser(transport)

    expect(await (await browser.get("/me")).json()).toBeNull()
    expect((await browser.signIn("/auth")).status).toBe(302)
    const authUser = (await (await browser.get("/me")).json()) as AuthUser
    expect(authUser.session.user?.email).toBe(alice.email)
    expect(authUser.token?.sub).toBe(alice.id)
    expect(await (await browser.get("/auth/providers")).json()).toMatchObject({ credentials: { callbackUrl: `${transport.origin}/auth/callback/credentials` } })
  })

  it("a form body an earlier middleware already read still reaches the engine (Hono's cached copy)", async () => {
    const fields: string[] = []
    const app = new Hono()
    app.use("*", initAuthConfig(() => testConfig()))
    app.use("/api/auth/*", async (c, next) => {
      if (c.req.method === "POST") fields.push(...Object.keys(await c.req.parseBody()))
      await next()
    })
    app.use("/api/auth/*", authHandler())
    app.get("/me", async (c) => c.json(await getAuthUser(c)))
    transport = await start(app)
    const browser = new Browser(transport)
    expect((await browser.signIn()).headers.get("location")).toBe(`${transport.origin}/`)
    expect(fields).toContain("password")
    expect(((await (await browser.get("/me")).json()) as AuthUser).token?.sub).toBe(alice.id)
  })

  it("without basePath, authHandler()'s mount is the base path: /auth/* answers under /auth, as with @hono/auth-js", async () => {
    const app = new Hono()
    app.use("*", initAuthConfig(() => testConfig()))
    app.get("/me", async (c) => c.json(await getAuthUser(c)))
    app.use("/auth/*", authHandler())
    transport = await start(app)
    const browser = new Browser(transport)
    expect(await (await browser.get("/me")).json()).toBeNull()
    expect((await browser.signIn("/auth")).headers.get("location")).toBe(`${transport.origin}/`)
    expect(await (await browser.get("/auth/providers")).json()).toMatchObject({ credentials: { callbackUrl: `${transport.origin}/auth/callback/credentials` } })
    expect(((await (await browser.get("/me")).json()) as AuthUser).token?.sub).toBe(alice.id)
  })

  it("a sub-app mounted with app.route() has its route's path as the base path", async () => {
    const identity = new Hono()
    identity.use("/*", authHandler())
    const app = new Hono()
    app.use("*", initAuthConfig(() => testConfig()))
    app.route("/identity", identity)
    transport = await start(app)
    const browser = new Browser(transport)
    expect((await browser.signIn("/identity")).headers.get("location")).toBe(`${transport.origin}/`)
    expect(await (await browser.get("/identity/session")).json()).toMatchObject({ user: { email: alice.email } })
  })

  it("authUser.session is what the session callback was given (changes included); /session sends the callback's result alone", async () => {
    const config = testConfig({
      callbacks: {
        session({ session, token }) {
          session.user.id = token.sub!
          return { ...session, role: "reader" }
        },
      },
    })
    transport = await start(readmeApp(config))
    const browser = new Browser(transport)
    await browser.signIn()
    const authUser = (await (await browser.get("/api/protected")).json()) as AuthUser
    expect(authUser.session.user).toEqual({ id: alice.id, name: alice.name, email: alice.email })
    expect(authUser.session).not.toHaveProperty("role")
    const sent = (await (await browser.get("/api/auth/session")).json()) as Record<string, unknown>
    expect(Object.keys(sent).sort()).toEqual(["expires", "role", "user"])
  })

  it("an async configuration reading the context works (the configuration is per request)", async () => {
    const seen: string[] = []
    const app = readmeApp(async (c) => {
      seen.push(new URL(c.req.url).pathname)
      return testConfig()
    })
    transport = await start(app)
    const browser = new Browser(transport)
    await browser.signIn()
    expect((await browser.get("/api/protected")).status).toBe(200)
    expect(seen).toContain("/api/auth/callback/credentials")
    expect(seen).toContain("/api/protected")
  })

  it("a session lookup that renews the JWT sends the new cookie with the route's response", async () => {
    transport = await start(readmeApp(testConfig({ session: { strategy: "jwt", updateAge: 0 } })))
    const browser = new Browser(transport)
    await browser.signIn()
    const first = browser.jar.get(SESSION_COOKIE)
    const response = await browser.get("/api/protected")
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true)
    // A new encryption of the token (a fresh IV), not the cookie sent.
    expect(browser.jar.get(SESSION_COOKIE)).not.toBe(first)
  })

  it("a session cookie that does not decrypt is cleared on the 401", async () => {
    transport = await start(readmeApp(testConfig()))
    const browser = new Browser(transport)
    browser.jar.set(SESSION_COOKIE, "not-a-token")
    const response = await browser.get("/api/protected")
    expect(response.status).toBe(401)
    expect(response.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=;`))).toBe(true)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })
})

describe("one lookup per request", () => {
  it("verifyAuth and getAuthUser in the route share one session check", async () => {
    let checks = 0
    const app = readmeApp(
      testConfig({
        callbacks: {
          session({ session }) {
            checks++
            return session
          },
        },
      }),
      (server) => server.get("/api/both", async (c) => c.json({ same: (await getAuthUser(c)) === c.get("authUser") })),
    )
    const [, start] = transports[0]!
    const browser = new Browser(await start(app))
    await browser.signIn()
    checks = 0
    expect(await (await browser.get("/api/both")).json()).toEqual({ same: true })
    expect(checks).toBe(1)
  })
})

describe("without initAuthConfig", () => {
  it("the handler fails with a message that names the missing middleware", async () => {
    const app = new Hono()
    app.use("/api/auth/*", authHandler())
    const errors: string[] = []
    app.onError((error, c) => {
      errors.push(error.message)
      return c.text("error", 500)
    })
    const response = await app.fetch(new Request("http://localhost/api/auth/session"))
    expect(response.status).toBe(500)
    expect(errors[0]).toContain('initAuthConfig')
  })
})
