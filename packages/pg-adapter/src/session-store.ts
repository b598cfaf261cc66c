/**
 * `PostgresSessionStore`: the JWT strategy's session registry (core's `SessionStore`) in PostgreSQL, shared by every
 * process that uses the database. One row per signed-in browser in `jwt_sessions`; revoking deletes the row. Every
 * method is one statement (one round trip, atomic), and whether a row has expired is decided by the database's clock,
 * so processes whose clocks disagree still agree on which sessions live.
 *
 * The user's latest revocation time (`setSessionsNotBefore`, RT-12) is a row of `session_revocations`, the table
 * `PostgresAdapter` uses for the same purpose (one definition, so the two may share a schema).
 *
 * Neither table references `users`: the store works without `PostgresAdapter` (a JWT-only app) and a user id is
 * whatever the app's sign-in gives. `migrate()` creates them.
 */
import { createHash } from "node:crypto"
import type { SessionStore } from "@gatehousejs/core"
import { checkNotBefore, checkRegisteredSession, checkSessionChanges, checkSessionId, type RegisteredSession } from "@gatehousejs/core/adapters"
import type { Pool } from "pg"
import { notBeforeStatements, quoteIdentifier, type Prepared } from "./statements.js"
import { transaction } from "./transaction.js"

export interface PostgresSessionStoreOptions {
  /** The PostgreSQL schema that holds `jwt_sessions` and `session_revocations` (created by `migrate()`). Default `public`. */
  schema?: string
}

/** A session store (core's `SessionStore`) on PostgreSQL, plus `migrate()` and `prune()`. */
export interface PostgresSessionStoreInstance extends SessionStore {
  /**
   * Creates the schema, the table `jwt_sessions` and its index on the user id, and `session_revocations`, if they are
   * missing. Idempotent.
   */
  migrate(): Promise<void>
  /** One upsert into `session_revocations`: the user's not-before time becomes `at`, unless a later one is stored. */
  setSessionsNotBefore(userId: string, at: Date): Promise<void>
  /** The user's not-before time, or `null` when none was stored. */
  getSessionsNotBefore(userId: string): Promise<Date | null>
  /**
   * Deletes the rows that have expired and returns how many. Not run automatically: an expired row is already no
   * session (every read checks `expires`) and only takes space, so call it from a periodic job.
   */
  prune(): Promise<number>
}

/** How this store names itself in its error messages. */
const STORE = "PostgresSessionStore"

const COLUMNS = "session_token, user_id, expires, created_at, last_active_at, user_agent, ip"

interface SessionRow {
  session_token: string
  user_id: string
  expires: Date
  created_at: Date | null
  last_active_at: Date | null
  user_agent: string | null
  ip: string | null
}

/**
 * The JWT session store for PostgreSQL. Takes a `pg.Pool` (yours to configure and to end); run `migrate()` once
 * before the first request, as for the adapter.
 *
 * @example
 * const sessionStore = PostgresSessionStore(pool, { schema: "auth" })
 * await sessionStore.migrate()
 * setInterval(() => void sessionStore.prune(), 60 * 60 * 1000).unref()
 */
export function PostgresSessionStore(pool: Pool, options: PostgresSessionStoreOptions = {}): PostgresSessionStoreInstance {
  const schema = options.schema ?? "public"
  const sql = sessionStatements(schema)
  return {
    async migrate() {
      await transaction(pool, async (client) => {
        // Two processes starting at once could both see the table missing; one would then fail on the catalog.
        await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`@gatehousejs/pg-adapter migrate ${schema}`])
        // CREATE SCHEMA checks the database-level CREATE privilege even with IF NOT EXISTS: only run it when missing.
        const exists = await client.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [schema])
        if (exists.rowCount === 0) await client.query(`CREATE SCHEMA ${sql.schema}`)
        await client.query(sql.createTable)
      })
    },

    async createSession(session) {
      checkRegisteredSession(STORE, "createSession", session)
      const { sessionToken, userId, expires, createdAt, lastActiveAt, userAgent, ip } = session
      await pool.query({ ...sql.create, values: [sessionToken, userId, expires, createdAt, lastActiveAt, userAgent, ip] })
    },

    async getSession(sessionToken) {
      checkSessionId(STORE, "getSession", "sessionToken", sessionToken)
      const { rows } = await pool.query<SessionRow>({ ...sql.get, values: [sessionToken] })
      return rows[0] ? fromRow(rows[0]) : null
    },

    async updateSession(sessionToken, changes) {
      checkSessionId(STORE, "updateSession", "sessionToken", sessionToken)
      checkSessionChanges(STORE, "updateSession", changes)
      await pool.query({ ...sql.update, values: [sessionToken, changes.expires, changes.lastActiveAt] })
    },

    async listSessions(userId) {
      checkSessionId(STORE, "listSessions", "userId", userId)
      const { rows } = await pool.query<SessionRow>({ ...sql.list, values: [userId] })
      return rows.map(fromRow)
    },

    async deleteSession(sessionToken) {
      checkSessionId(STORE, "deleteSession", "sessionToken", sessionToken)
      const { rows } = await pool.query<{ live: boolean }>({ ...sql.delete, values: [sessionToken] })
      return rows[0]?.live === true
    },

    async deleteUserSessions(userId, exceptSessionToken) {
      checkSessionId(STORE, "deleteUserSessions", "userId", userId)
      if (exceptSessionToken !== undefined) checkSessionId(STORE, "deleteUserSessions", "exceptSessionToken", exceptSessionToken)
      const { rows } = await pool.query<{ count: number }>({ ...sql.deleteUser, values: [userId, exceptSessionToken ?? null] })
      return rows[0]!.count
    },

    async setSessionsNotBefore(userId, at) {
      checkSessionId(STORE, "setSessionsNotBefore", "userId", userId)
      checkNotBefore(STORE, "setSessionsNotBefore", at)
      await pool.query({ ...sql.setSessionsNotBefore, values: [userId, at] })
    },

    async getSessionsNotBefore(userId) {
      checkSessionId(STORE, "getSessionsNotBefore", "userId", userId)
      const { rows } = await pool.query<{ not_before: Date }>({ ...sql.getSessionsNotBefore, values: [userId] })
      return rows[0]?.not_before ?? null
    },

    async prune() {
      const { rowCount } = await pool.query(sql.prune)
      return rowCount ?? 0
    },
  }
}

