/**
 * The PostgreSQL adapter's session registry beyond the shared contract (which conformance.test.ts runs): a sessions
 * table created before the registry keeps Auth.js's three columns through migrate() (its rows keep working; moving
 * an older registry's columns out is migration.test.ts), the session
 * check still one statement with its failure probe served by an index, one statement per registry method, and odd
 * input. Against a real PostgreSQL, in schemas of their own dropped afterwards.
 */
import { randomUUID } from "node:crypto"
import { POSTGRES_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PostgresAdapter, type PostgresAdapterInstance } from "../src/index.js"
import { buildStatements } from "../src/statements.js"

const up = await serviceAvailable("PostgreSQL")
const schemaName = (): string => `gatehouse_sr_${randomUUID().replaceAll("-", "").slice(0, 12)}`
const DAY = 86_400_000

/** The users and sessions tables as Gatehouse created them before the session registry, with one session. */
const SESSIONS_BEFORE_REGISTRY = `
CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT, email TEXT UNIQUE, "emailVerified" TIMESTAMPTZ, image TEXT);
CREATE TABLE sessions (
  "sessionToken" TEXT PRIMARY KEY, "userId" TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires TIMESTAMPTZ NOT NULL
);
INSERT INTO users (id, email) VALUES ('u1', 'old@example.com');
INSERT INTO sessions ("sessionToken", "userId", expires) VALUES ('old-token', 'u1', '2100-01-01T00:00:00Z');`

const AUTHJS_SESSION_COLUMNS = ["sessionToken", "userId", "expires"]
const UNKNOWN = { createdAt: null, lastActiveAt: null, userAgent: null, ip: null }

async function sessionColumns(pool: pg.Pool, schema: string): Promise<{ name: string; type: string; nullable: string }[]> {
  const { rows } = await pool.query<{ name: string; type: string; nullable: string }>(
    `SELECT column_name AS name, data_type AS type, is_nullable AS nullable
       FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'sessions' ORDER BY ordinal_position`,
    [schema],
  )
  return rows
}

describe.skipIf(!up)("PostgresAdapter session registry", () => {
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

  /** A schema holding the tables of before the registry, migrated twice; its adapter. */
  async function migratedOldSchema(): Promise<{ schema: string; adapter: PostgresAdapterInstance }> {
    const old = schemaName()
    dropped.push(old)
    await pool.query(`CREATE SCHEMA "${old}"; SET search_path TO "${old}"; ${SESSIONS_BEFORE_REGISTRY}; RESET search_path`)
    const migrated = PostgresAdapter(pool, { schema: old })
    await migrated.migrate()
    await migrated.migrate()
    return { schema: old, adapter: migrated }
  }

  async function newUser(): Promise<string> {
    const id = randomUUID()
    await adapter.createUser({ id, email: `${id}@example.com`, emailVerified: null })
    return id
  }

  it("migrate() keeps a sessions table created before the registry at Auth.js's three columns; its rows read with no metadata, list with null metadata, and update", async () => {
    const { schema: old, adapter: migrated } = await migratedOldSchema()
    const columns = await sessionColumns(pool, old)
    expect(columns.map((c) => c.name)).toEqual(AUTHJS_SESSION_COLUMNS)

    const found = await migrated.getSessionAndUser("old-token")
    const session = { sessionToken: "old-token", userId: "u1", expires: new Date("2100-01-01T00:00:00Z") }
    expect(found?.session).toStrictEqual(session)
    expect(found?.user.email).toBe("old@example.com")
    expect(await migrated.listSessions("u1")).toEqual([{ ...session, ...UNKNOWN }])
    const seen = new Date("2030-01-01T00:00:00Z")
    expect(await migrated.updateSession({ sessionToken: "old-token", lastActiveAt: seen })).toStrictEqual({ ...session, lastActiveAt: seen })
    expect(await migrated.deleteUserSessions("u1")).toBe(1)
  })

  it("a new schema's sessions table has exactly Auth.js's columns, as a migrated one", async () => {
    expect((await sessionColumns(pool, schema)).map((c) => c.name)).toEqual(AUTHJS_SESSION_COLUMNS)
  })

  it("migrate() on a sessions table that has the columns takes no lock on it: it finishes while a transaction reads sessions", async () => {
    const reader = await pool.connect()
    try {
      await reader.query("BEGIN")
      await reader.query(`SELECT count(*) FROM "${schema}".sessions`) // holds ACCESS SHARE until COMMIT
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

  it("getSessionAndUser, listSessions and deleteUserSessions are each one named prepared statement", async () => {
    const userId = await newUser()
    const { sessionToken } = await adapter.createSession({ sessionToken: randomUUID(), userId, expires: new Date(Date.now() + DAY) })
    const calls: [string, () => Promise<unknown>][] = [
      ["get_session_and_user", () => adapter.getSessionAndUser(sessionToken)],
      ["list_sessions", () => adapter.listSessions(userId)],
      ["delete_user_sessions", () => adapter.deleteUserSessions(userId, sessionToken)],
    ]
    for (const [name, call] of calls) {
      const sent = await queriesDuring(call)
      expect(sent, name).toEqual([expect.objectContaining({ name: expect.stringMatching(new RegExp(`_${name}$`)) })])
    }
  })

  it("the session check's probe for a failed account is served by the index on accounts' user id, not a scan of accounts", async () => {
    const text = buildStatements(schema).getSessionAndUser.text.replace("$1", "'any-token'")
    const client = await pool.connect()
    try {
      await client.query("BEGIN")
      // With sequential scans priced out, the plan shows which index can serve each table; without one, a Seq Scan stays.
      await client.query("SET LOCAL enable_seqscan = off")
      const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${text}`)
      const plan = rows.map((row) => row["QUERY PLAN"]).join("\n")
      expect(plan).toContain("accounts_user_id_idx")
      expect(plan).not.toMatch(/Seq Scan on accounts/)
      await client.query("ROLLBACK")
    } finally {
      client.release()
    }
  })

  it("two concurrent deleteUserSessions calls for one user delete each session once: their counts add up to the sessions there were", async () => {
    const userId = await newUser()
    for (let i = 0; i < 6; i++) await adapter.createSession({ sessionToken: randomUUID(), userId, expires: new Date(Date.now() + DAY) })
    const counts = await Promise.all([adapter.deleteUserSessions(userId), adapter.deleteUserSessions(userId)])
    expect(counts[0] + counts[1]).toBe(6)
    expect(await adapter.listSessions(userId)).toEqual([])
  })

  it("refuses metadata of the wrong type with the method's name; a user agent with a NUL is stored without it; NUL keys match nothing", async () => {
    const userId = await newUser()
    const base = { sessionToken: randomUUID(), userId, expires: new Date(Date.now() + DAY) }
    await expect(adapter.createSession({ ...base, createdAt: new Date(Number.NaN) })).rejects.toThrow(
      "createSession: createdAt must be a valid Date or null (got Invalid Date).",
    )
    await expect(adapter.createSession({ ...base, ip: 7 as never })).rejects.toThrow("createSession: ip must be a string or null (got number).")
    await expect(adapter.updateSession({ sessionToken: base.sessionToken, lastActiveAt: "now" as never })).rejects.toThrow(
      "updateSession: lastActiveAt must be a valid Date or null (got now).",
    )
    expect((await adapter.createSession({ ...base, userAgent: "Agent\0/1" })).userAgent).toBe("Agent/1")
    expect(await adapter.listSessions("u\0")).toEqual([])
    expect(await adapter.deleteUserSessions("u\0")).toBe(0)
    expect(await adapter.deleteUserSessions(userId, "t\0")).toBe(1)
  })
})
