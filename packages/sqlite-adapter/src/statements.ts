/**
 * Every statement the adapter runs, prepared once per adapter instance: preparing is most of the cost of a small
 * query, and `getSessionAndUser` runs on every request of the database strategy. Values are always bound
 * parameters; no SQL is built from input.
 */
import { GET_NOT_BEFORE, SET_NOT_BEFORE } from "./schema.js"
import type Database from "better-sqlite3"
import type { AccountRow, AuthenticatorRow, AuthjsSessionRow, RefreshableAccountRow, SessionRow, UserRow, VerificationTokenRow } from "./rows.js"

type Statement<Params extends unknown[], Row = unknown> = Database.Statement<Params, Row>

/** A flag that says whether an optional field was given (1) and so is written, or left as it is (0). */
type Flag = 0 | 1

export interface UserUpdate {
  id: string
  setName: Flag
  name: string | null
  setEmail: Flag
  email: string | null
  setEmailVerified: Flag
  emailVerified: number | null
  setImage: Flag
  image: string | null
}

export interface SessionUpdate {
  sessionToken: string
  setUserId: Flag
  userId: string | null
  setExpires: Flag
  expires: number | null
  setLastActiveAt: Flag
  lastActiveAt: number | null
}

/** The session check's row: the session, its user, and whether one of the user's accounts is marked failed (0/1). */
export type SessionAndUserRow = SessionRow & UserRow & { refresh_failed: Flag }

/** A session's `session_metadata` row. */
export type SessionMetadataRow = Pick<SessionRow, "created_at" | "last_active_at" | "user_agent" | "ip">

/** `deleteUserSessions`: the user, and the token of the session to keep (NULL keeps none). */
export interface UserSessionsDeletion {
  userId: string
  except: string | null
}

/** The token fields a refresh (or a new sign-in) writes. */
export const REFRESHED_TOKEN_FIELDS = ["access_token", "refresh_token", "expires_at", "token_type", "scope", "id_token"] as const
type RefreshedTokenField = (typeof REFRESHED_TOKEN_FIELDS)[number]

/** An account's key, and per refreshed token field a flag (`set_<field>`: write it, or keep it) and its value. */
export type TokenWrite = { provider: string; providerAccountId: string } & { [F in RefreshedTokenField]: string | number | null } & {
  [F in RefreshedTokenField as `set_${F}`]: Flag
}

export interface TokenRefreshClaim {
  provider: string
  providerAccountId: string
  refreshToken: string
  now: number
  leaseUntil: number
}

export interface TokenRefreshFailure {
  provider: string
  providerAccountId: string
  refreshToken: string
  retryAt: number
  permanent: Flag
}

export interface Statements {
  insertUser: Statement<[UserRow], UserRow>
  selectUser: Statement<[string], UserRow>
  selectUserByEmail: Statement<[string], UserRow>
  selectUserByAccount: Statement<[string, string], UserRow>
  updateUser: Statement<[UserUpdate], UserRow>
  /** `deleteUser` as a write transaction; the foreign keys cascade to accounts, sessions and authenticators. */
  deleteUser: (id: string) => UserRow | undefined
  insertAccount: Statement<[AccountRow], AccountRow>
  selectAccount: Statement<[string, string], AccountRow>
  deleteAccount: Statement<[string, string], AccountRow>
  /** The session and, when any is given, its metadata row, as one write transaction. */
  insertSession: (session: SessionRow) => SessionRow
  selectSessionAndUser: Statement<[string], SessionAndUserRow>
  /** The session's `expires`/`userId` and its metadata's `last_active_at`, as one write transaction. */
  updateSession: (update: SessionUpdate) => SessionRow | undefined
  /** The metadata row goes with the session (its foreign key cascades). */
  deleteSession: Statement<[string], AuthjsSessionRow>
  insertVerificationToken: Statement<[VerificationTokenRow], VerificationTokenRow>
  consumeVerificationToken: Statement<[string | null, string], VerificationTokenRow>
  insertAuthenticator: Statement<[AuthenticatorRow], AuthenticatorRow>
  selectAuthenticator: Statement<[string], AuthenticatorRow>
  selectAuthenticatorsByUser: Statement<[string], AuthenticatorRow>
  updateAuthenticatorCounter: Statement<[number, string], AuthenticatorRow>
  /** Gatehouse's session registry (`session-registry.ts`); each is one statement, so atomic. */
  selectUserSessions: Statement<[string, number], SessionRow>
  deleteUserSessions: Statement<[UserSessionsDeletion], Pick<SessionRow, "expires">>
  setSessionsNotBefore: Statement<[{ userId: string; at: number }]>
  selectSessionsNotBefore: Statement<[string], { not_before: number }>
  /** Gatehouse's provider token refresh (`token-refresh.ts`); each is one statement, so atomic. */
  selectAccountForRefresh: Statement<[string, string], RefreshableAccountRow>
  claimTokenRefresh: Statement<[TokenRefreshClaim]>
  /** New tokens end the lease and the failure mark: true when the refresh token matched and they were written. */
  finishTokenRefreshWithTokens: (write: TokenWrite & { refreshToken: string }) => boolean
  finishTokenRefreshFailed: Statement<[TokenRefreshFailure]>
  updateAccountTokens: (write: TokenWrite) => void
}

