/**
 * The PostgreSQL adapter's provider token refresh beyond the shared contract (which conformance.test.ts runs): TR-01
 * across two processes, an accounts table created before token refresh kept at Auth.js's columns through migrate()
 * (its rows keep working; moving an older Gatehouse's columns out is migration.test.ts), and one statement per method. Against a real PostgreSQL, in schemas of their own dropped afterwards.
 */
import { randomUUID } from "node:crypto"
import { fileURLToPath } from "node:url"
import { AUTHJS_FIELDS, POSTGRES_URL, serviceAvailable, tokenRefreshProcessContract } from "@gatehousejs/adapter-test"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PostgresAdapter } from "../src/index.js"

const up = await serviceAvailable("PostgreSQL")
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url))
const schemaName = (): string => `gatehouse_tr_${randomUUID().replaceAll("-", "").slice(0, 12)}`

/** The accounts table as Gatehouse created it before token refresh (and as Auth.js's layout has it). */
const ACCOUNTS_BEFORE_TOKEN_REFRESH = `
CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT, email TEXT UNIQUE, "emailVerified" TIMESTAMPTZ, image TEXT);
CREATE TABLE accounts (
  "userId" TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE, type TEXT NOT NULL, provider TEXT NOT NULL,
  "providerAccountId" TEXT NOT NULL, refresh_token TEXT, access_token TEXT, expires_at BIGINT, token_type TEXT,
  scope TEXT, id_token TEXT, session_state TEXT, PRIMARY KEY (provider, "providerAccountId")
);`

/** Auth.js's `accounts` columns, in its order: what the table keeps after `migrate()`. */
const AUTHJS_ACCOUNT_COLUMNS = [...AUTHJS_FIELDS.account]

async function accountColumns(pool: pg.Pool, schema: string): Promise<{ name: string; type: string; nullable: string; default: string | null }[]> {
  const { rows } = await pool.query<{ name: string; type: string; nullable: string; default: string | null }>(
    `SELECT column_name AS name, data_type AS type, is_nullable AS nullable, column_default AS default
       FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'accounts' ORDER BY ordinal_position`,
    [schema],
  )
  return rows
}

