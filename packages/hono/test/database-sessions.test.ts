/**
 * `c.get("authUser")` with database sessions (the SQLite adapter): `session` (the stored session with its user, never
 * the session token) and `user` (the adapter's user), no `token` — the keys `@hono/auth-js` gives for this strategy.
 * Signing out deletes the row, and the next request is 401.
 */
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import type { AuthUser } from "@gatehousejs/hono"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { alice, Browser, readmeApp, SESSION_COOKIE, testConfig, transports } from "./helpers/app.js"

const adapter = SqliteAdapter({ filename: ":memory:" })
beforeAll(async () => {
  await adapter.createUser!({ id: alice.id, name: alice.name, email: alice.email, emailVerified: null })
})
afterAll(() => adapter.close())

describe.each(transports)("through %s", (_, start) => {
  it("authUser holds the stored session and the adapter's user; sign-out ends the row", async () => {
    const transport = await start(readmeApp(testConfig({ adapter, session: { strategy: "database" } })))
    try {
      const browser = new Browser(transport)
      expect((await browser.signIn()).status).toBe(302)
      const sessionToken = browser.jar.get(SESSION_COOKIE)!
      expect(await adapter.getSessionAndUser!(sessionToken)).not.toBeNull()

      const authUser = (await (await browser.get("/api/protected")).json()) as AuthUser & { session: Record<string, unknown> }
      expect(authUser.user).toMatchObject({ id: alice.id, name: alice.name, email: alice.email })
      expect(authUser.session).toMatchObject({ userId: alice.id, user: { id: alice.id, email: alice.email } })
      expect(Date.parse(authUser.session.expires as string)).toBeGreaterThan(Date.now())
      expect(authUser.session).not.toHaveProperty("sessionToken")
      expect(JSON.stringify(authUser)).not.toContain(sessionToken)
      expect(authUser).not.toHaveProperty("token")

      await browser.signOut()
      expect(await adapter.getSessionAndUser!(sessionToken)).toBeNull()
      expect((await browser.get("/api/protected")).status).toBe(401)
    } finally {
      await transport.close()
    }
  })
})
