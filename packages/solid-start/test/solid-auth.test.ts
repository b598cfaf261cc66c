/**
 * `SolidAuth(config)`'s `GET` and `POST`, exported from `routes/api/auth/[...solidauth].ts` and called by SolidStart
 * with its `APIEvent` (test/helpers/start.ts), and `getSession(request, config)` on the server.
 */
import GitHub from "@gatehousejs/core/providers/github"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { describe, expect, it } from "vitest"
import { getSession, SolidAuth } from "../src/index.js"
import { alice, Browser, ORIGIN, SESSION_COOKIE, startApp, testConfig } from "./helpers/start.js"

function browse(config = testConfig(), folder?: string): Browser {
  return new Browser(startApp(SolidAuth(config), folder))
}

describe("SolidAuth: the endpoints under /api/auth", () => {
  it("answers the engine's endpoints: providers, csrf, the built-in sign-in page", async () => {
    const browser = browse()
    expect(await (await browser.get("/api/auth/providers")).json()).toMatchObject({ credentials: { type: "credentials" } })
    expect(await browser.csrfToken()).toMatch(/^[0-9a-f]{64}$/)
    const page = await browser.get("/api/auth/signin")
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`action="${ORIGIN}/api/auth/callback/credentials"`)
  })

  it("signs in with the credentials form and out with the sign-out form; /session follows", async () => {
    const browser = browse()
    const signIn = await browser.signIn()
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get("location")).toBe(`${ORIGIN}/`)
    expect(await (await browser.get("/api/auth/session")).json()).toMatchObject({ user: { name: alice.name, email: alice.email } })

    const signOut = await browser.post("/api/auth/signout", { csrfToken: await browser.csrfToken(), callbackUrl: "/bye" })
    expect(signOut.headers.get("location")).toBe(`${ORIGIN}/bye`)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    expect(await (await browser.get("/api/auth/session")).json()).toBeNull()
  })

  it("a wrong password goes back to the sign-in page with the error", async () => {
    const browser = browse()
    const response = await browser.signIn("/api/auth", alice.username, "nope")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/api/auth/signin?error=CredentialsSignin&code=credentials`)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })

  it("a GET for no endpoint falls through to the page at that path, as with @auth/solid-start", async () => {
    const browser = browse()
    const response = await browser.get("/api/auth/not-an-action")
    expect(response.status).toBe(200)
    expect(await response.text()).toBe("<p>the page at /api/auth/not-an-action</p>")
  })

  it("a POST for no endpoint gets the engine's 400, not SolidStart's 500 for a handler that answered nothing", async () => {
    const response = await browse().post("/api/auth/not-an-action", {})
    expect(response.status).toBe(400)
  })

  it("the prefix option moves the endpoints, and the engine's pages and redirects follow it", async () => {
    const browser = browse(testConfig({ prefix: "/auth" }), "/auth")
    const page = await (await browser.get("/auth/signin")).text()
    expect(page).toContain(`action="${ORIGIN}/auth/callback/credentials"`)
    const response = await browser.signIn("/auth", alice.username, "nope")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`)
  })

  it("without prefix, a configured basePath is the prefix", async () => {
    const browser = browse(testConfig({ basePath: "/custom/auth" }), "/custom/auth")
    expect((await browser.signIn("/custom/auth")).headers.get("location")).toBe(`${ORIGIN}/`)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
  })

  it("an OAuth sign-in redirects to the provider with the callback URL under the prefix", async () => {
    const browser = browse(testConfig({ providers: [GitHub({ clientId: "gh-id", clientSecret: "gh-secret" })] }))
    const response = await browser.post("/api/auth/signin/github", { csrfToken: await browser.csrfToken(), callbackUrl: "/" })
    const location = new URL(response.headers.get("location") ?? "")
    expect(location.origin).toBe("https://github.com")
    expect(location.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/callback/github`)
  })

  it("per-client rate limits count the client of SolidStart's event (clientAddress)", async () => {
    const config = testConfig()
    config.rateLimit = { store: (config.rateLimit as { store: never }).store, credentials: { perClient: [{ limit: 1, windowMs: 60_000 }] } }
    const app = startApp(SolidAuth(config))
    const first = new Browser(app, "203.0.113.1")
    expect((await first.signIn("/api/auth", "bob", "x")).status).toBe(302)
    expect((await first.signIn("/api/auth", "carol", "x")).status).toBe(429)
    expect((await new Browser(app, "203.0.113.2").signIn("/api/auth", "dave", "x")).status).toBe(302)
  })
})

describe("getSession(request, config)", () => {
  it("signed out: null", async () => {
    const config = testConfig()
    const browser = new Browser(startApp(SolidAuth(config)))
    expect(await getSession(browser.pageRequest(), config)).toBeNull()
  })

  it("signed in: the session /api/auth/session sends, with the configuration given to SolidAuth", async () => {
    const config = testConfig()
    const browser = new Browser(startApp(SolidAuth(config)))
    await browser.signIn()
    const expected = await (await browser.get("/api/auth/session")).json()
    expect(await getSession(browser.pageRequest("/protected"), config)).toEqual(expected)
  })

  it("reads the session with a copy of the configuration too, and with a prefix", async () => {
    const config = testConfig({ prefix: "/auth" })
    const browser = new Browser(startApp(SolidAuth(config), "/auth"))
    await browser.signIn("/auth")
    expect(await getSession(browser.pageRequest(), { ...config })).toMatchObject({ user: { email: alice.email } })
  })

  it("database sessions: the stored session while it exists, null once sign-out deleted it", async () => {
    const adapter = SqliteAdapter({ filename: ":memory:" })
    try {
      await adapter.createUser!({ id: alice.id, name: alice.name, email: alice.email, emailVerified: null })
      const config = testConfig({ adapter, session: { strategy: "database" } })
      const browser = new Browser(startApp(SolidAuth(config)))
      await browser.signIn()
      const sessionToken = browser.jar.get(SESSION_COOKIE)!
      const request = browser.pageRequest()
      expect(await getSession(request, config)).toMatchObject({ user: { email: alice.email } })
      await browser.post("/api/auth/signout", { csrfToken: await browser.csrfToken(), callbackUrl: "/" })
      expect(await adapter.getSessionAndUser!(sessionToken)).toBeNull()
      expect(await getSession(request, config)).toBeNull()
    } finally {
      await adapter.close()
    }
  })

  it("a broken configuration reads as signed out instead of throwing (@auth/solid-start threw)", async () => {
    const config = testConfig()
    const browser = new Browser(startApp(SolidAuth(config)))
    await browser.signIn()
    const broken = testConfig({ providers: [{ id: "broken", type: "oauth", name: "Broken" } as never] })
    await expect(getSession(browser.pageRequest(), broken)).resolves.toBeNull()
  })
})
