/**
 * Every statement the adapter runs, prepared once per adapter instance: preparing is most of the cost of a small
 * query, and `getSessionAndUser` runs on every request of the database strategy. Values are always bound
 * parameters; no SQL is built from input.
 */
import { GET_NOT_BEFORE, SET_NOT_BEFORE } from "./schema.js"
import type Database from "better-sqlite3"
import { sessionWrites, SESSION_COLUMNS, tokenWrites, type Flag, type SessionUpdate, type Statement, type TokenWrite } from "./paired-writes.js"
import type { AccountRow, AuthenticatorRow, AuthjsSessionRow, PasswordRow, RefreshableAccountRow, SessionRow, UserRow, VerificationTokenRow } from "./rows.js"

export { REFRESHED_TOKEN_FIELDS, type SessionUpdate, type TokenWrite } from "./paired-writes.js"

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

/** The session check's row: the session, its user, and whether one of the user's accounts is marked failed (0/1). */
export type SessionAndUserRow = SessionRow & UserRow & { refresh_failed: Flag }

/** `deleteUserSessions`: the user, and the token of the session to keep (NULL keeps none). */
export interface UserSessionsDeletion {
  userId: string
  except: string | null
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
  /** `deleteUser` as a write transaction; the foreign keys cascade to accounts, sessions, authenticators and the password. */
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
  /** Gatehouse's `Password` provider (`passwords.ts`), in `user_passwords`; each is one statement. */
  selectUserPassword: Statement<[string], PasswordRow>
  upsertUserPassword: Statement<[PasswordRow & { user_id: string }]>
  deleteUserPassword: Statement<[string]>
}

/** A session with its metadata: `s` is the session, `m` its `session_metadata` row (LEFT JOINed, so maybe NULL). */
const SESSION_WITH_METADATA = `s.sessionToken, s.userId, s.expires, m.created_at, m.last_active_at, m.user_agent, m.ip`
/** The account key of an `accounts` row `a` in `account_refresh_state` `r`. */
const REFRESH_STATE_OF_ACCOUNT = `r.provider = a.provider AND r.provider_account_id = a.providerAccountId`

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
  const sessions = sessionWrites(db, prepare)
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
    /** The metadata row goes with the session (its foreign key cascades). */
    deleteSession: prepare(`DELETE FROM sessions WHERE sessionToken = ? RETURNING ${SESSION_COLUMNS}`),
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

    selectUserPassword: prepare(`SELECT hash, reset_token, updated_at FROM user_passwords WHERE user_id = ?`),
    // The whole record is replaced: a NULL hash or reset token clears the stored one.
    upsertUserPassword: prepare(
      `INSERT INTO user_passwords (user_id, hash, reset_token, updated_at) VALUES (@user_id, @hash, @reset_token, @updated_at)
       ON CONFLICT (user_id) DO UPDATE SET hash = excluded.hash, reset_token = excluded.reset_token, updated_at = excluded.updated_at`,
    ),
    deleteUserPassword: prepare(`DELETE FROM user_passwords WHERE user_id = ?`),
  }
}

