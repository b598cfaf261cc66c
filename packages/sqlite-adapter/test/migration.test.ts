/**
 * migrate() on a file from an older Gatehouse, which kept the session registry's metadata in columns of `sessions`
 * and the token refresh's state in columns of `accounts`: the values move to `session_metadata` and
 * `account_refresh_state`, the columns go, and Auth.js's tables are left with exactly Auth.js's columns. Run twice
 * (idempotent) and from two adapters on one file; deleting a session, an account or a user takes Gatehouse's rows
 * with it.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Database from "better-sqlite3"
import { afterAll, describe, expect, it } from "vitest"
import { SqliteAdapter, type SqliteAdapterInstance } from "../src/index.js"

const dir = mkdtempSync(join(tmpdir(), "gatehouse-sqlite-migration-"))
let files = 0

const CREATED = new Date("2026-01-02T03:04:05.006Z")
const SEEN = new Date("2026-01-03T00:00:00Z")
const LEASE = new Date("2100-01-01T00:00:00Z")
const EXPIRES = new Date("2100-06-01T00:00:00Z")

/** The tables as the Gatehouse before this layout created them, with a user, two sessions and three accounts. */
const OLDER_GATEHOUSE = `
CREATE TABLE users (id TEXT NOT NULL PRIMARY KEY, name TEXT, email TEXT UNIQUE, emailVerified INTEGER, image TEXT);
CREATE TABLE accounts (
  userId TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE, type TEXT NOT NULL, provider TEXT NOT NULL,
  providerAccountId TEXT NOT NULL, refresh_token TEXT, access_token TEXT, expires_at INTEGER, token_type TEXT,
  scope TEXT, id_token TEXT, session_state TEXT,
  refresh_lease_until INTEGER, refresh_failed INTEGER NOT NULL DEFAULT 0,
  UNIQUE (provider, providerAccountId)
);
CREATE INDEX accounts_userId ON accounts (userId);
CREATE TABLE sessions (
  sessionToken TEXT NOT NULL PRIMARY KEY, userId TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires INTEGER NOT NULL, created_at INTEGER, last_active_at INTEGER, user_agent TEXT, ip TEXT
);
CREATE INDEX sessions_userId ON sessions (userId);
INSERT INTO users (id, email) VALUES ('u1', 'old@example.com');
INSERT INTO sessions VALUES
  ('with-metadata', 'u1', ${EXPIRES.getTime()}, ${CREATED.getTime()}, ${SEEN.getTime()}, 'Firefox "quoted"', '2001:db8::7'),
  ('without-metadata', 'u1', ${EXPIRES.getTime()}, NULL, NULL, NULL, NULL);
INSERT INTO accounts (userId, type, provider, providerAccountId, refresh_token, access_token, expires_at, refresh_lease_until, refresh_failed) VALUES
  ('u1', 'oauth', 'github', 'gh-1', 'rt-gh', 'at-gh', 1900000000, ${LEASE.getTime()}, 1),
  ('u1', 'oauth', 'gitlab', 'gl-1', 'rt-gl', 'at-gl', 1900000000, ${LEASE.getTime()}, 0),
  ('u1', 'oidc', 'google', 'go-1', 'rt-go', 'at-go', NULL, NULL, 0);`

const AUTHJS_COLUMNS = {
  sessions: ["sessionToken", "userId", "expires"],
  accounts: ["userId", "type", "provider", "providerAccountId", "refresh_token", "access_token", "expires_at", "token_type", "scope", "id_token", "session_state"],
}

/** A file with an older Gatehouse's tables and rows; returns its name. */
function olderFile(): string {
  const filename = join(dir, `db-${++files}.sqlite`)
  const external = new Database(filename)
  external.exec(OLDER_GATEHOUSE)
  external.close()
  return filename
}

/** Reads the file on a connection of its own, as another tool would. */
function inspect<T>(filename: string, read: (db: Database.Database) => T): T {
  const db = new Database(filename, { readonly: true })
  try {
    return read(db)
  } finally {
    db.close()
  }
}

const columns = (filename: string, table: string): string[] =>
  inspect(filename, (db) => db.prepare<[string], string>("SELECT name FROM pragma_table_info(?)").pluck().all(table))
const count = (filename: string, table: string): number =>
  inspect(filename, (db) => db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get()!)

