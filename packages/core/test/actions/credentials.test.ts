import { describe, expect, it } from "vitest"
import { Browser, ORIGIN, testConfig } from "../helpers/auth.js"

describe("credentials sign-in", () => {
  it("signs in, exposes the session, and signs out", async () => {
    const browser = new Browser(testConfig())
    const response = await browser.signIn()
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(ORIGIN)
    expect(browser.jar.has("__Secure-authjs.session-token")).toBe(true)
    const session = (await browser.session()) as { user: unknown; expires: string }
    expect(session.user).toEqual({ name: "Alice", email: "alice@example.com" })
    const csrfToken = await browser.csrfToken()
    const out = await browser.request("/signout", { body: { csrfToken } })
    expect(out.status).toBe(302)
    expect(await browser.session()).toBeNull()
  })
})
