/**
 * The SQLite adapter's provider token refresh beyond the shared contract (which conformance.test.ts runs): TR-01
 * across two processes on one file, an accounts table created before token refresh kept at Auth.js's columns through
 * migrate() (its rows keep working, and the first method call migrates; moving an older Gatehouse's columns out is
 * migration.test.ts), and the refusal of bad input.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { AUTHJS_FIELDS, tokenRefreshProcessContract } from "@gatehousejs/adapter-test"
import Database from "better-sqlite3"
import { afterAll, describe, expect, it } from "vitest"
import { SqliteAdapter } from "../src/index.js"

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url))
const dir = mkdtempSync(join(tmpdir(), "gatehouse-sqlite-token-refresh-"))
let files = 0
const newFile = (): string => join(dir, `db-${++files}.sqlite`)

/** The users and accounts tables as Gatehouse created them before token refresh. */
const SCHEMA_BEFORE_TOKEN_REFRESH = `
CREATE TABLE users (id TEXT NOT NULL PRIMARY KEY, name TEXT, email TEXT UNIQUE, emailVerified INTEGER, image TEXT);
CREATE TABLE accounts (
  userId TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE, type TEXT NOT NULL, provider TEXT NOT NULL,
  providerAccountId TEXT NOT NULL, refresh_token TEXT, access_token TEXT, expires_at INTEGER, token_type TEXT,
  scope TEXT, id_token TEXT, session_state TEXT, UNIQUE (provider, providerAccountId)
);
INSERT INTO users (id) VALUES ('u1');
INSERT INTO accounts (userId, type, provider, providerAccountId, refresh_token, access_token, expires_at)
  VALUES ('u1', 'oauth', 'github', 'gh-1', 'rt-1', 'at-1', 1900000000);`

/** Auth.js's `accounts` columns, in its order: what the table keeps after `migrate()`. */
const AUTHJS_ACCOUNT_COLUMNS = [...AUTHJS_FIELDS.account]

/** A file with the schema of before token refresh and one account; returns its name. */
function fileBeforeTokenRefresh(): string {
  const filename = newFile()
  const external = new Database(filename)
  external.exec(SCHEMA_BEFORE_TOKEN_REFRESH)
  external.close()
  return filename
}

function accountColumns(filename: string): { name: string; type: string; notnull: number; dflt_value: string | null }[] {
  const db = new Database(filename, { readonly: true })
  try {
    return db.prepare<[], { name: string; type: string; notnull: number; dflt_value: string | null }>("SELECT name, type, \"notnull\", dflt_value FROM pragma_table_info('accounts')").all()
  } finally {
    db.close()
  }
}

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe("SqliteAdapter token refresh", () => {
  const shared = newFile()
  const adapter = SqliteAdapter({ filename: shared })
  afterAll(() => adapter.close())

  tokenRefreshProcessContract({ adapter: () => adapter, child: here("./token-refresh-child.ts"), childEnv: () => ({ TR_FILE: shared }) })

  it("migrate() keeps an accounts table created before token refresh at Auth.js's columns; its rows read as not leased, not failed, and can be claimed", async () => {
    const filename = fileBeforeTokenRefresh()
    const migrated = SqliteAdapter({ filename })
    try {
      migrated.migrate()
      migrated.migrate()
      expect(accountColumns(filename).map((c) => c.name)).toEqual(AUTHJS_ACCOUNT_COLUMNS)
      const found = await migrated.getAccountForRefresh("u1", "github")
      expect(found).toMatchObject({ providerAccountId: "gh-1", refresh_token: "rt-1", expires_at: 1_900_000_000, refreshLeaseUntil: null, refreshFailed: false })
      expect(await migrated.claimTokenRefresh({ provider: "github", providerAccountId: "gh-1" }, "rt-1", 60_000)).toBe(true)
    } finally {
      migrated.close()
    }
  })

  it("a new file has the same accounts columns, in the same order, as a migrated one", async () => {
    const [migrated, created] = [fileBeforeTokenRefresh(), newFile()]
    for (const filename of [migrated, created]) {
      const opened = SqliteAdapter({ filename })
      opened.migrate()
      opened.close()
    }
    expect(accountColumns(created)).toEqual(accountColumns(migrated))
  })

  it("the first token-refresh call on an old file migrates it", async () => {
    const filename = fileBeforeTokenRefresh()
    const migrated = SqliteAdapter({ filename })
    try {
      expect(await migrated.claimTokenRefresh({ provider: "github", providerAccountId: "gh-1" }, "rt-1", 60_000)).toBe(true)
      expect((await migrated.getAccountForRefresh("u1", "github"))?.refreshLeaseUntil).toBeInstanceOf(Date)
    } finally {
      migrated.close()
    }
  })

  it("two adapters on one old file both migrate it, and its accounts table keeps Auth.js's columns", async () => {
    const filename = fileBeforeTokenRefresh()
    const [a, b] = [SqliteAdapter({ filename }), SqliteAdapter({ filename })]
    try {
      a.migrate()
      b.migrate()
      expect(accountColumns(filename).map((c) => c.name)).toEqual(AUTHJS_ACCOUNT_COLUMNS)
    } finally {
      a.close()
      b.close()
    }
  })

  it("refuses a lease that is not a whole number of milliseconds, a retryAt that is not a date, and an expires_at that is not a number", async () => {
    const key = { provider: "github", providerAccountId: "nobody" }
    await expect(adapter.claimTokenRefresh(key, "rt", 0)).rejects.toThrow("claimTokenRefresh: leaseMs must be a whole number of milliseconds, at least 1 (got 0).")
    await expect(adapter.claimTokenRefresh(key, "rt", 1.5)).rejects.toThrow("leaseMs must be a whole number")
    await expect(adapter.finishTokenRefresh(key, "rt", { failed: { permanent: false, retryAt: new Date(Number.NaN) } })).rejects.toThrow(
      "finishTokenRefresh: failed.retryAt must be a valid Date (got Invalid Date).",
    )
    await expect(adapter.updateAccountTokens(key, { expires_at: "soon" as never })).rejects.toThrow(
      "updateAccountTokens: expires_at must be a number of seconds or null (got soon).",
    )
  })
})
