/**
 * SqliteSessionStore on a temporary file: the session-store contract (with a second process on its own connection to
 * the file), then what is particular to SQLite: the table is made on first use or by migrate(), any number of times,
 * without the adapter's tables; prune deletes exactly the expired rows; an open database passed in stays open.
 */
import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import Database from "better-sqlite3"
import { afterAll, describe, expect, it } from "vitest"
import { sessionStoreContract } from "../../adapter-test/src/session-store.js"
import { SqliteAdapterError } from "../src/errors.js"
import { SqliteSessionStore } from "../src/session-store.js"

const dir = mkdtempSync(join(tmpdir(), "gatehouse-ss-"))
const FILE = join(dir, "sessions.sqlite")
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url))

const session = (userId: string, expiresInMs: number) => ({
  sessionToken: `sid-${randomUUID()}`,
  userId,
  expires: new Date(Date.now() + expiresInMs),
  createdAt: new Date(),
  lastActiveAt: new Date(),
  userAgent: "curl/8.5.0",
  ip: "192.0.2.1",
})

/** The names of the tables in `file`. */
function tablesOf(file: string): string[] {
  const raw = new Database(file, { readonly: true })
  try {
    return raw.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all().map((r) => r.name)
  } finally {
    raw.close()
  }
}

describe("SqliteSessionStore", () => {
  const store = SqliteSessionStore({ filename: FILE })

  afterAll(() => {
    store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  sessionStoreContract("the session-store contract", { store: () => store, child: here("./session-store-child.ts"), childEnv: () => ({ SS_FILE: FILE }) })

  it("creates jwt_sessions and session_revocations on first use, without the adapter's tables, and migrate() may run again from any process", async () => {
    const file = join(dir, `${randomUUID()}.sqlite`)
    const first = SqliteSessionStore({ filename: file })
    const second = SqliteSessionStore({ filename: file })
    try {
      const s = session(`user-${randomUUID()}`, 60_000)
      await first.createSession(s)
      expect(tablesOf(file)).toEqual(["jwt_sessions", "session_revocations"])
      await first.migrate()
      await second.migrate()
      await second.migrate()
      expect(await second.getSession(s.sessionToken)).toEqual(s)
    } finally {
      first.close()
      second.close()
    }
  })

  it("prune deletes the expired rows, returns how many, and keeps the live ones", async () => {
    const own = SqliteSessionStore({ filename: join(dir, `${randomUUID()}.sqlite`) })
    try {
      const userId = `user-${randomUUID()}`
      const live = session(userId, 60_000)
      for (const s of [session(userId, -1_000), session(userId, -60_000), live]) await own.createSession(s)
      expect(await own.prune()).toBe(2)
      expect(await own.listSessions(userId)).toEqual([live])
      expect(await own.deleteUserSessions(userId)).toBe(1)
      expect(await own.prune()).toBe(0)
    } finally {
      own.close()
    }
  })

  it("works on an open database passed in and leaves it open on close(); a closed store refuses calls with code Closed", async () => {
    const database = new Database(":memory:")
    const own = SqliteSessionStore({ database })
    const s = session(`user-${randomUUID()}`, 60_000)
    await own.createSession(s)
    own.close()
    expect(database.prepare<[string], { user_id: string }>("SELECT user_id FROM jwt_sessions WHERE session_token = ?").get(s.sessionToken)).toEqual({ user_id: s.userId })
    database.close()
    await expect(own.getSession(s.sessionToken)).rejects.toSatisfy((e) => e instanceof SqliteAdapterError && e.code === "Closed")
  })
})
