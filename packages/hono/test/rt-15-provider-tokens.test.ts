/**
 * RT-15 in Hono: a session token holding the provider tokens Gatehouse keeps for `getAccessToken` (a sign-in without
 * an adapter) shows none of them in `c.get("authUser")` — its `token` included — even when the route sends the whole
 * `authUser` to the browser and the app's `session` callback copies the token into the session.
 */
import { encode } from "@gatehousejs/core/jwt"
import { describe, expect, it } from "vitest"
import { Browser, readmeApp, SECRET, SESSION_COOKIE, testConfig, transports } from "./helpers/app.js"

const PROVIDER_TOKENS = { op: { access_token: "at-secret-1", refresh_token: "rt-secret-2", expires_at: Math.floor(Date.now() / 1000) + 600, providerAccountId: "op-1" } }

describe.each(transports)("RT-15 through %s", (_, start) => {
  it("authUser (session and token) carries no provider token", async () => {
    const config = testConfig({ callbacks: { session: ({ session, token }) => ({ ...session, token }) } })
    const transport = await start(readmeApp(config))
    try {
      const browser = new Browser(transport)
      browser.jar.set(SESSION_COOKIE, await encode({ secret: SECRET, salt: SESSION_COOKIE, token: { sub: "u1", name: "Alice", gatehouse_tokens: PROVIDER_TOKENS } }))
      const response = await browser.get("/api/protected")
      expect(response.status).toBe(200)
      const body = await response.text()
      expect(JSON.parse(body)).toMatchObject({ session: { user: { name: "Alice" } }, token: { sub: "u1" } })
      expect(body).not.toContain("at-secret-1")
      expect(body).not.toContain("rt-secret-2")
      expect(body).not.toContain("gatehouse_tokens")
    } finally {
      await transport.close()
    }
  })
})