/** What the registry and the token refresh read after the migration: the old values, every one. */
async function expectDataPreserved(adapter: SqliteAdapterInstance): Promise<void> {
  expect((await adapter.getSessionAndUser("with-metadata"))?.session).toStrictEqual({
    sessionToken: "with-metadata",
    userId: "u1",
    expires: EXPIRES,
    createdAt: CREATED,
    lastActiveAt: SEEN,
    userAgent: 'Firefox "quoted"',
    ip: "2001:db8::7",
    refreshFailed: true,
  })
  expect((await adapter.getSessionAndUser("without-metadata"))?.session, "a session without metadata").toStrictEqual({
    sessionToken: "without-metadata",
    userId: "u1",
    expires: EXPIRES,
    refreshFailed: true,
  })
  const listed = await adapter.listSessions("u1")
  expect(listed.map((s) => [s.sessionToken, s.createdAt, s.userAgent])).toEqual([
    ["with-metadata", CREATED, 'Firefox "quoted"'],
    ["without-metadata", null, null],
  ])
  expect(await adapter.getAccountForRefresh("u1", "github")).toMatchObject({ refresh_token: "rt-gh", refreshLeaseUntil: LEASE, refreshFailed: true })
  expect(await adapter.getAccountForRefresh("u1", "gitlab")).toMatchObject({ refresh_token: "rt-gl", refreshLeaseUntil: LEASE, refreshFailed: false })
  expect(await adapter.getAccountForRefresh("u1", "google")).toMatchObject({ refresh_token: "rt-go", refreshLeaseUntil: null, refreshFailed: false })
  expect(await adapter.claimTokenRefresh({ provider: "github", providerAccountId: "gh-1" }, "rt-gh", 1_000), "a failed account").toBe(false)
  expect(await adapter.claimTokenRefresh({ provider: "gitlab", providerAccountId: "gl-1" }, "rt-gl", 1_000), "a live lease").toBe(false)
  expect(await adapter.claimTokenRefresh({ provider: "google", providerAccountId: "go-1" }, "rt-go", 1_000), "no state").toBe(true)
}

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe("SqliteAdapter migrate() from an older Gatehouse", () => {
  it("twice in a row: the values move to session_metadata and account_refresh_state, and sessions and accounts keep exactly Auth.js's columns", async () => {
    const filename = olderFile()
    const adapter = SqliteAdapter({ filename })
    try {
      adapter.migrate()
      adapter.migrate()
      expect(columns(filename, "sessions")).toEqual(AUTHJS_COLUMNS.sessions)
      expect(columns(filename, "accounts")).toEqual(AUTHJS_COLUMNS.accounts)
      // Only rows that hold something are copied: no row means "unknown" / "no lease, not failed".
      expect(count(filename, "session_metadata")).toBe(1)
      expect(count(filename, "account_refresh_state")).toBe(2)
      await expectDataPreserved(adapter)
    } finally {
      adapter.close()
    }
  })

  it("two adapters on one file, each migrating on its first call: the data is moved once", async () => {
    const filename = olderFile()
    const [a, b] = [SqliteAdapter({ filename }), SqliteAdapter({ filename })]
    try {
      await Promise.all([a.getUser("u1"), b.listSessions("u1")])
      expect(columns(filename, "accounts")).toEqual(AUTHJS_COLUMNS.accounts)
      expect(count(filename, "session_metadata")).toBe(1)
      await expectDataPreserved(b)
    } finally {
      a.close()
      b.close()
    }
  })

  it("deleting a session, unlinking an account and deleting a user delete their rows in Gatehouse's tables", async () => {
    const filename = olderFile()
    const adapter = SqliteAdapter({ filename })
    try {
      adapter.migrate()
      await adapter.deleteSession("with-metadata")
      expect(count(filename, "session_metadata"), "after deleteSession").toBe(0)
      await adapter.unlinkAccount({ provider: "github", providerAccountId: "gh-1" })
      expect(count(filename, "account_refresh_state"), "after unlinkAccount").toBe(1)

      await adapter.createSession({ sessionToken: "new", userId: "u1", expires: EXPIRES, createdAt: CREATED })
      expect(count(filename, "session_metadata"), "after createSession with metadata").toBe(1)
      await adapter.deleteUser("u1")
      expect(count(filename, "session_metadata"), "after deleteUser").toBe(0)
      expect(count(filename, "account_refresh_state"), "after deleteUser").toBe(0)
    } finally {
      adapter.close()
    }
  })
})
