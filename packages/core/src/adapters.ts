/**
 * The Auth.js adapter interface, unchanged: method names, shapes and `Date` values are the same, so any
 * `@auth/*-adapter` plugs in as it is.
 */
import type { AdapterSession, RegisteredSession } from "./adapter-session.js"
import type { Account, User } from "./user-account.js"

export type { AdapterSession, RegisteredSession, SessionMetadata } from "./adapter-session.js"

type Awaitable<T> = T | PromiseLike<T>

export interface AdapterUser extends User {
  id: string
  email: string
  emailVerified: Date | null
}

export type AdapterAccountType = "oauth" | "oidc" | "email" | "webauthn"

export interface AdapterAccount extends Account {
  userId: string
  type: AdapterAccountType
}

export interface VerificationToken {
  identifier: string
  expires: Date
  /** SHA-256 hex of the raw token and the secret; the raw token is never stored. */
  token: string
}

export interface AdapterAuthenticator {
  credentialID: string
  userId: string
  providerAccountId: string
  counter: number
  credentialBackedUp: boolean
  credentialPublicKey: string
  transports?: string | null
  credentialDeviceType: string
}

/** Which account: the provider and the provider's id for it. */
export type AccountKey = Pick<AdapterAccount, "provider" | "providerAccountId">

/** The tokens a refresh (or a new sign-in) writes to an account. */
export interface AccountTokens {
  access_token?: string | null
  refresh_token?: string | null
  /** Seconds since the epoch. */
  expires_at?: number | null
  token_type?: string | null
  scope?: string | null
  id_token?: string | null
}

/** An account with its refresh state (Gatehouse's provider token refresh, docs/token-refresh.md). */
export interface RefreshableAccount extends AdapterAccount {
  /** Until when a refresh is claimed: by the process calling the provider, or as back-off after a failure. */
  refreshLeaseUntil?: Date | null
  /** The provider refused the refresh token for good; a new sign-in with the provider clears it. */
  refreshFailed?: boolean
}

/** How a claimed refresh ended: new tokens, or a failure with its back-off. */
export type TokenRefreshOutcome = { tokens: AccountTokens } | { failed: { permanent: boolean; retryAt: Date } }