/** The Auth.js columns of `sessions`; the session registry's are in `session_metadata`. */
const SESSION_COLUMNS = `sessionToken, userId, expires`
/** A session with its metadata: `s` is the session, `m` its `session_metadata` row (LEFT JOINed, so maybe NULL). */
const SESSION_WITH_METADATA = `s.sessionToken, s.userId, s.expires, m.created_at, m.last_active_at, m.user_agent, m.ip`
/** The account key of an `accounts` row `a` in `account_refresh_state` `r`. */
const REFRESH_STATE_OF_ACCOUNT = `r.provider = a.provider AND r.provider_account_id = a.providerAccountId`

/** The `SET` of the refreshed token fields: each written when its flag is 1, kept when 0. */
const SET_TOKENS = REFRESHED_TOKEN_FIELDS.map((field) => `${field} = CASE WHEN @set_${field} THEN @${field} ELSE ${field} END`).join(", ")

/** Prepares every statement on `db`, whose schema must already exist (`migrate`). */
export function prepareStatements(db: Database.Database): Statements {
  // The row and parameter types come from `Statements`; better-sqlite3 cannot check them against the SQL.
  const prepare = <Params extends unknown[], Row>(sql: string): Statement<Params, Row> =>
    db.prepare(sql) as unknown as Statement<Params, Row>
  const deleteUserRow = prepare<[string], UserRow>(
    `DELETE FROM users WHERE id = ? RETURNING id, name, email, emailVerified, image`,
  )
  // IMMEDIATE: the write lock is taken before the first read, so a concurrent writer makes this wait (busy
  // timeout) rather than fail with SQLITE_BUSY_SNAPSHOT half-way.
  const deleteUser = db.transaction((id: string) => deleteUserRow.get(id))
  const sessions = sessionStatements(db, prepare)
  const tokens = tokenWrites(db, prepare)

  return {
    insertUser: prepare(
      `INSERT INTO users (id, name, email, emailVerified, image) VALUES (@id, @name, @email, @emailVerified, @image)
       RETURNING id, name, email, emailVerified, image`,
    ),
    selectUser: prepare(`SELECT id, name, email, emailVerified, image FROM users WHERE id = ?`),
    selectUserByEmail: prepare(`SELECT id, name, email, emailVerified, image FROM users WHERE email = ?`),
    selectUserByAccount: prepare(
      `SELECT u.id, u.name, u.email, u.emailVerified, u.image
       FROM accounts a JOIN users u ON u.id = a.userId
       WHERE a.provider = ? AND a.providerAccountId = ?`,
    ),
    updateUser: prepare(
      `UPDATE users SET
         name = CASE WHEN @setName THEN @name ELSE name END,
         email = CASE WHEN @setEmail THEN @email ELSE email END,
         emailVerified = CASE WHEN @setEmailVerified THEN @emailVerified ELSE emailVerified END,
         image = CASE WHEN @setImage THEN @image ELSE image END
       WHERE id = @id
       RETURNING id, name, email, emailVerified, image`,
    ),
    deleteUser: (id) => deleteUser.immediate(id),

    insertAccount: prepare(
      `INSERT INTO accounts (userId, type, provider, providerAccountId, refresh_token, access_token, expires_at,
         token_type, scope, id_token, session_state)
       VALUES (@userId, @type, @provider, @providerAccountId, @refresh_token, @access_token, @expires_at,
         @token_type, @scope, @id_token, @session_state)
       RETURNING userId, type, provider, providerAccountId, refresh_token, access_token, expires_at, token_type,
         scope, id_token, session_state`,
    ),
    selectAccount: prepare(
      `SELECT userId, type, provider, providerAccountId, refresh_token, access_token, expires_at, token_type, scope,
         id_token, session_state
       FROM accounts WHERE provider = ? AND providerAccountId = ?`,
    ),
    deleteAccount: prepare(
      `DELETE FROM accounts WHERE provider = ? AND providerAccountId = ?
       RETURNING userId, type, provider, providerAccountId, refresh_token, access_token, expires_at, token_type,
         scope, id_token, session_state`,
    ),

    ...sessions,
    insertVerificationToken: prepare(
      `INSERT INTO verification_tokens (identifier, token, expires) VALUES (@identifier, @token, @expires)
       RETURNING identifier, token, expires`,
    ),
    // Single use: the row is read and deleted by one statement, so of two concurrent callers only one gets it.
    consumeVerificationToken: prepare(
      `DELETE FROM verification_tokens WHERE identifier = ? AND token = ? RETURNING identifier, token, expires`,
    ),

    insertAuthenticator: prepare(
      `INSERT INTO authenticators (credentialID, userId, providerAccountId, credentialPublicKey, counter,
         credentialDeviceType, credentialBackedUp, transports)
       VALUES (@credentialID, @userId, @providerAccountId, @credentialPublicKey, @counter, @credentialDeviceType,
         @credentialBackedUp, @transports)
       RETURNING credentialID, userId, providerAccountId, credentialPublicKey, counter, credentialDeviceType,
         credentialBackedUp, transports`,
    ),
    selectAuthenticator: prepare(
      `SELECT credentialID, userId, providerAccountId, credentialPublicKey, counter, credentialDeviceType,
         credentialBackedUp, transports
       FROM authenticators WHERE credentialID = ?`,
    ),
    // Newest registration first, the order Auth.js's adapter suite expects; rowid is the order of insertion, and an
    // UPDATE of the counter keeps it.
    selectAuthenticatorsByUser: prepare(
      `SELECT credentialID, userId, providerAccountId, credentialPublicKey, counter, credentialDeviceType,
         credentialBackedUp, transports
       FROM authenticators WHERE userId = ? ORDER BY rowid DESC`,
    ),
    updateAuthenticatorCounter: prepare(
      `UPDATE authenticators SET counter = ? WHERE credentialID = ?
       RETURNING credentialID, userId, providerAccountId, credentialPublicKey, counter, credentialDeviceType,
         credentialBackedUp, transports`,
    ),

    // Newest sign-in first; sessions from before the registry (no created_at) after them, in a stable order.
    selectUserSessions: prepare(
      `SELECT ${SESSION_WITH_METADATA} FROM sessions s LEFT JOIN session_metadata m ON m.session_token = s.sessionToken
       WHERE s.userId = ? AND s.expires > ?
       ORDER BY m.created_at DESC NULLS LAST, s.sessionToken`,
    ),
    // Every session of the user but the excepted one (IS NOT: a NULL exception excepts none), expired ones included,
    // their metadata with them (cascade); RETURNING lets the caller count the live ones.
    deleteUserSessions: prepare(
      `DELETE FROM sessions WHERE userId = @userId AND sessionToken IS NOT @except RETURNING expires`,
    ),
    setSessionsNotBefore: prepare(SET_NOT_BEFORE),
    selectSessionsNotBefore: prepare(GET_NOT_BEFORE),

    // "The first" of several accounts at one provider: by providerAccountId, as accounts keep no time of linking.
    selectAccountForRefresh: prepare(
      `SELECT a.userId, a.type, a.provider, a.providerAccountId, a.refresh_token, a.access_token, a.expires_at,
         a.token_type, a.scope, a.id_token, a.session_state,
         r.lease_until AS refresh_lease_until, coalesce(r.failed, 0) AS refresh_failed
       FROM accounts a LEFT JOIN account_refresh_state r ON ${REFRESH_STATE_OF_ACCOUNT}
       WHERE a.userId = ? AND a.provider = ? ORDER BY a.providerAccountId LIMIT 1`,
    ),
    // SQLite runs one writer at a time, across processes too: of concurrent claims, only the first finds no lease.
    // The state row is created from the account row only while the refresh token matches.
    claimTokenRefresh: prepare(
      `INSERT INTO account_refresh_state (provider, provider_account_id, lease_until)
         SELECT provider, providerAccountId, @leaseUntil FROM accounts
         WHERE provider = @provider AND providerAccountId = @providerAccountId AND refresh_token = @refreshToken
       ON CONFLICT (provider, provider_account_id) DO UPDATE SET lease_until = excluded.lease_until
         WHERE failed = 0 AND (lease_until IS NULL OR lease_until <= @now)`,
    ),
    finishTokenRefreshWithTokens: tokens.finishWithTokens,
    finishTokenRefreshFailed: prepare(
      `INSERT INTO account_refresh_state (provider, provider_account_id, lease_until, failed)
         SELECT provider, providerAccountId, @retryAt, @permanent FROM accounts
         WHERE provider = @provider AND providerAccountId = @providerAccountId AND refresh_token = @refreshToken
       ON CONFLICT (provider, provider_account_id) DO UPDATE
         SET lease_until = excluded.lease_until, failed = MAX(failed, excluded.failed)`,
    ),
    updateAccountTokens: tokens.update,
  }
}

