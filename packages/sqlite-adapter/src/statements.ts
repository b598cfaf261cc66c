/**
 * Every statement the adapter runs, prepared once per adapter instance: preparing is most of the cost of a small
 * query, and `getSessionAndUser` runs on every request of the database strategy. Values are always bound
 * parameters; no SQL is built from input.
 */
import { GET_NOT_BEFORE, SET_NOT_BEFORE } from "./schema.js"
import type Database from "better-sqlite3"
import type { AccountRow, AuthenticatorRow, RefreshableAccountRow, SessionRow, UserRow, VerificationTokenRow } from "./rows.js"

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
  insertSession: Statement<[SessionRow], SessionRow>
  selectSessionAndUser: Statement<[string], SessionAndUserRow>
  updateSession: Statement<[SessionUpdate], SessionRow>
  deleteSession: Statement<[string], SessionRow>
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
  finishTokenRefreshWithTokens: Statement<[TokenWrite & { refreshToken: string }]>
  finishTokenRefreshFailed: Statement<[TokenRefreshFailure]>
  updateAccountTokens: Statement<[TokenWrite]>
}

/** The Auth.js columns of `sessions`, then the session registry's. */
const SESSION_COLUMNS = `sessionToken, userId, expires, created_at, last_active_at, user_agent, ip`

/** The `SET` of the refreshed token fields: each written when its flag is 1, kept when 0. */
const SET_TOKENS = REFRESHED_TOKEN_FIELDS.map((field) => `${field} = CASE WHEN @set_${field} THEN @${field} ELSE ${field} END`).join(",\n         ")

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

    insertSession: prepare(
      `INSERT INTO sessions (${SESSION_COLUMNS})
       VALUES (@sessionToken, @userId, @expires, @created_at, @last_active_at, @user_agent, @ip)
       RETURNING ${SESSION_COLUMNS}`,
    ),
    // The hot path of the database strategy: session, user and the user's token-refresh failure mark in one
    // statement (the EXISTS is a probe of accounts_userId that stops at the first marked account).
    selectSessionAndUser: prepare(
      `SELECT s.sessionToken, s.userId, s.expires, s.created_at, s.last_active_at, s.user_agent, s.ip,
         u.id, u.name, u.email, u.emailVerified, u.image,
         EXISTS (SELECT 1 FROM accounts a WHERE a.userId = s.userId AND a.refresh_failed = 1) AS refresh_failed
       FROM sessions s JOIN users u ON u.id = s.userId
       WHERE s.sessionToken = ?`,
    ),
    updateSession: prepare(
      `UPDATE sessions SET
         userId = CASE WHEN @setUserId THEN @userId ELSE userId END,
         expires = CASE WHEN @setExpires THEN @expires ELSE expires END,
         last_active_at = CASE WHEN @setLastActiveAt THEN @lastActiveAt ELSE last_active_at END
       WHERE sessionToken = @sessionToken
       RETURNING ${SESSION_COLUMNS}`,
    ),
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
    selectAuthenticatorsByUser: prepare(
      `SELECT credentialID, userId, providerAccountId, credentialPublicKey, counter, credentialDeviceType,
         credentialBackedUp, transports
       FROM authenticators WHERE userId = ? ORDER BY rowid`,
    ),
    updateAuthenticatorCounter: prepare(
      `UPDATE authenticators SET counter = ? WHERE credentialID = ?
       RETURNING credentialID, userId, providerAccountId, credentialPublicKey, counter, credentialDeviceType,
         credentialBackedUp, transports`,
    ),

    // Newest sign-in first; sessions from before the registry (no created_at) after them, in a stable order.
    selectUserSessions: prepare(
      `SELECT ${SESSION_COLUMNS} FROM sessions WHERE userId = ? AND expires > ?
       ORDER BY created_at DESC NULLS LAST, sessionToken`,
    ),
    // Every session of the user but the excepted one (IS NOT: a NULL exception excepts none), expired ones included;
    // RETURNING lets the caller count the live ones.
    deleteUserSessions: prepare(
      `DELETE FROM sessions WHERE userId = @userId AND sessionToken IS NOT @except RETURNING expires`,
    ),
    setSessionsNotBefore: prepare(SET_NOT_BEFORE),
    selectSessionsNotBefore: prepare(GET_NOT_BEFORE),

    // "The first" of several accounts at one provider: by providerAccountId, as accounts keep no time of linking.
    selectAccountForRefresh: prepare(
      `SELECT userId, type, provider, providerAccountId, refresh_token, access_token, expires_at, token_type, scope,
         id_token, session_state, refresh_lease_until, refresh_failed
       FROM accounts WHERE userId = ? AND provider = ? ORDER BY providerAccountId LIMIT 1`,
    ),
    // SQLite runs one writer at a time, across processes too: of concurrent claims, only the first finds no lease.
    claimTokenRefresh: prepare(
      `UPDATE accounts SET refresh_lease_until = @leaseUntil
       WHERE provider = @provider AND providerAccountId = @providerAccountId AND refresh_token = @refreshToken
         AND refresh_failed = 0 AND (refresh_lease_until IS NULL OR refresh_lease_until <= @now)`,
    ),
    // The compare-and-swap on the old refresh token: a stale caller matches no row and writes nothing.
    finishTokenRefreshWithTokens: prepare(
      `UPDATE accounts SET
         ${SET_TOKENS},
         refresh_lease_until = NULL, refresh_failed = 0
       WHERE provider = @provider AND providerAccountId = @providerAccountId AND refresh_token = @refreshToken`,
    ),
    finishTokenRefreshFailed: prepare(
      `UPDATE accounts SET refresh_lease_until = @retryAt, refresh_failed = MAX(refresh_failed, @permanent)
       WHERE provider = @provider AND providerAccountId = @providerAccountId AND refresh_token = @refreshToken`,
    ),
    updateAccountTokens: prepare(
      `UPDATE accounts SET
         ${SET_TOKENS},
         refresh_lease_until = NULL, refresh_failed = 0
       WHERE provider = @provider AND providerAccountId = @providerAccountId`,
    ),
  }
}
