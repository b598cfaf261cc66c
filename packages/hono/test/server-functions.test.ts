/**
 * Gatehouse's server functions as helpers taking `c`: `getAccessToken(c, providerId)` (a provider token refreshed at a
 * loopback OP, the re-issued session cookie on the route's response) and the session registry — `listSessions(c)`,
 * `revokeSession(c, id)`, `revokeOtherSessions(c)`, `revokeUserSessions(c, userId)` — over JWT sessions recorded in a
 * SQLite session store, next to the engine's own `GET /api/auth/sessions`.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { encode } from "@gatehousejs/core/jwt"
import { getAccessToken, listSessions, revokeOtherSessions, revokeSession, revokeUserSessions } from "@gatehousejs/hono"
import { SqliteSessionStore } from "@gatehousejs/sqlite-adapter"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { clearDiscoveryCache } from "../../core/src/oauth/server.js"
import { RogueOp } from "../../core/test/oauth/rogue-op.js"
import { alice, Browser, readmeApp, SECRET, SESSION_COOKIE, testConfig, transports } from "./helpers/app.js"

let rogue: RogueOp
const dir = mkdtempSync(join(tmpdir(), "gatehouse-hono-sr-"))
const store = SqliteSessionStore({ filename: join(dir, "sessions.sqlite") })
beforeAll(async () => {
  rogue = await RogueOp.start()
})
afterAll(async () => {
  await rogue.close()
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A session cookie holding the provider tokens of a sign-in without an adapter, the access token already expired. */
async function sessionWithTokens(refreshToken: string, claims: Record<string, unknown> = {}): Promise<string> {
  return encode({
    secret: SECRET,
    salt: SESSION_COOKIE,
    token: {
      ...claims,
      sub: "user-1",
      name: "Rogue User",
      gatehouse_tokens: { fake: { access_token: "at-old", refresh_token: refreshToken, expires_at: Math.floor(Date.now() / 1000) - 5, providerAccountId: "rogue-user-1" } },
    },
  })
}

describe.each(transports)("through %s", (_, start) => {
  it("getAccessToken(c, providerId) refreshes an expired token and sends the re-issued session cookie; signed out, null", async () => {
    clearDiscoveryCache()
    await rogue.reset()
    rogue.issueIdToken = false
    rogue.issueRefreshToken = true
    const app = readmeApp(testConfig({ providers: [rogue.oauthProvider()] }), (server) => {
      server.get("/token", async (c) => c.json(await getAccessToken(c, "fake")))
    })
    const transport = await start(app)
    try {
      const refreshToken = `rt-${crypto.randomUUID()}`
      rogue.refreshTokens.add(refreshToken)
      const browser = new Browser(transport)
      browser.jar.set(SESSION_COOKIE, await sessionWithTokens(refreshToken))
      const response = await browser.get("/token")
      const token = (await response.json()) as { accessToken: string; expiresAt: number }
      expect(token.accessToken).toMatch(/^at-/)
      expect(token.accessToken).not.toBe("at-old")
      expect(token.expiresAt).toBeGreaterThan(Math.floor(Date.now() / 1000))
      expect(response.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true)
      expect(rogue.count("/token")).toBe(1)

      const signedOut = await new Browser(transport).get("/token")
      expect(await signedOut.json()).toBeNull()
      expect(signedOut.headers.getSetCookie()).toEqual([])
    } finally {
      await transport.close()
    }
  })

  it("RT-11 getAccessToken(c) for a session past absoluteMaxAge, or revoked: null, no refresh grant, no session cookie", async () => {
    clearDiscoveryCache()
    await rogue.reset()
    rogue.issueRefreshToken = true
    const app = readmeApp(testConfig({ providers: [rogue.oauthProvider()], sessionStore: store, session: { absoluteMaxAge: 60 } }), (server) => {
      server.get("/token", async (c) => c.json(await getAccessToken(c, "fake")))
    })
    const transport = await start(app)
    try {
      const now = Math.floor(Date.now() / 1000)
      for (const claims of [{ gatehouse_auth_time: now - 3600, gatehouse_sid: "any" }, { gatehouse_auth_time: now, gatehouse_sid: "a-deleted-record" }]) {
        const refreshToken = `rt-${crypto.randomUUID()}`
        rogue.refreshTokens.add(refreshToken)
        const browser = new Browser(transport)
        browser.jar.set(SESSION_COOKIE, await sessionWithTokens(refreshToken, claims))
        const response = await browser.get("/token")
        expect(await response.json()).toBeNull()
        expect(response.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`) && !line.startsWith(`${SESSION_COOKIE}=;`))).toEqual([])
      }
      expect(rogue.count("/token")).toBe(0)
    } finally {
      await transport.close()
    }
  })

  it("lists this user's sessions, revokes one and the others, and revokeUserSessions ends the rest", async () => {
    const app = readmeApp(testConfig({ sessionStore: store }), (server) => {
      server.get("/account/sessions", async (c) => c.json(await listSessions(c)))
      server.post("/account/revoke/:id", async (c) => c.json(await revokeSession(c, c.req.param("id"))))
      server.post("/account/sign-out-others", async (c) => c.json(await revokeOtherSessions(c)))
      server.post("/admin/revoke-all/:userId", async (c) => c.json(await revokeUserSessions(c, c.req.param("userId"))))
    })
    const transport = await start(app)
    try {
      const browsers = [new Browser(transport), new Browser(transport), new Browser(transport)]
      for (const browser of browsers) expect((await browser.signIn()).status).toBe(302)

      const listed = (await (await browsers[0]!.get("/account/sessions")).json()) as { id: string; current: boolean }[]
      expect(listed).toHaveLength(3)
      expect(listed.filter((s) => s.current)).toHaveLength(1)
      expect(await (await browsers[0]!.get("/api/auth/sessions", { accept: "application/json" })).json()).toEqual(listed)

      const third = listed.find((s) => !s.current)!
      expect(await (await browsers[0]!.post(`/account/revoke/${third.id}`, {})).json()).toBe(true)
      expect(await (await browsers[0]!.post(`/account/revoke/${third.id}`, {})).json()).toBe(false)
      expect(await (await browsers[0]!.post("/account/sign-out-others", {})).json()).toBe(1)
      expect((await browsers[0]!.get("/api/protected")).status).toBe(200)
      for (const browser of browsers.slice(1)) expect((await browser.get("/api/protected")).status).toBe(401)

      expect(await (await new Browser(transport).post(`/admin/revoke-all/${alice.id}`, {})).json()).toBe(1)
      expect((await browsers[0]!.get("/api/protected")).status).toBe(401)
      expect(await (await new Browser(transport).get("/account/sessions")).json()).toBeNull()
    } finally {
      await transport.close()
    }
  })
})