type Prepare = <Params extends unknown[], Row>(sql: string) => Statement<Params, Row>

/** The Auth.js session methods, each with the session's `session_metadata` row in the same write transaction. */
function sessionStatements(
  db: Database.Database,
  prepare: Prepare,
): Pick<Statements, "insertSession" | "selectSessionAndUser" | "updateSession" | "deleteSession"> {
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
    // The hot path of the database strategy: session, metadata, user and the user's token-refresh failure mark in one
    // statement (the EXISTS probes accounts_userId, then the refresh state by its key, and stops at the first match).
    selectSessionAndUser: prepare(
      `SELECT ${SESSION_WITH_METADATA}, u.id, u.name, u.email, u.emailVerified, u.image,
         EXISTS (
           SELECT 1 FROM accounts a JOIN account_refresh_state r ON ${REFRESH_STATE_OF_ACCOUNT}
           WHERE a.userId = s.userId AND r.failed = 1
         ) AS refresh_failed
       FROM sessions s JOIN users u ON u.id = s.userId LEFT JOIN session_metadata m ON m.session_token = s.sessionToken
       WHERE s.sessionToken = ?`,
    ),
    // "Last active" is never unlearnt: without a new time the stored one stays.
    updateSession: immediate(db, (update: SessionUpdate): SessionRow | undefined => {
      const row = updateSession.get(update)
      if (!row) return undefined
      if (update.setLastActiveAt && update.lastActiveAt !== null) markSeen.run({ sessionToken: row.sessionToken, lastActiveAt: update.lastActiveAt })
      return { ...row, ...(selectMetadata.get(row.sessionToken) ?? none) }
    }),
    deleteSession: prepare(`DELETE FROM sessions WHERE sessionToken = ? RETURNING ${SESSION_COLUMNS}`),
  }
}

/**
 * The token writes of a refresh and of a new sign-in: the tokens in `accounts`, and the end of the lease and of the
 * failure mark (the state row goes), as one write transaction.
 */
function tokenWrites(db: Database.Database, prepare: Prepare): { finishWithTokens: Statements["finishTokenRefreshWithTokens"]; update: Statements["updateAccountTokens"] } {
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