interface SessionStatements {
  /** The quoted schema name. */
  schema: string
  createTable: string
  create: Prepared
  get: Prepared
  update: Prepared
  list: Prepared
  delete: Prepared
  deleteUser: Prepared
  setSessionsNotBefore: Prepared
  getSessionsNotBefore: Prepared
  prune: string
}

function sessionStatements(schema: string): SessionStatements {
  const quoted = quoteIdentifier(schema)
  const table = `${quoted}.jwt_sessions`
  // Named per schema: `pg` refuses one name for two texts on a connection, and two stores may share a pool.
  const tag = createHash("sha256").update(schema).digest("hex").slice(0, 12)
  const prepared = (method: string, text: string): Prepared => ({ name: `gatehouse_${tag}_jwt_session_${method}`, text })
  return {
    schema: quoted,
    createTable: `CREATE TABLE IF NOT EXISTS ${table} (
        session_token  TEXT PRIMARY KEY,
        user_id        TEXT NOT NULL,
        expires        TIMESTAMPTZ NOT NULL,
        created_at     TIMESTAMPTZ,
        last_active_at TIMESTAMPTZ,
        user_agent     TEXT,
        ip             TEXT
      );
      CREATE INDEX IF NOT EXISTS jwt_sessions_user_id_idx ON ${table} (user_id);
      CREATE TABLE IF NOT EXISTS ${quoted}.session_revocations (
        user_id    TEXT PRIMARY KEY,
        not_before TIMESTAMPTZ NOT NULL
      );`,
    // A second create of one id replaces the row: a create retried after a lost reply succeeds.
    create: prepared("create", `INSERT INTO ${table} (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
      ON CONFLICT (session_token) DO UPDATE SET user_id = EXCLUDED.user_id, expires = EXCLUDED.expires,
        created_at = EXCLUDED.created_at, last_active_at = EXCLUDED.last_active_at, user_agent = EXCLUDED.user_agent, ip = EXCLUDED.ip`),
    get: prepared("get", `SELECT ${COLUMNS} FROM ${table} WHERE session_token = $1 AND expires > now()`),
    // An expired row is no session: updating it must not bring it back.
    update: prepared("update", `UPDATE ${table} SET expires = $2, last_active_at = $3 WHERE session_token = $1 AND expires > now()`),
    list: prepared("list", `SELECT ${COLUMNS} FROM ${table} WHERE user_id = $1 AND expires > now()
      ORDER BY created_at DESC NULLS LAST, session_token`),
    // Expired rows are deleted too (they are garbage), but only live ones count as "existed".
    delete: prepared("delete", `DELETE FROM ${table} WHERE session_token = $1 RETURNING expires > now() AS live`),
    deleteUser: prepared("delete_user", `WITH gone AS (
        DELETE FROM ${table} WHERE user_id = $1 AND session_token IS DISTINCT FROM $2::text RETURNING expires
      ) SELECT (count(*) FILTER (WHERE expires > now()))::integer AS count FROM gone`),
    // SKIP LOCKED: prune never waits for rows a deleteUserSessions holds, so the two cannot deadlock; a row skipped
    // now is pruned next time.
    ...notBeforeStatements(quoted, prepared),
    prune: `DELETE FROM ${table} WHERE session_token IN (SELECT session_token FROM ${table} WHERE expires <= now() FOR UPDATE SKIP LOCKED)`,
  }
}

function fromRow(row: SessionRow): RegisteredSession {
  return {
    sessionToken: row.session_token,
    userId: row.user_id,
    expires: row.expires,
    createdAt: row.created_at,
    lastActiveAt: row.last_active_at,
    userAgent: row.user_agent,
    ip: row.ip,
  }
}
