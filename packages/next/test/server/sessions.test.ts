/**
 * The session registry from `NextAuth()` (docs/sessions.md): `listSessions()`, `revokeSession(id)` and
 * `revokeOtherSessions()` for the user of the request's scope, `revokeUserSessions(userId)` needing no scope, over JWT
 * sessions recorded in a SQLite session store.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { encode } from "@gatehousejs/core/jwt"
import { SqliteSessionStore } from "@gatehousejs/sqlite-adapter"
import { afterAll, describe, expect, it, vi } from "vitest"
import NextAuth from "../../src/index.js"
import { SECRET, SESSION_COOKIE, testConfig } from "./helpers.js"
import { enterScope } from "./next-scope.js"

vi.mock("next/headers.js", async () => (await import("./next-scope.js")).nextHeaders)

const dir = mkdtempSync(join(tmpdir(), "gatehouse-next-sr-"))
const store = SqliteSessionStore({ filename: join(dir, "sessions.sqlite") })
afterAll(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A recorded JWT session of `userId`: the cookie a browser signed in with it holds. */
async function signedIn(userId: string, agent: string): Promise<string> {
  const sid = crypto.randomUUID()
  const now = new Date()
  await store.createSession({ sessionToken: sid, userId, expires: new Date(now.valueOf() + 3600_000), createdAt: now, lastActiveAt: now, userAgent: agent, ip: null })
  const token = await encode({ secret: SECRET, salt: SESSION_COOKIE, token: { sub: userId, name: userId, gatehouse_sid: sid, gatehouse_auth_time: Math.floor(now.valueOf() / 1000) } })
  return `${SESSION_COOKIE}=${token}`
}

describe("the session registry in Next.js", () => {
  it("lists, revokes one, revokes the others, and revokeUserSessions ends the rest", async () => {
    const { auth, listSessions, revokeSession, revokeOtherSessions, revokeUserSessions } = NextAuth(testConfig({ sessionStore: store }))
    const user = `next-${crypto.randomUUID()}`
    const [first, second, third] = [await signedIn(user, "one"), await signedIn(user, "two"), await signedIn(user, "three")]

    enterScope({ cookie: first })
    const listed = await listSessions()
    expect(listed?.map((s) => s.userAgent).sort()).toEqual(["one", "three", "two"])
    expect(listed?.find((s) => s.current)?.userAgent).toBe("one")
    expect(await revokeSession(listed!.find((s) => s.userAgent === "three")!.id)).toBe(true)
    expect(await revokeOtherSessions()).toBe(1)
    expect(await auth()).not.toBeNull()

    for (const cookie of [second, third]) {
      enterScope({ cookie })
      expect(await auth()).toBeNull()
    }
    enterScope({})
    expect(await listSessions()).toBeNull()
    expect(await revokeUserSessions(user)).toBe(1)
    enterScope({ cookie: first })
    expect(await auth()).toBeNull()
  })
})
