/**
 * The SQLite adapter's password records beyond the shared contract (which conformance.test.ts runs): a file migrated
 * by the version before them gets `user_passwords` from migrate() (or the first method call), with its rows kept; the
 * row hangs off the user by a cascading foreign key; a record for an unknown user, or a malformed one, is refused.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Database from "better-sqlite3"
import { afterAll, describe, expect, it } from "vitest"
import { SCHEMA, SqliteAdapter, SqliteAdapterError, type SqliteAdapterInstance } from "../src/index.js"

const dir = mkdtempSync(join(tmpdir(), "gatehouse-sqlite-passwords-"))
let files = 0
const PASSWORD = { hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", resetToken: null, updatedAt: new Date("2026-01-02T03:04:05.006Z") }

/** A file as the version before the password records left it (every other table, one user); returns its name. */
function fileBeforePasswords(): string {
  const filename = join(dir, `db-${++files}.sqlite`)
  const external = new Database(filename)
  external.exec(SCHEMA)
  external.exec("DROP TABLE user_passwords")
  external.prepare("INSERT INTO users (id, email) VALUES ('u1', 'old@example.com')").run()
  external.close()
  return filename
}

function readonly<T>(filename: string, read: (db: Database.Database) => T): T {
  const db = new Database(filename, { readonly: true })
  try {
    return read(db)
  } finally {
    db.close()
  }
}

const hasPasswordTable = (filename: string): boolean =>
  readonly(filename, (db) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'user_passwords'").get() !== undefined)
const passwordRows = (filename: string): number =>
  readonly(filename, (db) => db.prepare<[], number>("SELECT count(*) FROM user_passwords").pluck().get()!)

async function withAdapter(filename: string, use: (adapter: SqliteAdapterInstance) => Promise<void>): Promise<void> {
  const adapter = SqliteAdapter({ filename })
  try {
    await use(adapter)
  } finally {
    adapter.close()
  }
}

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe("SqliteAdapter password records", () => {
  it("migrate() on a file of the version before adds user_passwords (twice: idempotent) and keeps its users", async () => {
    const filename = fileBeforePasswords()
    expect(hasPasswordTable(filename)).toBe(false)
    await withAdapter(filename, async (adapter) => {
      adapter.migrate()
      adapter.migrate()
      expect(hasPasswordTable(filename)).toBe(true)
      expect(await adapter.getUser("u1")).toMatchObject({ email: "old@example.com" })
      expect(await adapter.getUserPassword("u1")).toBeNull()
      await adapter.setUserPassword("u1", PASSWORD)
      expect(await adapter.getUserPassword("u1")).toStrictEqual(PASSWORD)
    })
  })

  it("the first method call on a file of the version before adds user_passwords too", async () => {
    const filename = fileBeforePasswords()
    await withAdapter(filename, async (adapter) => {
      await adapter.setUserPassword("u1", PASSWORD)
      expect(passwordRows(filename)).toBe(1)
    })
  })

  it("deleting the user deletes the row (its foreign key cascades)", async () => {
    const filename = fileBeforePasswords()
    await withAdapter(filename, async (adapter) => {
      await adapter.setUserPassword("u1", { ...PASSWORD, resetToken: "a".repeat(64) })
      expect(passwordRows(filename)).toBe(1)
      await adapter.deleteUser("u1")
      expect(passwordRows(filename)).toBe(0)
    })
  })

  it("setUserPassword for a user that does not exist is refused with UserNotFound, and stores nothing", async () => {
    const filename = fileBeforePasswords()
    await withAdapter(filename, async (adapter) => {
      const refused = adapter.setUserPassword("nobody", PASSWORD)
      await expect(refused).rejects.toBeInstanceOf(SqliteAdapterError)
      await expect(refused).rejects.toMatchObject({ code: "UserNotFound" })
      expect(passwordRows(filename)).toBe(0)
      // Deleting a record nobody has is no error.
      await adapter.setUserPassword("nobody", null)
    })
  })

  it("a malformed record (an invalid updatedAt, a hash that is not text) is refused before anything is written", async () => {
    const filename = fileBeforePasswords()
    await withAdapter(filename, async (adapter) => {
      adapter.migrate()
      await expect(adapter.setUserPassword("u1", { ...PASSWORD, updatedAt: new Date(Number.NaN) })).rejects.toThrow(TypeError)
      await expect(adapter.setUserPassword("u1", { ...PASSWORD, hash: 42 as unknown as string })).rejects.toThrow(TypeError)
      expect(passwordRows(filename)).toBe(0)
    })
  })
})
