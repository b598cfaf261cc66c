/**
 * migrate() on a database from an older Gatehouse, which kept the session registry's metadata in columns of
 * `sessions` and the token refresh's state in columns of `accounts`: the values move to `session_metadata` and
 * `account_refresh_state`, the columns go, and Auth.js's tables are left with exactly Auth.js's columns. Run twice
 * (idempotent) and from several processes at once; deleting a session, an account or a user takes Gatehouse's rows
 * with it. Against a real PostgreSQL, in schemas of their own dropped afterwards.
 */
import { randomUUID } from "node:crypto"
import { POSTGRES_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import pg from "pg"
import { afterAll, describe, expect, it } from "vitest"
import { PostgresAdapter } from "../src/index.js"

const up = await serviceAvailable("PostgreSQL")
const schemaName = (): string => `gatehouse_mig_${randomUUID().replaceAll("-", "").slice(0, 12)}`

const CREATED = new Date("2026-01-02T03:04:05.006Z")
const SEEN = new Date("2026-01-03T00:00:00Z")
const LEASE = new Date("2100-01-01T00:00:00Z")
const EXPIRES = new Date("2100-06-01T00:00:00Z")

/** The tables as the Gatehouse before this layout created them, with a user, two sessions and three accounts. */
const OLDER_GATEHOUSE = `
CREATE TABLE users (id TEXT PRIMARY KEY DEFAULT gen_random_uuid()::text, name TEXT, email TEXT UNIQUE, "emailVerified" TIMESTAMPTZ, image TEXT);
CREATE TABLE accounts (
  "userId" TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE, type TEXT NOT NULL, provider TEXT NOT NULL,
  "providerAccountId" TEXT NOT NULL, refresh_token TEXT, access_token TEXT, expires_at BIGINT, token_type TEXT,
  scope TEXT, id_token TEXT, session_state TEXT,
  refresh_lease_until TIMESTAMPTZ, refresh_failed BOOLEAN NOT NULL DEFAULT false,
  PRIMARY KEY (provider, "providerAccountId")
);
CREATE INDEX accounts_user_id_idx ON accounts ("userId");
CREATE TABLE sessions (
  "sessionToken" TEXT PRIMARY KEY, "userId" TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires TIMESTAMPTZ NOT NULL, created_at TIMESTAMPTZ, last_active_at TIMESTAMPTZ, user_agent TEXT, ip TEXT
);
CREATE INDEX sessions_user_id_idx ON sessions ("userId");
CREATE TABLE session_revocations (user_id TEXT PRIMARY KEY, not_before TIMESTAMPTZ NOT NULL);
INSERT INTO users (id, email) VALUES ('u1', 'old@example.com');
INSERT INTO sessions VALUES
  ('with-metadata', 'u1', '${EXPIRES.toISOString()}', '${CREATED.toISOString()}', '${SEEN.toISOString()}', 'Firefox "quoted"', '2001:db8::7'),
  ('without-metadata', 'u1', '${EXPIRES.toISOString()}', NULL, NULL, NULL, NULL);
INSERT INTO accounts ("userId", type, provider, "providerAccountId", refresh_token, access_token, expires_at, refresh_lease_until, refresh_failed) VALUES
  ('u1', 'oauth', 'github', 'gh-1', 'rt-gh', 'at-gh', 1900000000, '${LEASE.toISOString()}', true),
  ('u1', 'oauth', 'gitlab', 'gl-1', 'rt-gl', 'at-gl', 1900000000, '${LEASE.toISOString()}', false),
  ('u1', 'oidc', 'google', 'go-1', 'rt-go', 'at-go', NULL, NULL, false);`

const AUTHJS_COLUMNS = {
  sessions: ["sessionToken", "userId", "expires"],
  accounts: ["userId", "type", "provider", "providerAccountId", "refresh_token", "access_token", "expires_at", "token_type", "scope", "id_token", "session_state"],
}

describe.skipIf(!up)("PostgresAdapter migrate() from an older Gatehouse", () => {
  const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 10 })
  const dropped: string[] = []

  afterAll(async () => {
    for (const name of dropped) await pool.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`)
    await pool.end()
  })

  async function olderDatabase(): Promise<string> {
    const schema = schemaName()
    dropped.push(schema)
    await pool.query(`CREATE SCHEMA "${schema}"; SET search_path TO "${schema}"; ${OLDER_GATEHOUSE}; RESET search_path`)
    return schema
  }

  async function columns(schema: string, table: string): Promise<string[]> {
    const { rows } = await pool.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
      [schema, table],
    )
    return rows.map((row) => row.name)
  }

  async function count(schema: string, table: string): Promise<number> {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}".${table}`)
    return rows[0]!.n
  }

  /** What the registry and the token refresh read after the migration: the old values, every one. */
  async function expectDataPreserved(schema: string): Promise<void> {
    const adapter = PostgresAdapter(pool, { schema })
    const found = await adapter.getSessionAndUser("with-metadata")
    expect(found?.session).toStrictEqual({
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

  it("twice in a row: the values move to session_metadata and account_refresh_state, and sessions and accounts keep exactly Auth.js's columns", async () => {
    const schema = await olderDatabase()
    const adapter = PostgresAdapter(pool, { schema })
    await adapter.migrate()
    await adapter.migrate()

    expect(await columns(schema, "sessions")).toEqual(AUTHJS_COLUMNS.sessions)
    expect(await columns(schema, "accounts")).toEqual(AUTHJS_COLUMNS.accounts)
    // Only rows that hold something are copied: no row means "unknown" / "no lease, not failed".
    expect(await count(schema, "session_metadata")).toBe(1)
    expect(await count(schema, "account_refresh_state")).toBe(2)
    await expectDataPreserved(schema)
  })

  it("from three processes at once: every one succeeds, and the data is moved once", async () => {
    const schema = await olderDatabase()
    const pools = [1, 2, 3].map(() => new pg.Pool({ connectionString: POSTGRES_URL, max: 1 }))
    try {
      await Promise.all(pools.map((p) => PostgresAdapter(p, { schema }).migrate()))
    } finally {
      await Promise.all(pools.map((p) => p.end()))
    }
    expect(await columns(schema, "sessions")).toEqual(AUTHJS_COLUMNS.sessions)
    expect(await count(schema, "session_metadata")).toBe(1)
    await expectDataPreserved(schema)
  })

  it("deleting a session, unlinking an account and deleting a user delete their rows in Gatehouse's tables", async () => {
    const schema = await olderDatabase()
    const adapter = PostgresAdapter(pool, { schema })
    await adapter.migrate()

    await adapter.deleteSession("with-metadata")
    expect(await count(schema, "session_metadata"), "after deleteSession").toBe(0)
    await adapter.unlinkAccount({ provider: "github", providerAccountId: "gh-1" })
    expect(await count(schema, "account_refresh_state"), "after unlinkAccount").toBe(1)

    await adapter.createSession({ sessionToken: "new", userId: "u1", expires: EXPIRES, createdAt: CREATED })
    expect(await count(schema, "session_metadata"), "after createSession with metadata").toBe(1)
    await adapter.deleteUser("u1")
    expect(await count(schema, "session_metadata"), "after deleteUser").toBe(0)
    expect(await count(schema, "account_refresh_state"), "after deleteUser").toBe(0)
  })
})