describe.skipIf(!up)("PostgresAdapter token refresh", () => {
  const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 10 })
  const schema = schemaName()
  const adapter = PostgresAdapter(pool, { schema })
  const dropped: string[] = [schema]

  beforeAll(async () => {
    await adapter.migrate()
  })
  afterAll(async () => {
    for (const name of dropped) await pool.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`)
    await pool.end()
  })

  tokenRefreshProcessContract({
    adapter: () => adapter,
    child: here("./token-refresh-child.ts"),
    childEnv: () => ({ TR_POSTGRES_URL: POSTGRES_URL, TR_SCHEMA: schema }),
  })

  it("migrate() keeps an accounts table created before token refresh at Auth.js's columns; its rows read as not leased, not failed, and can be claimed", async () => {
    const old = schemaName()
    dropped.push(old)
    await pool.query(`CREATE SCHEMA "${old}"; SET search_path TO "${old}"; ${ACCOUNTS_BEFORE_TOKEN_REFRESH}; RESET search_path`)
    await pool.query(`INSERT INTO "${old}".users (id) VALUES ('u1')`)
    await pool.query(
      `INSERT INTO "${old}".accounts ("userId", type, provider, "providerAccountId", refresh_token, access_token, expires_at)
       VALUES ('u1', 'oauth', 'github', 'gh-1', 'rt-1', 'at-1', 1900000000)`,
    )
    const migrated = PostgresAdapter(pool, { schema: old })
    await migrated.migrate()
    await migrated.migrate()

    expect((await accountColumns(pool, old)).map((c) => c.name)).toEqual(AUTHJS_ACCOUNT_COLUMNS)
    const found = await migrated.getAccountForRefresh("u1", "github")
    expect(found).toMatchObject({ providerAccountId: "gh-1", refresh_token: "rt-1", expires_at: 1_900_000_000, refreshLeaseUntil: null, refreshFailed: false })
    expect(await migrated.claimTokenRefresh({ provider: "github", providerAccountId: "gh-1" }, "rt-1", 60_000)).toBe(true)
  })

  it("a new schema's accounts table has exactly Auth.js's columns, as a migrated one", async () => {
    expect((await accountColumns(pool, schema)).map((c) => c.name)).toEqual(AUTHJS_ACCOUNT_COLUMNS)
  })

  it("migrate() on a table that has the columns takes no lock on it: it finishes while a transaction reads accounts", async () => {
    const reader = await pool.connect()
    try {
      await reader.query("BEGIN")
      await reader.query(`SELECT count(*) FROM "${schema}".accounts`) // holds ACCESS SHARE until COMMIT
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("migrate() waited for the reader's lock")), 3_000))
      await Promise.race([adapter.migrate(), timeout])
      await reader.query("COMMIT")
    } finally {
      reader.release()
    }
  })

  /** What `fn` sent through `pool.query`. */
  async function queriesDuring(fn: () => Promise<unknown>): Promise<unknown[]> {
    const sent: unknown[] = []
    const original = pool.query
    pool.query = ((...args: Parameters<typeof pool.query>) => {
      sent.push(args[0])
      return (original as (...a: unknown[]) => unknown).apply(pool, args)
    }) as typeof pool.query
    try {
      await fn()
    } finally {
      pool.query = original
    }
    return sent
  }

  it("each token-refresh method is one named prepared statement: one round trip, atomic by itself", async () => {
    const userId = randomUUID()
    await adapter.createUser({ id: userId, email: `${userId}@example.com`, emailVerified: null })
    const key = { provider: "github", providerAccountId: randomUUID() }
    await adapter.linkAccount({ ...key, userId, type: "oauth", refresh_token: "rt-1" })

    const calls: [string, () => Promise<unknown>][] = [
      ["get_account_for_refresh", () => adapter.getAccountForRefresh(userId, "github")],
      ["claim_token_refresh", () => adapter.claimTokenRefresh(key, "rt-1", 60_000)],
      ["finish_token_refresh_failed", () => adapter.finishTokenRefresh(key, "rt-1", { failed: { permanent: false, retryAt: new Date() } })],
      ["finish_token_refresh_tokens", () => adapter.finishTokenRefresh(key, "rt-1", { tokens: { refresh_token: "rt-2" } })],
      ["update_account_tokens", () => adapter.updateAccountTokens(key, { access_token: "at-3" })],
    ]
    for (const [name, call] of calls) {
      const sent = await queriesDuring(call)
      expect(sent, name).toEqual([expect.objectContaining({ name: expect.stringMatching(new RegExp(`_${name}$`)) })])
    }
    expect(await adapter.getAccountForRefresh(userId, "github")).toMatchObject({ refresh_token: "rt-2", access_token: "at-3", refreshFailed: false })
  })

  it("refuses a lease that is not a whole number of milliseconds, a retryAt that is not a date, and an expires_at that is not a number", async () => {
    const key = { provider: "github", providerAccountId: randomUUID() }
    await expect(adapter.claimTokenRefresh(key, "rt", 0)).rejects.toThrow("claimTokenRefresh: leaseMs must be a whole number of milliseconds, at least 1 (got 0).")
    await expect(adapter.claimTokenRefresh(key, "rt", 1.5)).rejects.toThrow("leaseMs must be a whole number")
    await expect(adapter.finishTokenRefresh(key, "rt", { failed: { permanent: false, retryAt: new Date(Number.NaN) } })).rejects.toThrow(
      "finishTokenRefresh: failed.retryAt must be a valid Date (got Invalid Date).",
    )
    await expect(adapter.updateAccountTokens(key, { expires_at: "soon" as never })).rejects.toThrow(
      "updateAccountTokens: expires_at must be a number of seconds or null (got soon).",
    )
  })

  it("a refresh token or key with a NUL character matches nothing instead of failing the query", async () => {
    const key = { provider: "github", providerAccountId: "a\0b" }
    expect(await adapter.claimTokenRefresh(key, "rt", 1_000)).toBe(false)
    expect(await adapter.claimTokenRefresh({ provider: "github", providerAccountId: "x" }, "r\0t", 1_000)).toBe(false)
    expect(await adapter.finishTokenRefresh(key, "rt", { tokens: { access_token: "at" } })).toBe(false)
    expect(await adapter.getAccountForRefresh("u\0", "github")).toBeNull()
    await adapter.updateAccountTokens(key, { access_token: "at" })
  })
})