export interface Adapter {
  createUser?(user: AdapterUser): Awaitable<AdapterUser>
  getUser?(id: string): Awaitable<AdapterUser | null>
  getUserByEmail?(email: string): Awaitable<AdapterUser | null>
  getUserByAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Awaitable<AdapterUser | null>
  updateUser?(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Awaitable<AdapterUser>
  deleteUser?(userId: string): Promise<void> | Awaitable<AdapterUser | null | undefined>
  linkAccount?(account: AdapterAccount): Promise<void> | Awaitable<AdapterAccount | null | undefined>
  unlinkAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Promise<void> | Awaitable<AdapterAccount | undefined>
  createSession?(session: { sessionToken: string; userId: string; expires: Date }): Awaitable<AdapterSession>
  getSessionAndUser?(sessionToken: string): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>
  updateSession?(
    session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">,
  ): Awaitable<AdapterSession | null | undefined>
  deleteSession?(sessionToken: string): Promise<void> | Awaitable<AdapterSession | null | undefined>
  createVerificationToken?(verificationToken: VerificationToken): Awaitable<VerificationToken | null | undefined>
  useVerificationToken?(params: { identifier: string; token: string }): Awaitable<VerificationToken | null>
  getAccount?(providerAccountId: AdapterAccount["providerAccountId"], provider: AdapterAccount["provider"]): Awaitable<AdapterAccount | null>
  getAuthenticator?(credentialID: AdapterAuthenticator["credentialID"]): Awaitable<AdapterAuthenticator | null>
  createAuthenticator?(authenticator: AdapterAuthenticator): Awaitable<AdapterAuthenticator>
  listAuthenticatorsByUserId?(userId: AdapterAuthenticator["userId"]): Awaitable<AdapterAuthenticator[]>
  updateAuthenticatorCounter?(
    credentialID: AdapterAuthenticator["credentialID"],
    newCounter: AdapterAuthenticator["counter"],
  ): Awaitable<AdapterAuthenticator>

  // Gatehouse's provider token refresh (optional; Auth.js adapters have none of these, docs/token-refresh.md).
  /**
   * The user's account at `provider` with its tokens and refresh state (with several, the same one each time: ours
   * take the first by `providerAccountId`); `null` when not linked.
   */
  getAccountForRefresh?(userId: string, provider: string): Awaitable<RefreshableAccount | null>
  /**
   * Claims the refresh of `account`, atomically: only while its refresh token is still `refreshToken` and no lease is
   * live, it records a lease until now + `leaseMs`. True for the one caller, in any process, that may call the
   * provider; false for every other.
   */
  claimTokenRefresh?(account: AccountKey, refreshToken: string, leaseMs: number): Awaitable<boolean>
  /**
   * Ends a claimed refresh, atomically and only while the account's refresh token is still `refreshToken`: stores the
   * new tokens (a rotated refresh token with them) and clears the lease and the failure mark; or, failed, keeps the
   * tokens, holds the lease until `retryAt` (back-off) and, when `permanent`, marks the account failed. True when
   * written.
   */
  finishTokenRefresh?(account: AccountKey, refreshToken: string, outcome: TokenRefreshOutcome): Awaitable<boolean>
  /** Replaces the tokens of an account after a new sign-in with its provider, clearing any lease and failure mark. */
  updateAccountTokens?(account: AccountKey, tokens: AccountTokens): Awaitable<void>

  // Gatehouse's session registry (optional; Auth.js adapters have none of these, docs/sessions.md). An adapter that has
  // them also stores `SessionMetadata` given to `createSession` / `updateSession` and returns it from
  // `getSessionAndUser`, whose session then also carries `refreshFailed: true` when one of the user's accounts is
  // marked failed by the token refresh (same round trip).
  /** Every unexpired session of the user, newest `createdAt` first (rows without it last). */
  listSessions?(userId: string): Awaitable<RegisteredSession[]>
  /**
   * Deletes every session of the user except the one whose token is `exceptSessionToken` (when given), atomically,
   * and returns how many unexpired sessions were deleted.
   */
  deleteUserSessions?(userId: string, exceptSessionToken?: string): Awaitable<number>
  /**
   * Records the user's latest revocation (RT-12): a session cookie without a record id (a pre-registry JWT, a next-auth
   * v4 cookie) issued at or before `at` signs in no more. Kept beside Auth.js's tables; never moved back (an earlier
   * `at` than the stored one leaves the stored one).
   */
  setSessionsNotBefore?(userId: string, at: Date): Awaitable<void>
  /** The user's not-before time (`setSessionsNotBefore`), or `null` when the user's sessions were never revoked. */
  getSessionsNotBefore?(userId: string): Awaitable<Date | null>

  // Gatehouse's `Password` provider (optional; docs/passwords.md). Kept beside Auth.js's tables, never in them.
  /** The user's password record, or `null` when the user has none. */
  getUserPassword?(userId: string): Awaitable<AdapterPassword | null>
  /** Stores the user's password record, replacing any; `null` deletes it. Deleting the user deletes it too. */
  setUserPassword?(userId: string, password: AdapterPassword | null): Awaitable<void>
}

/** A user's password (the `Password` provider), stored beside Auth.js's tables. */
export interface AdapterPassword {
  /** The PHC string of the hash (`$argon2id$v=19$m=19456,t=2,p=1$…`); `null` while a user without one resets. */
  hash: string | null
  /**
   * The stored form of the latest password-reset token (hashed as verification tokens are), or `null`. A reset
   * token that is not the latest is dead, even while its verification-token row lives.
   */
  resetToken: string | null
  updatedAt: Date
}

/** The methods the `Password` provider needs beside the core ones. */
export const passwordAdapterMethods = ["getUserPassword", "setUserPassword"] as const satisfies readonly (keyof Adapter)[]

/**
 * The methods of Gatehouse's session registry. The first two make an adapter's rows a registry; the not-before pair
 * lets it refuse, after a revocation, the cookies that carry no record id (pre-registry JWT and next-auth v4 cookies).
 */
export const sessionRegistryAdapterMethods = ["listSessions", "deleteUserSessions", "setSessionsNotBefore", "getSessionsNotBefore"] as const satisfies readonly (keyof Adapter)[]

/** The methods of Gatehouse's provider token refresh. */
export const tokenRefreshAdapterMethods = [
  "getAccountForRefresh",
  "claimTokenRefresh",
  "finishTokenRefresh",
  "updateAccountTokens",
] as const satisfies readonly (keyof Adapter)[]

/** The methods every full adapter has (sessions, users, accounts, verification tokens). */
export const coreAdapterMethods = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "updateUser",
  "deleteUser",
  "linkAccount",
  "unlinkAccount",
  "createSession",
  "getSessionAndUser",
  "updateSession",
  "deleteSession",
  "createVerificationToken",
  "useVerificationToken",
] as const satisfies readonly (keyof Adapter)[]

/** The methods WebAuthn adds. */
export const webAuthnAdapterMethods = [
  "getAccount",
  "createAuthenticator",
  "getAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
] as const satisfies readonly (keyof Adapter)[]

/** True for an ISO 8601 date string, for stores that keep dates as JSON. */
export function isDate(value: unknown): value is string {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))
}

// For the rate-limit stores of the adapter packages: one set of input checks, one set of messages.
export { checkRateLimitHit, checkRateLimitKey, checkRateLimitSpend, checkRateLimitSpendAll, MAX_RATE_LIMIT_KEY_LENGTH, MAX_SPEND_BUDGETS, MAX_SPEND_WINDOWS } from "./rate-limit/store-input.js"
// For the JWT session stores of the adapter packages: one set of input checks, one set of messages.
export { checkAdapterPassword } from "./passwords/store-input.js"
export { checkNotBefore, checkRegisteredSession, checkSessionChanges, checkSessionId, MAX_SESSION_ID_LENGTH } from "./session-registry/store-input.js"
