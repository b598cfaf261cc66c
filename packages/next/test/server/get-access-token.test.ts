/**
 * `getAccessToken(providerId)` from `NextAuth()`: in a server action or route handler the refreshed session cookie is
 * written with `cookies().set`; where cookies are read-only (a Server Component) the token is still returned.
 */
import { encode } from "@gatehousejs/core/jwt"
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { clearDiscoveryCache } from "../../../core/src/oauth/server.js"
import { RogueOp } from "../../../core/test/oauth/rogue-op.js"
import NextAuth from "../../src/index.js"
import { SECRET, SESSION_COOKIE, testConfig } from "./helpers.js"
import { enterScope, scope, writtenCookies } from "./next-scope.js"

vi.mock("next/headers.js", async () => (await import("./next-scope.js")).nextHeaders)

let rogue: RogueOp
beforeAll(async () => {
  rogue = await RogueOp.start()
})
afterAll(() => rogue.close())
beforeEach(async () => {
  clearDiscoveryCache()
  await rogue.reset()
  rogue.issueIdToken = false
  rogue.issueRefreshToken = true
})

/** A session of a sign-in without an adapter whose provider access token has just expired. */
async function expiredSession(claims: Record<string, unknown> = {}): Promise<string> {
  const refreshToken = `rt-${crypto.randomUUID()}`
  rogue.refreshTokens.add(refreshToken)
  const token = await encode({
    secret: SECRET,
    salt: SESSION_COOKIE,
    token: {
      ...claims,
      sub: "user-1",
      gatehouse_tokens: { fake: { access_token: "at-old", refresh_token: refreshToken, expires_at: Math.floor(Date.now() / 1000) - 5, providerAccountId: "rogue-user-1" } },
    },
  })
  return `${SESSION_COOKIE}=${token}`
}

describe("getAccessToken() in Next.js", () => {
  it("refreshes at the provider and writes the re-issued session cookie with cookies().set", async () => {
    const { getAccessToken } = NextAuth(testConfig({ providers: [rogue.oauthProvider()] }))
    enterScope({ cookie: await expiredSession() })
    const token = await getAccessToken("fake")
    expect(token?.accessToken).toMatch(/^at-/)
    expect(token?.accessToken).not.toBe("at-old")
    expect(writtenCookies().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true)
    expect(rogue.count("/token")).toBe(1)
  })

  it("RT-11 a session past absoluteMaxAge, or revoked: null, no refresh grant, no session cookie written", async () => {
    const { SqliteSessionStore } = await import("@gatehousejs/sqlite-adapter")
    const config = testConfig({ providers: [rogue.oauthProvider()], sessionStore: SqliteSessionStore({ filename: ":memory:" }), session: { absoluteMaxAge: 60 } })
    const { getAccessToken } = NextAuth(config)
    const now = Math.floor(Date.now() / 1000)
    for (const claims of [{ gatehouse_auth_time: now - 3600, gatehouse_sid: "any" }, { gatehouse_auth_time: now, gatehouse_sid: "a-deleted-record" }]) {
      enterScope({ cookie: await expiredSession(claims) })
      expect(await getAccessToken("fake")).toBeNull()
      expect(writtenCookies().filter((line) => line.startsWith(`${SESSION_COOKIE}=`) && !line.startsWith(`${SESSION_COOKIE}=;`))).toEqual([])
    }
    expect(rogue.count("/token")).toBe(0)
  })

  it("in a Server Component (read-only cookies) the token is still returned", async () => {
    const { getAccessToken } = NextAuth(testConfig({ providers: [rogue.oauthProvider()] }))
    enterScope({ cookie: await expiredSession() })
    vi.spyOn(scope.response.cookies, "set").mockImplementation(() => {
      throw new Error("Cookies can only be modified in a Server Action or Route Handler.")
    })
    expect((await getAccessToken("fake"))?.accessToken).toMatch(/^at-/)
  })

  it("signed out: null", async () => {
    const { getAccessToken } = NextAuth(testConfig({ providers: [rogue.oauthProvider()] }))
    enterScope()
    expect(await getAccessToken("fake")).toBeNull()
  })
})
