/**
 * PostgresSessionStore against a real PostgreSQL, in schemas of its own dropped afterwards: the session-store contract
 * (with a second process on its own pool), then what is particular to PostgreSQL: migrate() alone makes a working
 * store and may run twice or concurrently, prune deletes exactly the expired rows, and every method is one prepared
 * statement.
 */
import { randomUUID } from "node:crypto"
import { fileURLToPath } from "node:url"
import { POSTGRES_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sessionStoreContract } from "../../adapter-test/src/session-store.js"
import { PostgresAdapterError } from "../src/errors.js"
import { PostgresSessionStore } from "../src/session-store.js"

const up = await serviceAvailable("PostgreSQL")
const schemaName = (): string => `gatehouse_ss_${randomUUID().replaceAll("-", "").slice(0, 12)}`
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url))

describe.skipIf(!up)("PostgresSessionStore", () => {
  const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 10 })
  const [SCHEMA, OWN] = [schemaName(), schemaName()]
  const store = PostgresSessionStore(pool, { schema: SCHEMA })
  // The store's own cases count rows, so they get a schema the contract does not write to.
  const own = PostgresSessionStore(pool, { schema: OWN })

  beforeAll(async () => {
    await store.migrate()
    await own.migrate()
  })
  afterAll(async () => {
    for (const schema of [SCHEMA, OWN]) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    await pool.end()
  })

  sessionStoreContract("the session-store contract", {
    store: () => store,
    child: here("./session-store-child.ts"),
    childEnv: () => ({ SS_POSTGRES_URL: POSTGRES_URL, SS_SCHEMA: SCHEMA }),
  })

  const session = (userId: string, expiresInMs: number) => ({
    sessionToken: `sid-${randomUUID()}`,
    userId,
    expires: new Date(Date.now() + expiresInMs),
    createdAt: new Date(),
    lastActiveAt: new Date(),
    userAgent: "curl/8.5.0",
    ip: "192.0.2.1",
  })

  it("migrate() alone creates the schema, jwt_sessions and its user-id index, session_revocations (no adapter tables), and may run twice or concurrently", async () => {
    const schema = schemaName()
    const fresh = PostgresSessionStore(pool, { schema })
    try {
      await Promise.all([fresh.migrate(), fresh.migrate()])
      await fresh.migrate()
      const tables = await pool.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = $1", [schema])
      expect(tables.rows.map((r) => r.table_name).sort()).toEqual(["jwt_sessions", "session_revocations"])
      const indexes = await pool.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = 'jwt_sessions_user_id_idx'", [schema])
      expect(indexes.rows[0]?.indexdef).toMatch(/\(user_id\)/)
      const s = session(`user-${randomUUID()}`, 60_000)
      await fresh.createSession(s)
      expect(await fresh.getSession(s.sessionToken)).toEqual(s)
    } finally {
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    }
  })

  it("prune deletes the expired rows, returns how many, and keeps the live ones", async () => {
    const userId = `user-${randomUUID()}`
    const expired = [session(userId, -1_000), session(userId, -60_000)]
    const live = session(userId, 60_000)
    for (const s of [...expired, live]) await own.createSession(s)
    expect(await own.prune()).toBe(2)
    const { rows } = await pool.query<{ session_token: string }>(`SELECT session_token FROM "${OWN}".jwt_sessions WHERE user_id = $1`, [userId])
    expect(rows.map((r) => r.session_token)).toEqual([live.sessionToken])
    expect(await own.prune()).toBe(0)
  })

  it("refuses a schema name PostgreSQL cannot hold before touching the database", () => {
    expect(() => PostgresSessionStore(pool, { schema: "x".repeat(64) })).toThrow(PostgresAdapterError)
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

  it("every method is one round trip: one named (prepared) statement on the pool", async () => {
    const s = session(`user-${randomUUID()}`, 60_000)
    const calls: [string, () => Promise<unknown>][] = [
      ["create", () => own.createSession(s)],
      ["get", () => own.getSession(s.sessionToken)],
      ["update", () => own.updateSession(s.sessionToken, { expires: new Date(Date.now() + 120_000), lastActiveAt: new Date() })],
      ["list", () => own.listSessions(s.userId)],
      ["delete_user", () => own.deleteUserSessions(s.userId, s.sessionToken)],
      ["delete", () => own.deleteSession(s.sessionToken)],
    ]
    for (const [method, call] of calls) {
      const sent = await queriesDuring(call)
      expect(sent, method).toEqual([expect.objectContaining({ name: expect.stringMatching(new RegExp(`_jwt_session_${method}$`)) })])
    }
  })
})
