/**
 * Rows as SQLite returns them, and the conversions between them and the Auth.js models: dates are integer
 * milliseconds, booleans 0/1, `expires_at` integer seconds. Nullable user columns come back as `null` (as every
 * Auth.js SQL adapter does); absent OAuth token fields come back absent, as the `Account` type declares them.
 */
import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "@gatehousejs/core"
import type { RefreshableAccount, RegisteredSession, SessionMetadata } from "@gatehousejs/core/adapters"

export interface UserRow {
  id: string
  name: string | null
  email: string | null
  emailVerified: number | null
  image: string | null
}

export interface AccountRow {
  userId: string
  type: string
  provider: string
  providerAccountId: string
  refresh_token: string | null
  access_token: string | null
  expires_at: number | null
  token_type: string | null
  scope: string | null
  id_token: string | null
  session_state: string | null
}

/** An account with Gatehouse's token-refresh columns. */
export interface RefreshableAccountRow extends AccountRow {
  refresh_lease_until: number | null
  refresh_failed: number
}

/** A `sessions` row: Auth.js's three columns. */
export interface AuthjsSessionRow {
  sessionToken: string
  userId: string
  expires: number
}

/**
 * A session with the session registry's columns from its `session_metadata` row (NULL where it has none, as for a
 * session written by an Auth.js caller or before the registry).
 */
export interface SessionRow extends AuthjsSessionRow {
  created_at: number | null
  last_active_at: number | null
  user_agent: string | null
  ip: string | null
}

/** A `user_passwords` row without its key: the `Password` provider's record of a user (`updated_at` in milliseconds). */
export interface PasswordRow {
  hash: string | null
  reset_token: string | null
  updated_at: number
}

export interface VerificationTokenRow {
  identifier: string
  token: string
  expires: number
}

export interface AuthenticatorRow {
  credentialID: string
  userId: string
  providerAccountId: string
  credentialPublicKey: string
  counter: number
  credentialDeviceType: string
  credentialBackedUp: number
  transports: string | null
}

/** The OAuth token columns of `accounts`, in the order of the table. */
export const TOKEN_COLUMNS = [
  "refresh_token",
  "access_token",
  "expires_at",
  "token_type",
  "scope",
  "id_token",
  "session_state",
] as const

/** A `Date` (or anything `new Date` accepts) as integer milliseconds; an invalid date is refused, never stored. */
export function toMillis(value: Date | string | number, field: string): number {
  const ms = new Date(value).getTime()
  if (Number.isNaN(ms)) throw new TypeError(`${field} is not a valid date.`)
  return ms
}

/** The row for a new user, under `id` (the caller's, or a fresh UUID). */
export function userToRow(user: AdapterUser, id: string): UserRow {
  return {
    id,
    name: user.name ?? null,
    email: emailToColumn(user.email),
    emailVerified: user.emailVerified ? toMillis(user.emailVerified, "emailVerified") : null,
    image: user.image ?? null,
  }
}

/**
 * An empty address is stored as NULL: the engine passes `""` for an OAuth profile without an e-mail, and under the
 * UNIQUE index a second such user would otherwise be refused.
 */
export function emailToColumn(email: string | null | undefined): string | null {
  return email ? email : null
}

/** A `users` row as an `AdapterUser`. */
export function rowToUser(row: UserRow): AdapterUser {
  return {
    id: row.id,
    name: row.name,
    // `AdapterUser.email` is typed `string`, yet users without an address exist (OAuth profiles without e-mail):
    // like the Auth.js adapters, they come back with `null`.
    email: row.email as string,
    emailVerified: row.emailVerified === null ? null : new Date(row.emailVerified),
    image: row.image,
  }
}

/** The row for `linkAccount`: the known columns only (other fields a provider returns are not stored). */
export function accountToRow(account: AdapterAccount): AccountRow {
  return {
    userId: account.userId,
    type: account.type,
    provider: account.provider,
    providerAccountId: account.providerAccountId,
    refresh_token: text(account.refresh_token),
    access_token: text(account.access_token),
    expires_at: seconds(account.expires_at),
    token_type: text(account.token_type),
    scope: text(account.scope),
    id_token: text(account.id_token),
    session_state: text(account.session_state),
  }
}

