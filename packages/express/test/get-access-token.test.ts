/**
 * `getAccessToken(req, res, providerId)` in an Express route, on Express 4 and 5: the signed-in user's provider token,
 * refreshed at a loopback OP when it is about to expire, with the re-issued session cookie on the route's response;
 * `null` signed out.
 */
import { encode } from "@gatehousejs/core/jwt"
import { ExpressAuth, getSession } from "@gatehousejs/express"
import { SqliteSessionStore } from "@gatehousejs/sqlite-adapter"
import type { Express } from "express"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { clearDiscoveryCache } from "../../core/src/oauth/server.js"
import { RogueOp } from "../../core/test/oauth/rogue-op.js"
import { expressVersions, SECRET, startApp, testConfig, type RunningApp } from "./helpers/server.js"

const SESSION_COOKIE = "authjs.session-token"
let rogue: RogueOp
beforeAll(async () => {
  rogue = await RogueOp.start()
})
afterAll(() => rogue.close())

/** A session cookie holding the provider tokens of a sign-in without an adapter, the access token already expired. */
async function sessionWithTokens(refreshToken: string, claims: Record<string, unknown> = {}): Promise<string> {
  const token = await encode({
    secret: SECRET,
    salt: SESSION_COOKIE,
    token: {
      ...claims,
      sub: "user-1",
      name: "Rogue User",
      gatehouse_tokens: { fake: { access_token: "at-old", refresh_token: refreshToken, expires_at: Math.floor(Date.now() / 1000) - 5, providerAccountId: "rogue-user-1" } },
    },
  })
  return `${SESSION_COOKIE}=${token}`
}

describe.each(expressVersions)("%s", (_, express) => {
  let app: RunningApp | undefined
  afterEach(async () => {
    await app?.close()
    expect(app?.errors ?? []).toEqual([])
    app = undefined
  })

  async function start(session: Parameters<typeof testConfig>[0] = {}): Promise<RunningApp> {
    clearDiscoveryCache()
    await rogue.reset()
    rogue.issueIdToken = false
    rogue.issueRefreshToken = true
    const { handlers, getAccessToken } = ExpressAuth(testConfig({ providers: [rogue.oauthProvider()], ...session }))
    app = await startApp(express, (server: Express) => {
      server.use("/auth", handlers)
      server.get("/api/token", async (req, res) => {
        res.json(await getAccessToken(req, res, "fake"))
      })
    })
    return app
  }

  it("refreshes an expired token at the provider and appends the re-issued session cookie to the response", async () => {
    const running = await start()
    const refreshToken = `rt-${crypto.randomUUID()}`
    rogue.refreshTokens.add(refreshToken)
    const response = await fetch(`${running.url}/api/token`, { headers: { cookie: await sessionWithTokens(refreshToken) } })
    expect(response.status).toBe(200)
    const token = (await response.json()) as { accessToken: string; expiresAt: number; tokenType: string }
    expect(token.accessToken).toMatch(/^at-/)
    expect(token.accessToken).not.toBe("at-old")
    expect(token.tokenType).toBe("bearer")
    expect(token.expiresAt).toBeGreaterThan(Math.floor(Date.now() / 1000))
    expect(response.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true)
    expect(rogue.count("/token")).toBe(1)
  })

  it("signed out: null, and no cookie", async () => {
    const running = await start()
    const response = await fetch(`${running.url}/api/token`)
    expect(await response.json()).toBeNull()
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it("RT-11 a session past absoluteMaxAge, or revoked: null, no refresh grant, no session cookie", async () => {
    const running = await start({ session: { absoluteMaxAge: 60 }, sessionStore: SqliteSessionStore({ filename: ":memory:" }) })
    const signedInLongAgo = { gatehouse_auth_time: Math.floor(Date.now() / 1000) - 3600, gatehouse_sid: "any" }
    const revoked = { gatehouse_auth_time: Math.floor(Date.now() / 1000), gatehouse_sid: "a-record-that-was-deleted" }
    for (const claims of [signedInLongAgo, revoked]) {
      const refreshToken = `rt-${crypto.randomUUID()}`
      rogue.refreshTokens.add(refreshToken)
      const response = await fetch(`${running.url}/api/token`, { headers: { cookie: await sessionWithTokens(refreshToken, claims) } })
      expect(await response.json()).toBeNull()
      expect(response.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`) && !line.startsWith(`${SESSION_COOKIE}=;`))).toEqual([])
    }
    expect(rogue.count("/token")).toBe(0)
  })

  it("RT-15 getSession(req, config) and the session endpoint carry no provider token, even with a session callback that copies the token", async () => {
    const config = testConfig({ providers: [rogue.oauthProvider()], callbacks: { session: ({ session, token }) => ({ ...session, token }) } })
    const { handlers } = ExpressAuth(config)
    app = await startApp(express, (server: Express) => {
      server.use("/auth", handlers)
      server.get("/api/session", async (req, res) => {
        res.json(await getSession(req, config))
      })
    })
    const cookie = await sessionWithTokens("rt-kept-secret")
    for (const path of ["/api/session", "/auth/session"]) {
      const body = await (await fetch(`${app.url}${path}`, { headers: { cookie } })).text()
      expect(JSON.parse(body)).toMatchObject({ user: { name: "Rogue User" }, token: { sub: "user-1" } })
      expect(body).not.toContain("at-old")
      expect(body).not.toContain("rt-kept-secret")
    }
  })
})
