/**
 * Security catalog RT-03 and RT-05 through `NextAuth()`: a planted cookie that Gatehouse would never write, on the
 * route handlers and the `signOut()` server action; and the server action while a real SQLite store is down.
 */
import Database from "better-sqlite3"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { NextRequest } from "next/server.js"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import NextAuth, { SignOutError } from "../../src/index.js"
import { alice, cookiePairs, ORIGIN, redirectOf, SESSION_COOKIE, signInCookie, testConfig } from "./helpers.js"
import { enterScope, writtenCookies } from "./next-scope.js"

vi.mock("next/headers.js", async () => (await import("./next-scope.js")).nextHeaders)

beforeEach(() => {
  enterScope()
})
afterEach(() => {
  vi.restoreAllMocks()
})

const BASE = `${ORIGIN}/api/auth`
const planted = [`${SESSION_COOKIE}.x y`, `${SESSION_COOKIE}."x"`, `${SESSION_COOKIE}.x\\y`, `${SESSION_COOKIE}.x,y`, `${SESSION_COOKIE}.\u00e9`]

function names(lines: string[]): string[] {
  return lines.map((line) => line.slice(0, line.indexOf("=")))
}

function clears(lines: string[]): boolean {
  return lines.some((line) => line.startsWith(`${SESSION_COOKIE}=;`) && /Max-Age=0/i.test(line))
}

describe("RT-03 planted cookies", () => {
  it.each(planted)("RT-03 %j: the route handlers answer /session and /signout as without it, nothing echoed", async (name) => {
    const { handlers } = NextAuth(testConfig({ session: { strategy: "jwt", updateAge: 0 } }))
    const cookie = `${await signInCookie(handlers)}; ${name}=1`
    const session = await handlers.GET(new NextRequest(`${BASE}/session`, { headers: { cookie } }))
    expect(session.status).toBe(200)
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(alice.email)
    expect(names(session.headers.getSetCookie())).not.toContain(name)

    const csrf = await handlers.GET(new NextRequest(`${BASE}/csrf`, { headers: { cookie } }))
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const withCsrf = `${cookie}; ${cookiePairs(csrf.headers.getSetCookie())}`
    const signOut = await handlers.POST(
      new NextRequest(`${BASE}/signout`, {
        method: "POST",
        headers: { cookie: withCsrf, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken }),
      }),
    )
    expect(signOut.status).toBe(302)
    expect(clears(signOut.headers.getSetCookie())).toBe(true)
    expect(names(signOut.headers.getSetCookie())).not.toContain(name)
  })

  it.each(planted)("RT-03 %j: the signOut() server action clears the session and writes nothing else under its name", async (name) => {
    const { signOut, handlers } = NextAuth(testConfig())
    enterScope({ cookie: `${await signInCookie(handlers)}; ${name}=1` })
    expect(await redirectOf(signOut({ redirectTo: "/bye" }))).toBe(`${ORIGIN}/bye`)
    expect(clears(writtenCookies())).toBe(true)
    expect(names(writtenCookies())).not.toContain(name)
  })
})

describe("RT-05 the signOut() server action while the SQLite store is down", () => {
  it("RT-05 throws SignOutError (no redirect as if signed out) after clearing the cookie", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const db = new Database(":memory:")
    const adapter = SqliteAdapter({ database: db })
    await adapter.createUser({ id: alice.id, name: alice.name, email: alice.email, emailVerified: null })
    const { signOut, handlers } = NextAuth(testConfig({ adapter, session: { strategy: "database" } }))
    const cookie = await signInCookie(handlers)
    db.close()
    for (const redirect of [true, false]) {
      enterScope({ cookie })
      const error: unknown = await signOut({ redirect }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(SignOutError)
      expect(clears(writtenCookies())).toBe(true)
    }
  })
})
