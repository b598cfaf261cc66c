/**
 * `SqliteSessionStore`: the JWT strategy's session registry (core's `SessionStore`) in the SQLite file, shared by
 * every process that opens it. One row per signed-in browser in `jwt_sessions`; revoking deletes the row. Every
 * method is one statement, atomic across processes (WAL, the write lock, the adapter's busy timeout), and a read never
 * comes from a cache, so a delete in one process is seen by the next read in any other. Expiry is decided by the
 * machine's clock, which every process on one file shares.
 *
 * The user's latest revocation time (`setSessionsNotBefore`, RT-12) is a row of `session_revocations`, the table
 * `SqliteAdapter` uses for the same purpose (one definition, so the two may share a file).
 *
 * Neither table references `users`: the store works without `SqliteAdapter` (a JWT-only app). They are created on
 * first use, or by `migrate()`.
 */
import type { SessionStore } from "@gatehousejs/core"
import { checkNotBefore, checkRegisteredSession, checkSessionChanges, checkSessionId, type RegisteredSession } from "@gatehousejs/core/adapters"
import type Database from "better-sqlite3"
import { configureDatabase, openDatabase, resolveFilename } from "./connection.js"
import { SqliteAdapterError } from "./errors.js"
import { GET_NOT_BEFORE, REVOCATIONS_TABLE, SET_NOT_BEFORE } from "./schema.js"

export interface SqliteSessionStoreOptions {
  /** The database file, as given to `SqliteAdapter`. Default `gatehouse.sqlite` in the working directory. */
  filename?: string
  /** An open better-sqlite3 database to use instead of `filename`; `close()` leaves it open. */
  database?: Database.Database
}

/** A session store (core's `SessionStore`) on SQLite, plus `migrate()`, `prune()` and `close()`. */
export interface SqliteSessionStoreInstance extends SessionStore {
  /**
   * Opens the file and creates `jwt_sessions`, its user-id index and `session_revocations` if missing; the first call
   * of any method does too.
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
  /** Closes the database file if the store opened it. Later calls fail with `SqliteAdapterError` code `Closed`. */
  close(): void
}

/** How this store names itself in its error messages. */
const STORE = "SqliteSessionStore"

/** Dates are INTEGER milliseconds since the epoch, as in the adapter's schema. */
const TABLE = `CREATE TABLE IF NOT EXISTS jwt_sessions (
  session_token  TEXT NOT NULL PRIMARY KEY,
  user_id        TEXT NOT NULL,
  expires        INTEGER NOT NULL,
  created_at     INTEGER,
  last_active_at INTEGER,
  user_agent     TEXT,
  ip             TEXT
);
CREATE INDEX IF NOT EXISTS jwt_sessions_user_id ON jwt_sessions (user_id);
${REVOCATIONS_TABLE}`

const COLUMNS = "session_token, user_id, expires, created_at, last_active_at, user_agent, ip"

interface SessionRow {
  session_token: string
  user_id: string
  expires: number
  created_at: number | null
  last_active_at: number | null
  user_agent: string | null
  ip: string | null
}

interface Statements {
  create: Database.Statement<[SessionRow]>
  get: Database.Statement<{ token: string; now: number }, SessionRow>
  update: Database.Statement<{ token: string; expires: number; lastActiveAt: number; now: number }>
  list: Database.Statement<{ userId: string; now: number }, SessionRow>
  delete: Database.Statement<{ token: string; now: number }, { live: number }>
  deleteUser: Database.Statement<{ userId: string; except: string | null; now: number }, { live: number }>
  prune: Database.Statement<[number]>
  setNotBefore: Database.Statement<{ userId: string; at: number }>
  getNotBefore: Database.Statement<[string], number>
}

/**
 * The JWT session store for SQLite. Pass the same options as to `SqliteAdapter` (the same file, or the same open
 * database); nothing touches the disk until the first call.
 *
 * @example
 * const sessionStore = SqliteSessionStore({ filename: "app.sqlite" })
 * setInterval(() => void sessionStore.prune(), 60 * 60 * 1000).unref()
 */
