/**
 * The writes that change an Auth.js row and Gatehouse's row beside it together — a session and its
 * `session_metadata` row, an account's tokens and its `account_refresh_state` row — each as one write transaction, so
 * no reader sees one without the other. SQLite runs one writer at a time, across processes too.
 */
import type Database from "better-sqlite3"
import type { AuthjsSessionRow, SessionRow } from "./rows.js"

export type Statement<Params extends unknown[], Row = unknown> = Database.Statement<Params, Row>
export type Prepare = <Params extends unknown[], Row>(sql: string) => Statement<Params, Row>

/** A flag that says whether an optional field was given (1) and so is written, or left as it is (0). */
export type Flag = 0 | 1

/** The Auth.js columns of `sessions`; the session registry's are in `session_metadata`. */
export const SESSION_COLUMNS = `sessionToken, userId, expires`

export interface SessionUpdate {
  sessionToken: string
  setUserId: Flag
  userId: string | null
  setExpires: Flag
  expires: number | null
  setLastActiveAt: Flag
  lastActiveAt: number | null
}

/** A session's `session_metadata` row. */
export type SessionMetadataRow = Pick<SessionRow, "created_at" | "last_active_at" | "user_agent" | "ip">

/** The token fields a refresh (or a new sign-in) writes. */
export const REFRESHED_TOKEN_FIELDS = ["access_token", "refresh_token", "expires_at", "token_type", "scope", "id_token"] as const
type RefreshedTokenField = (typeof REFRESHED_TOKEN_FIELDS)[number]

/** An account's key, and per refreshed token field a flag (`set_<field>`: write it, or keep it) and its value. */
export type TokenWrite = { provider: string; providerAccountId: string } & { [F in RefreshedTokenField]: string | number | null } & {
  [F in RefreshedTokenField as `set_${F}`]: Flag
}

/** The `SET` of the refreshed token fields: each written when its flag is 1, kept when 0. */
const SET_TOKENS = REFRESHED_TOKEN_FIELDS.map((field) => `${field} = CASE WHEN @set_${field} THEN @${field} ELSE ${field} END`).join(", ")

/**
 * The session writes that span two tables (`Statements.insertSession`, `Statements.updateSession`). Declared here, not
 * taken from statements.ts, which imports this file.
 */
export interface SessionWrites {
  insertSession: (session: SessionRow) => SessionRow
  updateSession: (update: SessionUpdate) => SessionRow | undefined
}

/** The token writes (`Statements.finishTokenRefreshWithTokens`, `Statements.updateAccountTokens`), likewise. */
export interface TokenWrites {
  finishWithTokens: (write: TokenWrite & { refreshToken: string }) => boolean
  update: (write: TokenWrite) => void
}

/** `createSession` and `updateSession`, each with the session's `session_metadata` row in the same write transaction. */
export function sessionWrites(db: Database.Database, prepare: Prepare): SessionWrites {
  const insertSession = prepare<[AuthjsSessionRow], AuthjsSessionRow>(
    `INSERT INTO sessions (${SESSION_COLUMNS}) VALUES (@sessionToken, @userId, @expires) RETURNING ${SESSION_COLUMNS}`,
  )
  const insertMetadata = prepare<[SessionRow], SessionMetadataRow>(
    `INSERT INTO session_metadata (session_token, created_at, last_active_at, user_agent, ip)
     VALUES (@sessionToken, @created_at, @last_active_at, @user_agent, @ip)
     RETURNING created_at, last_active_at, user_agent, ip`,
  )
  const updateSession = prepare<[SessionUpdate], AuthjsSessionRow>(
    `UPDATE sessions SET
       userId = CASE WHEN @setUserId THEN @userId ELSE userId END,
       expires = CASE WHEN @setExpires THEN @expires ELSE expires END
     WHERE sessionToken = @sessionToken
     RETURNING ${SESSION_COLUMNS}`,
  )
  const markSeen = prepare<[{ sessionToken: string; lastActiveAt: number }], never>(
    `INSERT INTO session_metadata (session_token, last_active_at) VALUES (@sessionToken, @lastActiveAt)
     ON CONFLICT (session_token) DO UPDATE SET last_active_at = excluded.last_active_at`,
  )
  const selectMetadata = prepare<[string], SessionMetadataRow>(
    `SELECT created_at, last_active_at, user_agent, ip FROM session_metadata WHERE session_token = ?`,
  )
  const none: SessionMetadataRow = { created_at: null, last_active_at: null, user_agent: null, ip: null }
  const known = (row: SessionMetadataRow): boolean => Object.values(row).some((value) => value !== null)

  return {
    // An Auth.js caller gives no metadata: then no metadata row is written.
    insertSession: immediate(db, (session: SessionRow): SessionRow => {
      const row = insertSession.get(session)!
      const metadata = known(session) ? insertMetadata.get(session)! : none
      return { ...row, ...metadata }
    }),
    // "Last active" is never unlearnt: without a new time the stored one stays.
    updateSession: immediate(db, (update: SessionUpdate): SessionRow | undefined => {
      const row = updateSession.get(update)
      if (!row) return undefined
      if (update.setLastActiveAt && update.lastActiveAt !== null) markSeen.run({ sessionToken: row.sessionToken, lastActiveAt: update.lastActiveAt })
      return { ...row, ...(selectMetadata.get(row.sessionToken) ?? none) }
    }),
  }
}

/**
 * The token writes of a refresh and of a new sign-in: the tokens in `accounts`, and the end of the lease and of the
 * failure mark (the state row goes), as one write transaction.
 */
export function tokenWrites(db: Database.Database, prepare: Prepare): TokenWrites {
  // The compare-and-swap on the old refresh token: a stale caller matches no row and writes nothing.
  const writeIfCurrent = prepare<[TokenWrite & { refreshToken: string }], never>(
    `UPDATE accounts SET ${SET_TOKENS}
     WHERE provider = @provider AND providerAccountId = @providerAccountId AND refresh_token = @refreshToken`,
  )
  const write = prepare<[TokenWrite], never>(
    `UPDATE accounts SET ${SET_TOKENS} WHERE provider = @provider AND providerAccountId = @providerAccountId`,
  )
  const clearState = prepare<[{ provider: string; providerAccountId: string }], never>(
    `DELETE FROM account_refresh_state WHERE provider = @provider AND provider_account_id = @providerAccountId`,
  )
  const key = ({ provider, providerAccountId }: TokenWrite): { provider: string; providerAccountId: string } => ({ provider, providerAccountId })
  return {
    finishWithTokens: immediate(db, (tokens: TokenWrite & { refreshToken: string }): boolean => {
      if (writeIfCurrent.run(tokens).changes !== 1) return false
      clearState.run(key(tokens))
      return true
    }),
    update: immediate(db, (tokens: TokenWrite): void => {
      if (write.run(tokens).changes === 1) clearState.run(key(tokens))
    }),
  }
}

/**
 * `fn` as a write transaction that takes the write lock first (`BEGIN IMMEDIATE`), so a concurrent writer in another
 * process makes it wait (busy timeout) rather than fail half-way.
 */
function immediate<Arg, Result>(db: Database.Database, fn: (arg: Arg) => Result): (arg: Arg) => Result {
  const transaction = db.transaction(fn)
  return (arg) => transaction.immediate(arg)
}
