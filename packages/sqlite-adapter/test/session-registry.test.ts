/**
 * The SQLite adapter's session registry beyond the shared contract (which conformance.test.ts runs): a sessions table
 * created before the registry keeps Auth.js's three columns through migrate() (its rows keep working, and the first
 * method call migrates; moving an older registry's columns out is migration.test.ts), the session check's failure probe served by an index, one statement per registry method,
 * and the refusal of bad input.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Database from "better-sqlite3"
import { afterAll, describe, expect, it, vi } from "vitest"
import { SqliteAdapter } from "../src/index.js"

const dir = mkdtempSync(join(tmpdir(), "gatehouse-sqlite-session-registry-"))
let files = 0
const newFile = (): string => join(dir, `db-${++files}.sqlite`)
const DAY = 86_400_000

/** The users and sessions tables as Gatehouse created them before the session registry, with one session. */
const SCHEMA_BEFORE_REGISTRY = `
CREATE TABLE users (id TEXT NOT NULL PRIMARY KEY, name TEXT, email TEXT UNIQUE, emailVerified INTEGER, image TEXT);
CREATE TABLE sessions (
  sessionToken TEXT NOT NULL PRIMARY KEY, userId TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires INTEGER NOT NULL
);
INSERT INTO users (id, email) VALUES ('u1', 'old@example.com');
INSERT INTO sessions (sessionToken, userId, expires) VALUES ('old-token', 'u1', 4102444800000);`

const UNKNOWN = { createdAt: null, lastActiveAt: null, userAgent: null, ip: null }

/** A file with the schema of before the registry and one session; returns its name. */
function fileBeforeRegistry(): string {
  const filename = newFile()
  const external = new Database(filename)
  external.exec(SCHEMA_BEFORE_REGISTRY)
  external.close()
  return filename
}

function sessionColumns(filename: string): { name: string; type: string; notnull: number; dflt_value: string | null }[] {
  const db = new Database(filename, { readonly: true })
  try {
    return db.prepare<[], { name: string; type: string; notnull: number; dflt_value: string | null }>("SELECT name, type, \"notnull\", dflt_value FROM pragma_table_info('sessions')").all()
  } finally {
    db.close()
  }
}

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe("SqliteAdapter session registry", () => {
  it("migrate() keeps a sessions table created before the registry at Auth.js's three columns; its rows read with no metadata, list with null metadata, and update", async () => {
    const filename = fileBeforeRegistry()
    const migrated = SqliteAdapter({ filename })
    try {
      migrated.migrate()
      migrated.migrate()
      expect(sessionColumns(filename).map((c) => c.name)).toEqual(["sessionToken", "userId", "expires"])
      const found = await migrated.getSessionAndUser("old-token")
      const session = { sessionToken: "old-token", userId: "u1", expires: new Date(4_102_444_800_000) }
      expect(found?.session).toStrictEqual(session)
      expect(found?.user.email).toBe("old@example.com")
      expect(await migrated.listSessions("u1")).toEqual([{ ...session, ...UNKNOWN }])
      const seen = new Date("2030-01-01T00:00:00Z")
      expect(await migrated.updateSession({ sessionToken: "old-token", lastActiveAt: seen })).toStrictEqual({ ...session, lastActiveAt: seen })
      expect(await migrated.deleteUserSessions("u1")).toBe(1)
    } finally {
      migrated.close()
    }
  })

  it("a new file has the same sessions columns, in the same order, as a migrated one", () => {
    const [migrated, created] = [fileBeforeRegistry(), newFile()]
    for (const filename of [migrated, created]) {
      const opened = SqliteAdapter({ filename })
      opened.migrate()
      opened.close()
    }
    expect(sessionColumns(created)).toEqual(sessionColumns(migrated))
  })

  it("the first session check on an old file migrates it", async () => {
    const migrated = SqliteAdapter({ filename: fileBeforeRegistry() })
    try {
      expect((await migrated.listSessions("u1"))[0]).toMatchObject(UNKNOWN)
    } finally {
      migrated.close()
    }
  })

  it("the session check, listSessions and deleteUserSessions each run one statement, prepared once; the failure probe searches accounts and the refresh state by index", async () => {
    const executed: string[] = []
    const db = new Database(newFile(), { verbose: (sql) => executed.push(String(sql)) })
    const adapter = SqliteAdapter({ database: db })
    try {
      await adapter.createUser({ id: "u1", email: "a@example.com", emailVerified: null })
      await adapter.createSession({ sessionToken: "t1", userId: "u1", expires: new Date(Date.now() + DAY), createdAt: new Date() })
      const prepare = vi.spyOn(db, "prepare")
      for (const call of [() => adapter.getSessionAndUser("t1"), () => adapter.listSessions("u1"), () => adapter.deleteUserSessions("u1", "t1")]) {
        executed.length = 0
        await call()
        expect(executed).toHaveLength(1)
      }
      expect(prepare).not.toHaveBeenCalled()
      prepare.mockRestore()

      executed.length = 0
      await adapter.getSessionAndUser("t1")
      expect(executed[0], "the session check reads the metadata in its one statement").toContain("session_metadata")
      const plan = db
        .prepare<[], { detail: string }>(
          `EXPLAIN QUERY PLAN SELECT EXISTS (
             SELECT 1 FROM accounts a JOIN account_refresh_state r ON r.provider = a.provider AND r.provider_account_id = a.providerAccountId
             WHERE a.userId = s.userId AND r.failed = 1)
           FROM sessions s WHERE s.sessionToken = 't1'`,
        )
        .all()
        .map((row) => row.detail)
      expect(plan.join("\n")).toMatch(/SEARCH a USING INDEX accounts_userId/)
      expect(plan.join("\n")).toMatch(/SEARCH r USING INDEX sqlite_autoindex_account_refresh_state_1/)
    } finally {
      adapter.close()
      db.close()
    }
  })

  it("refuses metadata of the wrong type with the method's name, and writes nothing", async () => {
    const adapter = SqliteAdapter({ filename: newFile() })
    try {
      await adapter.createUser({ id: "u1", email: "a@example.com", emailVerified: null })
      const base = { sessionToken: "t1", userId: "u1", expires: new Date(Date.now() + DAY) }
      await expect(adapter.createSession({ ...base, createdAt: new Date(Number.NaN) })).rejects.toThrow(
        "createSession: createdAt must be a valid Date or null (got Invalid Date).",
      )
      await expect(adapter.createSession({ ...base, userAgent: 7 as never })).rejects.toThrow("createSession: userAgent must be a string or null (got number).")
      expect(await adapter.listSessions("u1")).toEqual([])
      await adapter.createSession(base)
      await expect(adapter.updateSession({ sessionToken: "t1", lastActiveAt: "now" as never })).rejects.toThrow(
        "updateSession: lastActiveAt must be a valid Date or null (got now).",
      )
    } finally {
      adapter.close()
    }
  })
})
