/**
 * `onRequest` of `plugin@auth.ts` in a Qwik City app served by Qwik City's Node.js adapter: the auth endpoints under
 * `/auth`, and the session of every other request on `event.sharedMap.get("session")` (what `useSession()` returns).
 */
import { afterEach, describe, expect, it } from "vitest"
import { encode } from "@gatehousejs/core/jwt"
import { alice, Browser, SECRET, SESSION_COOKIE, startApp, testConfig, type App } from "./helpers/app.js"
import { QwikAuth$ } from "../src/index.js"

let app: App | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

async function browse(config = testConfig()): Promise<Browser> {
  app = await startApp(QwikAuth$(() => config))
  return new Browser(app.origin)
}

describe("onRequest: the endpoints under /auth", () => {
  it("answers the engine's endpoints: providers, csrf, the built-in sign-in page", async () => {
    const browser = await browse()
    const providers = await browser.get("/auth/providers")
    expect(providers.status).toBe(200)
    expect(await providers.json()).toMatchObject({ credentials: { id: "credentials", type: "credentials" } })
    expect(await browser.csrfToken()).toMatch(/^[0-9a-f]{64}$/)
    const page = await browser.get("/auth/signin")
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`action="${browser.origin}/auth/callback/credentials"`)
  })

  it("the credentials form signs in: a redirect, and every cookie the engine set reaches the browser", async () => {
    const browser = await browse()
    const response = await browser.signInWithForm()
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${browser.origin}/`)
    // Qwik City's Node.js adapter keeps one Set-Cookie per name only when they go through its cookie jar.
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
    expect(browser.jar.has("authjs.callback-url")).toBe(true)
    expect(browser.jar.has("authjs.csrf-token")).toBe(true)
    const session = await (await browser.get("/auth/session")).json()
    expect(session).toMatchObject({ user: { name: alice.name, email: alice.email } })
  })

  it("a wrong password goes back to the sign-in page with the error, without a session", async () => {
    const browser = await browse()
    const response = await browser.signInWithForm("not-the-password")
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${browser.origin}/auth/signin?error=CredentialsSignin&code=credentials`)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })

  it("a form posted to /auth/signout without the CSRF token does not sign out (@auth/qwik skipped the check)", async () => {
    const browser = await browse()
    await browser.signInWithForm()
    const response = await browser.post("/auth/signout", { callbackUrl: "/" }, { origin: "https://elsewhere.example" })
    expect(response.headers.get("location")).toContain("error=MissingCSRF")
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
    expect((await browser.page()).session).toMatchObject({ user: { email: alice.email } })
  })

  it("Qwik City's client asking for an endpoint's data (a link, a guard's redirect) is sent to the endpoint's page", async () => {
    const browser = await browse()
    // A client-side navigation to the guarded page, signed out: Qwik City turns the guard's redirect into a data request.
    const guarded = await browser.get("/protected/q-data.json")
    expect(guarded.status).toBe(302)
    const data = guarded.headers.get("location") ?? ""
    expect(data).toBe("/auth/signin/q-data.json?callbackUrl=%2Fprotected")
    const page = await browser.get(data)
    expect(page.status).toBe(302)
    expect(page.headers.get("location")).toBe("/auth/signin?callbackUrl=%2Fprotected")
    expect((await browser.get("/auth/signin?callbackUrl=%2Fprotected")).status).toBe(200)
  })

  it("a path under /auth that is no endpoint is left to the app's routes", async () => {
    const browser = await browse()
    expect((await browser.get("/auth/not-an-action")).status).toBe(404)
  })
})

describe("onRequest: the session of every other request", () => {
  it("signed out, the page's useSession() is null and the guarded page redirects to the sign-in page", async () => {
    const browser = await browse()
    expect(await browser.page("/")).toEqual({ session: null })
    const guarded = await browser.get("/protected")
    expect(guarded.status).toBe(302)
    expect(guarded.headers.get("location")).toBe("/auth/signin?callbackUrl=%2Fprotected")
  })

  it("signed in, useSession() and event.sharedMap hold the session the /session endpoint sends", async () => {
    const browser = await browse()
    await browser.signInWithForm()
    const expected = await (await browser.get("/auth/session")).json()
    expect((await browser.page("/")).session).toEqual(expected)
    expect((await browser.page("/protected")).session).toEqual(expected)
  })

  it("RT-15 useSession() carries no provider token, even with a session callback that copies the token", async () => {
    const browser = await browse(testConfig({ callbacks: { session: ({ session, token }) => ({ ...session, token }) } }))
    const gatehouse_tokens = { op: { access_token: "at-secret-1", refresh_token: "rt-secret-2", providerAccountId: "op-1" } }
    browser.jar.set(SESSION_COOKIE, await encode({ secret: SECRET, salt: SESSION_COOKIE, token: { sub: alice.id, name: alice.name, gatehouse_tokens } }))
    const { session } = await browser.page("/")
    expect(session).toMatchObject({ user: { name: alice.name }, token: { sub: alice.id } })
    expect(JSON.stringify(session)).not.toMatch(/at-secret-1|rt-secret-2|gatehouse_tokens/)
  })

  it("the page's response carries the renewed session cookie, as the /session endpoint's would", async () => {
    // updateAge 0: every session check re-issues the cookie (rolling expiry).
    const browser = await browse(testConfig({ session: { updateAge: 0 } }))
    await browser.signInWithForm()
    const before = browser.jar.get(SESSION_COOKIE)
    const response = await browser.get("/")
    const renewed = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))
    expect(renewed).toMatch(/HttpOnly/i)
    expect(browser.jar.get(SESSION_COOKIE)).not.toBe(before)
  })

  it("a session cookie that no longer decrypts reads as signed out, and the page's response clears it", async () => {
    const browser = await browse()
    browser.jar.set(SESSION_COOKIE, "not-a-token")
    expect((await browser.page("/")).session).toBeNull()
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })

  it("a broken configuration reads as signed out on pages instead of failing them (@auth/qwik answered 500)", async () => {
    const browser = await browse(testConfig({ providers: [{ id: "broken", type: "oauth", name: "Broken" } as never] }))
    expect((await browser.get("/auth/session")).status).toBe(500)
    expect(await browser.page("/")).toEqual({ session: null })
  })
})
