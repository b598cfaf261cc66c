/**
 * The adapter under the real engine: `Auth()` with the database session strategy (the default with an adapter),
 * driven by the core test `Browser`.
 */
import { Auth } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import { afterEach, describe, expect, it } from "vitest"
import { Browser, testConfig } from "../../core/test/helpers/auth.js"
import { SqliteAdapter, type SqliteAdapterInstance } from "../src/index.js"

let adapter: SqliteAdapterInstance

afterEach(() => adapter.close())

/** An engine whose credentials provider signs in the user created in the store beforehand. */
async function setup(): Promise<{
  browser: Browser
  userId: string
  signedOut: unknown[]
  logged: string[]
}> {
  adapter = SqliteAdapter({ filename: ":memory:" })
  const user = await adapter.createUser({
    id: crypto.randomUUID(),
    name: "Alice",
    email: "alice@example.com",
    emailVerified: null,
  })
  const signedOut: unknown[] = []
  const logged: string[] = []
  const config = testConfig({
    adapter,
    logger: { error: (error) => logged.push((error as { type?: string }).type ?? error.name) },
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: async ({ username, password }) =>
          username === "alice" && password === "correct horse battery staple" ? await adapter.getUserByEmail("alice@example.com") : null,
      }),
    ],
    events: {
      signOut: (message) => {
        if ("session" in message) signedOut.push(message.session)
      },
    },
  })
  return { browser: new Browser(config), userId: user.id, signedOut, logged }
}

function sessionCookie(browser: Browser): string | undefined {
  return [...browser.jar].find(([name]) => name.endsWith("authjs.session-token"))?.[1]
}

describe("SqliteAdapter under Auth()", () => {
  it("credentials sign-in stores a session row; /session returns its user; sign-out deletes the row", async () => {
    const { browser, userId, signedOut } = await setup()

    const signIn = await browser.signIn()
    expect(signIn.status).toBe(302)
    const sessionToken = sessionCookie(browser)
    expect(sessionToken, "an opaque session token, not a JWT").toMatch(/^[0-9a-f-]{36}$/)

    const stored = await adapter.getSessionAndUser(sessionToken!)
    expect(stored?.session).toMatchObject({ sessionToken, userId })
    expect(stored!.session.expires.getTime()).toBeGreaterThan(Date.now())

    expect(await browser.session()).toEqual({
      user: { name: "Alice", email: "alice@example.com", image: null },
      expires: stored!.session.expires.toISOString(),
    })

    const csrfToken = await browser.csrfToken()
    const signOut = await browser.request("/signout", { body: { csrfToken } })
    expect(signOut.status).toBe(302)
    expect(sessionCookie(browser)).toBeUndefined()
    expect(await adapter.getSessionAndUser(sessionToken!)).toBeNull()
    // The signOut event gets the deleted session as the adapter returns it: with the session registry's metadata.
    expect(signedOut).toEqual([expect.objectContaining({ sessionToken, userId, expires: stored!.session.expires })])
    expect(await browser.session()).toBeNull()
  })

  it("a deleted user's session cookie yields no session and is cleared", async () => {
    const { browser, userId } = await setup()
    await browser.signIn()
    await adapter.deleteUser(userId)
    expect(await browser.session()).toBeNull()
    expect(sessionCookie(browser)).toBeUndefined()
  })

  it("a closed store answers /session with null and keeps the cookie (an outage signs nobody out)", async () => {
    const { browser, logged } = await setup()
    await browser.signIn()
    const before = sessionCookie(browser)
    adapter.close()
    const response = await Auth(
      new Request(`${browser.origin}/auth/session`, { headers: { cookie: browser.cookieHeader() } }),
      browser.config,
    )
    expect(response.status).toBe(503)
    expect(await response.json()).toBeNull()
    expect(logged).toContain("SessionTokenError")
    expect(response.headers.getSetCookie().some((line) => line.includes("session-token"))).toBe(false)
    expect(sessionCookie(browser)).toBe(before)
  })
})
