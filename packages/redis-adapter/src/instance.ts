/** What `RedisAdapter` returns: every `Adapter` method, none optional, each with what it promises on Redis. */
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

/** Every `Adapter` method (the WebAuthn, token-refresh, session-registry and password ones included), all asynchronous. */
export interface RedisAdapterInstance extends Adapter {
  createUser(user: AdapterUser): Promise<AdapterUser>
  getUser(id: string): Promise<AdapterUser | null>
  getUserByEmail(email: string): Promise<AdapterUser | null>
  getUserByAccount(key: AccountKey): Promise<AdapterUser | null>
  updateUser(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Promise<AdapterUser>
  /** Deletes the user, its e-mail index, accounts, sessions and authenticators in one atomic script. */
  deleteUser(userId: string): Promise<AdapterUser | null>
  linkAccount(account: AdapterAccount): Promise<AdapterAccount>
  unlinkAccount(key: AccountKey): Promise<AdapterAccount | undefined>
  getAccount(providerAccountId: string, provider: string): Promise<AdapterAccount | null>
  /**
   * Stores the session, and under its metadata key the metadata given (no key when none is given), both with a TTL to
   * `expires`; returns the session with the metadata that is known.
   */
  createSession(session: AdapterSession & Partial<SessionMetadata>): Promise<AdapterSession & Partial<SessionMetadata>>
  /**
   * One script: the session with the metadata that is known, its user, and `refreshFailed: true` when one of the
   * user's accounts is marked failed by the token refresh (absent otherwise). A session an Auth.js caller wrote has
   * exactly the keys it was written with.
   */
  getSessionAndUser(
    sessionToken: string,
  ): Promise<{ session: AdapterSession & Partial<SessionMetadata> & { refreshFailed?: true }; user: AdapterUser } | null>
  /**
   * Merges the update (`lastActiveAt` included; absent or null keeps the stored one) and sets the TTL again from the
   * new `expires`. `null` when the session is gone.
   */
  updateSession(
    session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken"> & { lastActiveAt?: Date | null },
  ): Promise<(AdapterSession & Partial<SessionMetadata>) | null>
  /** Deletes the session and its metadata; returns the session as stored. */
  deleteSession(sessionToken: string): Promise<AdapterSession | null>
  createVerificationToken(verificationToken: VerificationToken): Promise<VerificationToken>
  /** Returns and deletes the token in one `GETDEL`, so of any number of concurrent uses exactly one gets it. */
  useVerificationToken(params: { identifier: string; token: string }): Promise<VerificationToken | null>
  createAuthenticator(authenticator: AdapterAuthenticator): Promise<AdapterAuthenticator>
  getAuthenticator(credentialID: string): Promise<AdapterAuthenticator | null>
  listAuthenticatorsByUserId(userId: string): Promise<AdapterAuthenticator[]>
  updateAuthenticatorCounter(credentialID: string, newCounter: number): Promise<AdapterAuthenticator>
  /** One script: the user's account at `provider` (the first by providerAccountId) with its lease and failure mark. */
  getAccountForRefresh(userId: string, provider: string): Promise<RefreshableAccount | null>
  /** One script: claims a refresh lease until TIME + `leaseMs` if `refreshToken` is current and no lease lives. */
  claimTokenRefresh(account: AccountKey, refreshToken: string, leaseMs: number): Promise<boolean>
  /** One script on the old refresh token: stores the new tokens, or holds the lease until `retryAt` (back-off). */
  finishTokenRefresh(account: AccountKey, refreshToken: string, outcome: TokenRefreshOutcome): Promise<boolean>
  /** One script: writes the tokens given after a new sign-in and clears the lease and the failure mark. */
  updateAccountTokens(account: AccountKey, tokens: AccountTokens): Promise<void>
  /**
   * One script: the user's sessions still stored (so unexpired), with their metadata, newest `createdAt` first and
   * those without one (sessions from before the registry) last; tokens of expired sessions leave the user's set.
   */
  listSessions(userId: string): Promise<RegisteredSession[]>
  /**
   * One script: deletes every session of the user except the one whose token is `exceptSessionToken` (when given),
   * and returns how many were deleted (a session that expired by itself is gone already, so it is not counted).
   */
  deleteUserSessions(userId: string, exceptSessionToken?: string): Promise<number>
  /** One script: the user's not-before time (`session-not-before:<userId>`) becomes `at`, unless a later one is stored. */
  setSessionsNotBefore(userId: string, at: Date): Promise<void>
  /** One GET: the user's not-before time, or `null` when none was stored. */
  getSessionsNotBefore(userId: string): Promise<Date | null>
  /** One GET of `user-password:<userId>`: the user's password record (`updatedAt` a `Date`), or `null` when none is stored. */
  getUserPassword(userId: string): Promise<AdapterPassword | null>
  /**
   * One script that replaces the user's whole record while the user exists (`RedisAdapterError` code `UserNotFound`
   * otherwise), or for `null` one DEL. `deleteUser` deletes the key with the user.
   */
  setUserPassword(userId: string, password: AdapterPassword | null): Promise<void>
  /**
   * Moves what an older Gatehouse kept inside the session and account records (the session registry's metadata, the
   * token refresh's lease and mark) to their own keys, so that the records hold exactly what Auth.js stores. One
   * script per record, each atomic; idempotent, and safe from several processes at once. Resolves to how many records
   * were changed.
   */
  migrate(): Promise<{ sessions: number; accounts: number }>
}
