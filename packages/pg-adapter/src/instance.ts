/** What `PostgresAdapter` returns: every `Adapter` method, none optional, each with what it promises on PostgreSQL. */
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@gatehousejs/core"
import type {
  AccountKey,
  AccountTokens,
  AdapterPassword,
  RefreshableAccount,
  RegisteredSession,
  SessionMetadata,
  TokenRefreshOutcome,
} from "@gatehousejs/core/adapters"

/**
 * Every `Adapter` method (none optional, all async; the token-refresh, session-registry and password ones included),
 * plus `migrate()`.
 */
export interface PostgresAdapterInstance extends Adapter {
  createUser(user: AdapterUser): Promise<AdapterUser>
  getUser(id: string): Promise<AdapterUser | null>
  getUserByEmail(email: string): Promise<AdapterUser | null>
  getUserByAccount(key: AccountKey): Promise<AdapterUser | null>
  updateUser(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Promise<AdapterUser>
  /** Deletes the user with their sessions, accounts, authenticators and password record, all or nothing. */
  deleteUser(userId: string): Promise<AdapterUser | null>
  linkAccount(account: AdapterAccount): Promise<AdapterAccount>
  unlinkAccount(key: AccountKey): Promise<AdapterAccount | undefined>
  getAccount(providerAccountId: string, provider: string): Promise<AdapterAccount | null>
  /**
   * Stores the session, and in `session_metadata` the metadata given (none when none is given), in one statement;
   * returns the session with the metadata that is known.
   */
  createSession(session: AdapterSession & Partial<SessionMetadata>): Promise<AdapterSession & Partial<SessionMetadata>>
  /**
   * One round trip: the session with the metadata that is known, its user, and `refreshFailed: true` when one of the
   * user's accounts is marked failed by the token refresh (absent otherwise). A session an Auth.js caller wrote has
   * exactly Auth.js's keys.
   */
  getSessionAndUser(
    sessionToken: string,
  ): Promise<{ session: AdapterSession & Partial<SessionMetadata> & { refreshFailed?: true }; user: AdapterUser } | null>
  /** Writes `expires`, `userId` and `lastActiveAt` when given; the other metadata stays as the sign-in wrote it. */
  updateSession(
    session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken"> & { lastActiveAt?: Date | null },
  ): Promise<(AdapterSession & Partial<SessionMetadata>) | null>
  /** Deletes the session and its metadata (the foreign key cascades); returns the Auth.js fields. */
  deleteSession(sessionToken: string): Promise<AdapterSession | null>
  createVerificationToken(verificationToken: VerificationToken): Promise<VerificationToken>
  useVerificationToken(params: { identifier: string; token: string }): Promise<VerificationToken | null>
  createAuthenticator(authenticator: AdapterAuthenticator): Promise<AdapterAuthenticator>
  getAuthenticator(credentialID: string): Promise<AdapterAuthenticator | null>
  listAuthenticatorsByUserId(userId: string): Promise<AdapterAuthenticator[]>
  updateAuthenticatorCounter(credentialID: string, newCounter: number): Promise<AdapterAuthenticator>
  /** The user's account at `provider` (the first by providerAccountId) with its refresh lease and failure mark. */
  getAccountForRefresh(userId: string, provider: string): Promise<RefreshableAccount | null>
  /** One UPDATE: claims a refresh lease until now() + `leaseMs` if `refreshToken` is current and no lease lives. */
  claimTokenRefresh(account: AccountKey, refreshToken: string, leaseMs: number): Promise<boolean>
  /** One UPDATE on the old refresh token: stores the new tokens, or holds the lease until `retryAt` (back-off). */
  finishTokenRefresh(account: AccountKey, refreshToken: string, outcome: TokenRefreshOutcome): Promise<boolean>
  /** One UPDATE: writes the tokens given after a new sign-in and clears the lease and the failure mark. */
  updateAccountTokens(account: AccountKey, tokens: AccountTokens): Promise<void>
  /**
   * One SELECT: the user's sessions that have not expired by the database's clock, with their metadata, newest
   * `createdAt` first and those without one (rows from before the registry) last.
   */
  listSessions(userId: string): Promise<RegisteredSession[]>
  /**
   * One DELETE: every session of the user except the one whose token is `exceptSessionToken` (when given). Returns
   * how many of them had not expired, the sessions the user could have seen listed; expired ones go too.
   */
  deleteUserSessions(userId: string, exceptSessionToken?: string): Promise<number>
  /** One upsert into `session_revocations`: the user's not-before time becomes `at`, unless a later one is stored. */
  setSessionsNotBefore(userId: string, at: Date): Promise<void>
  /** One SELECT: the user's not-before time, or `null` when none was stored. */
  getSessionsNotBefore(userId: string): Promise<Date | null>
  /** One SELECT of `user_passwords`: the user's password record (`updatedAt` a `Date`), or `null` when none is stored. */
  getUserPassword(userId: string): Promise<AdapterPassword | null>
  /**
   * One upsert into `user_passwords` that replaces the user's whole record, or for `null` one DELETE. A user that does
   * not exist is refused (`PostgresAdapterError` code `UserNotFound`); deleting the user deletes the row (its foreign
   * key cascades).
   */
  setUserPassword(userId: string, password: AdapterPassword | null): Promise<void>
  /**
   * Creates the schema and tables of `schema.sql` if missing, and moves what an older Gatehouse kept in columns of
   * `sessions` and `accounts` into `session_metadata` and `account_refresh_state`, dropping those columns, so that
   * Auth.js's tables have exactly Auth.js's columns. Idempotent; safe to run from several processes at once.
   */
  migrate(): Promise<void>
}