/** An `accounts` row as an `AdapterAccount`, without the token fields that are NULL. */
export function rowToAccount(row: AccountRow): AdapterAccount {
  const account: AdapterAccount = {
    userId: row.userId,
    type: row.type as AdapterAccount["type"],
    provider: row.provider,
    providerAccountId: row.providerAccountId,
  }
  for (const column of TOKEN_COLUMNS) {
    const value = row[column]
    if (value !== null) (account as Record<string, unknown>)[column] = value
  }
  return account
}

/** An `accounts` row with its `account_refresh_state`: the lease as a `Date`, the failure mark as a boolean. */
export function rowToRefreshableAccount(row: RefreshableAccountRow): RefreshableAccount {
  return {
    ...rowToAccount(row),
    refreshLeaseUntil: row.refresh_lease_until === null ? null : new Date(row.refresh_lease_until),
    refreshFailed: row.refresh_failed === 1,
  }
}

/** A session as the registry lists it: the Auth.js fields and the four metadata fields, `null` where unknown. */
export function rowToRegisteredSession(row: SessionRow): RegisteredSession {
  return {
    sessionToken: row.sessionToken,
    userId: row.userId,
    expires: new Date(row.expires),
    createdAt: row.created_at === null ? null : new Date(row.created_at),
    lastActiveAt: row.last_active_at === null ? null : new Date(row.last_active_at),
    userAgent: row.user_agent,
    ip: row.ip,
  }
}

/**
 * A session as the Auth.js methods return it: the Auth.js fields, and only the metadata that is known. A session an
 * Auth.js caller wrote therefore reads back with exactly Auth.js's keys (its suite compares them with `toEqual`).
 */
export function rowToSession(row: AuthjsSessionRow & Partial<SessionRow>): AdapterSession & Partial<SessionMetadata> {
  const session: AdapterSession & Partial<SessionMetadata> = { sessionToken: row.sessionToken, userId: row.userId, expires: new Date(row.expires) }
  // `deleteSession` returns the sessions row alone: its metadata columns are absent rather than NULL.
  if (typeof row.created_at === "number") session.createdAt = new Date(row.created_at)
  if (typeof row.last_active_at === "number") session.lastActiveAt = new Date(row.last_active_at)
  if (typeof row.user_agent === "string") session.userAgent = row.user_agent
  if (typeof row.ip === "string") session.ip = row.ip
  return session
}

/** A `verification_tokens` row as a `VerificationToken`. */
export function rowToVerificationToken(row: VerificationTokenRow): VerificationToken {
  return { identifier: row.identifier, token: row.token, expires: new Date(row.expires) }
}

/** The row for `createAuthenticator`. */
export function authenticatorToRow(authenticator: AdapterAuthenticator): AuthenticatorRow {
  return {
    credentialID: authenticator.credentialID,
    userId: authenticator.userId,
    providerAccountId: authenticator.providerAccountId,
    credentialPublicKey: authenticator.credentialPublicKey,
    counter: authenticator.counter,
    credentialDeviceType: authenticator.credentialDeviceType,
    credentialBackedUp: authenticator.credentialBackedUp ? 1 : 0,
    transports: authenticator.transports ?? null,
  }
}

/** An `authenticators` row as an `AdapterAuthenticator`. */
export function rowToAuthenticator(row: AuthenticatorRow): AdapterAuthenticator {
  return {
    credentialID: row.credentialID,
    userId: row.userId,
    providerAccountId: row.providerAccountId,
    credentialPublicKey: row.credentialPublicKey,
    counter: row.counter,
    credentialDeviceType: row.credentialDeviceType,
    credentialBackedUp: row.credentialBackedUp === 1,
    transports: row.transports,
  }
}

/** Token fields are strings; anything else a provider's `account()` callback returned is kept as its text. */
function text(value: unknown): string | null {
  if (value === undefined || value === null) return null
  return typeof value === "string" ? value : JSON.stringify(value)
}

function seconds(value: unknown): number | null {
  if (value === undefined || value === null || value === "") return null
  const n = Number(value)
  if (!Number.isFinite(n)) throw new TypeError("expires_at must be a number of seconds.")
  return n
}
