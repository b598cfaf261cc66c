/**
 * Database sessions: the expiry that the `session` callback, `/session` and the cookie report (docs/differences.md
 * row 144). Auth.js hands the callback the expiry read before this request's extension while it re-sets the cookie
 * with the extended one; Gatehouse reports the expiry the store holds once the request is done, everywhere, in one
 * adapter round trip (plus the extension write at most once per `updateAge`).
 */
import type { Adapter, AdapterSession, AdapterUser, AuthConfig, Session } from "@gatehousejs/core"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { Browser, testConfig } from "../helpers/auth.js"

const NOW = new Date("2025-03-01T12:00:00Z").valueOf()
const DAY = 86_400_000
const MAX_AGE = 30 * 86_400
const UPDATE_AGE = 86_400
const COOKIE = "__Secure-authjs.session-token"

beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ["Date"] }))
afterEach(() => vi.useRealTimers())

interface Rig {
  browser: Browser
  calls: string[]
  sessions: Map<string, AdapterSession>
  seen: Date[]
}

function rig(options: { expires: Date; failUpdate?: boolean }): Rig {
  const user: AdapterUser = { id: "user-1", name: "Ada", email: "ada@example.com", emailVerified: null }
  const sessions = new Map<string, AdapterSession>([["token-1", { sessionToken: "token-1", userId: user.id, expires: options.expires }]])
  const calls: string[] = []
  const seen: Date[] = []
  const none = async (): Promise<null> => null
  const adapter: Adapter = {
    createUser: async (u) => ({ ...u, id: "user-2" }),
    getUser: none,
    getUserByEmail: none,
    getUserByAccount: none,
    updateUser: async (u) => ({ ...user, ...u }),
    linkAccount: async () => undefined,
    createSession: async (s) => (sessions.set(s.sessionToken, s), s),
    getSessionAndUser: async (token) => {
      calls.push("getSessionAndUser")
      const session = sessions.get(token)
      return session ? { session: { ...session }, user } : null
    },
    updateSession: async (s) => {
      calls.push("updateSession")
      if (options.failUpdate) throw new Error("store is read-only")
      const session = { ...sessions.get(s.sessionToken)!, ...s }
      sessions.set(s.sessionToken, session)
      return session
    },
    deleteSession: async (token) => void sessions.delete(token),
  }
  const config: AuthConfig = testConfig({
    adapter,
    session: { strategy: "database", maxAge: MAX_AGE, updateAge: UPDATE_AGE },
    logger: { error: vi.fn(), warn: vi.fn(), debug: vi.fn() },
    callbacks: {
      session: ({ session }) => {
        seen.push(new Date((session as unknown as { expires: Date | string }).expires))
        return session
      },
    },
  })
  const browser = new Browser(config)
  browser.jar.set(COOKIE, "token-1")
  return { browser, calls, sessions, seen }
}

function cookieExpires(response: Response): string | undefined {
  const line = response.headers.getSetCookie().find((l) => l.startsWith(`${COOKIE}=`))
  return line?.split("; ").find((a) => a.startsWith("Expires="))?.slice("Expires=".length)
}

describe("database session expiry", () => {
  it("inside updateAge: the callback and /session get the stored expiry, no write and no cookie (one adapter call)", async () => {
    const stored = new Date(NOW + 29.5 * DAY)
    const r = rig({ expires: stored })
    const response = await r.browser.request("/session")
    expect(((await response.json()) as Session).expires).toBe(stored.toISOString())
    expect(r.seen).toEqual([stored])
    expect(r.calls).toEqual(["getSessionAndUser"])
    expect(cookieExpires(response)).toBeUndefined()
  })

  it("past updateAge: the callback, /session, the cookie and the store all hold the extended expiry (row 144)", async () => {
    const r = rig({ expires: new Date(NOW + 20 * DAY) })
    const response = await r.browser.request("/session")
    const extended = new Date(NOW + MAX_AGE * 1000)
    expect(r.sessions.get("token-1")!.expires).toEqual(extended)
    // Auth.js would report NOW + 20 days here, the expiry read before it extended the session.
    expect(r.seen).toEqual([extended])
    expect(((await response.json()) as Session).expires).toBe(extended.toISOString())
    expect(cookieExpires(response)).toBe(extended.toUTCString())
    expect(r.calls).toEqual(["getSessionAndUser", "updateSession"])
  })

  it("an extension that fails to write reports the expiry still stored, and sets no cookie", async () => {
    const stored = new Date(NOW + 20 * DAY)
    const r = rig({ expires: stored, failUpdate: true })
    const response = await r.browser.request("/session")
    expect(r.seen).toEqual([stored])
    expect(((await response.json()) as Session).expires).toBe(stored.toISOString())
    expect(cookieExpires(response)).toBeUndefined()
  })
})