export function SqliteSessionStore(options: SqliteSessionStoreOptions = {}): SqliteSessionStoreInstance {
  const filename = options.database ? undefined : resolveFilename(options.filename)
  let db: Database.Database | undefined
  let statements: Statements | undefined
  let closed = false

  function ready(): Statements {
    if (closed) throw new SqliteAdapterError("Closed", "The SQLite session store was closed.")
    if (statements) return statements
    const database = options.database ?? openDatabase(filename!)
    db = database
    configureDatabase(database)
    database.exec(TABLE)
    statements = {
      // A second create of one id replaces the row: a create retried after a lost reply succeeds.
      create: database.prepare(`INSERT OR REPLACE INTO jwt_sessions (${COLUMNS})
        VALUES (@session_token, @user_id, @expires, @created_at, @last_active_at, @user_agent, @ip)`),
      get: database.prepare(`SELECT ${COLUMNS} FROM jwt_sessions WHERE session_token = @token AND expires > @now`),
      // An expired row is no session: updating it must not bring it back.
      update: database.prepare(`UPDATE jwt_sessions SET expires = @expires, last_active_at = @lastActiveAt
        WHERE session_token = @token AND expires > @now`),
      list: database.prepare(`SELECT ${COLUMNS} FROM jwt_sessions WHERE user_id = @userId AND expires > @now
        ORDER BY created_at DESC NULLS LAST, session_token`),
      // Expired rows are deleted too (they are garbage), but only live ones count as "existed".
      delete: database.prepare("DELETE FROM jwt_sessions WHERE session_token = @token RETURNING expires > @now AS live"),
      deleteUser: database.prepare(`DELETE FROM jwt_sessions WHERE user_id = @userId AND (@except IS NULL OR session_token <> @except)
        RETURNING expires > @now AS live`),
      prune: database.prepare("DELETE FROM jwt_sessions WHERE expires <= ?"),
      setNotBefore: database.prepare(SET_NOT_BEFORE),
      getNotBefore: database.prepare<[string], number>(GET_NOT_BEFORE).pluck(),
    }
    return statements
  }

  return {
    async migrate() {
      ready()
    },

    async createSession(session) {
      checkRegisteredSession(STORE, "createSession", session)
      ready().create.run(toRow(session))
    },

    async getSession(sessionToken) {
      checkSessionId(STORE, "getSession", "sessionToken", sessionToken)
      const row = ready().get.get({ token: sessionToken, now: Date.now() })
      return row ? fromRow(row) : null
    },

    async updateSession(sessionToken, changes) {
      checkSessionId(STORE, "updateSession", "sessionToken", sessionToken)
      checkSessionChanges(STORE, "updateSession", changes)
      ready().update.run({ token: sessionToken, expires: changes.expires.getTime(), lastActiveAt: changes.lastActiveAt.getTime(), now: Date.now() })
    },

    async listSessions(userId) {
      checkSessionId(STORE, "listSessions", "userId", userId)
      return ready().list.all({ userId, now: Date.now() }).map(fromRow)
    },

    async deleteSession(sessionToken) {
      checkSessionId(STORE, "deleteSession", "sessionToken", sessionToken)
      return ready().delete.get({ token: sessionToken, now: Date.now() })?.live === 1
    },

    async deleteUserSessions(userId, exceptSessionToken) {
      checkSessionId(STORE, "deleteUserSessions", "userId", userId)
      if (exceptSessionToken !== undefined) checkSessionId(STORE, "deleteUserSessions", "exceptSessionToken", exceptSessionToken)
      // One statement: atomic, and another process's read sees all of the user's sessions or none of them gone.
      const deleted = ready().deleteUser.all({ userId, except: exceptSessionToken ?? null, now: Date.now() })
      return deleted.filter((row) => row.live === 1).length
    },

    async setSessionsNotBefore(userId, at) {
      checkSessionId(STORE, "setSessionsNotBefore", "userId", userId)
      checkNotBefore(STORE, "setSessionsNotBefore", at)
      ready().setNotBefore.run({ userId, at: at.getTime() })
    },

    async getSessionsNotBefore(userId) {
      checkSessionId(STORE, "getSessionsNotBefore", "userId", userId)
      const at = ready().getNotBefore.get(userId)
      return at === undefined ? null : new Date(at)
    },

    async prune() {
      return ready().prune.run(Date.now()).changes
    },

    close() {
      if (closed) return
      closed = true
      statements = undefined
      if (db && !options.database) db.close()
      db = undefined
    },
  }
}

function toRow(session: RegisteredSession): SessionRow {
  return {
    session_token: session.sessionToken,
    user_id: session.userId,
    expires: session.expires.getTime(),
    created_at: session.createdAt?.getTime() ?? null,
    last_active_at: session.lastActiveAt?.getTime() ?? null,
    user_agent: session.userAgent,
    ip: session.ip,
  }
}

function fromRow(row: SessionRow): RegisteredSession {
  const date = (ms: number | null): Date | null => (ms === null ? null : new Date(ms))
  return {
    sessionToken: row.session_token,
    userId: row.user_id,
    expires: new Date(row.expires),
    createdAt: date(row.created_at),
    lastActiveAt: date(row.last_active_at),
    userAgent: row.user_agent,
    ip: row.ip,
  }
}
