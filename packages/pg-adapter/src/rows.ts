/**
 * Rows as `pg` returns them, and their conversion to the Auth.js models. `pg` already gives `TIMESTAMPTZ` as `Date`;
 * `BIGINT` comes back as a string (it may not fit a JS number), so `expires_at` and `counter` are parsed here.
 * Optional OAuth token fields that are NULL are left out, as a provider that did not send them would leave them out.
 */
import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "@gatehousejs/core"
import type { RefreshableAccount, RegisteredSession, SessionMetadata } from "@gatehousejs/core/adapters"

export interface UserRow {
  id: string
  name: string | null
  email: string | null
  emailVerified: Date | null
  image: string | null
}

export interface AccountRow {
  userId: string
  type: AdapterAccount["type"]
  provider: string
  providerAccountId: string
  refresh_token: string | null
  access_token: string | null
  expires_at: string | null
  token_type: string | null
  scope: string | null
  id_token: string | null
  session_state: string | null
}

/** An account with its `account_refresh_state` (LEFT JOINed: no row reads as no lease, not failed). */
export interface RefreshableAccountRow extends AccountRow {
  refresh_lease_until: Date | null
  refresh_failed: boolean
}

/**
 * A session with the session registry's columns from its `session_metadata` row (LEFT JOINed: NULL when it has none,
 * as for a session written by an Auth.js caller or before the registry).
 */
export interface SessionRow {
  sessionToken: string
  userId: string
  expires: Date
  created_at: Date | null
  last_active_at: Date | null
  user_agent: string | null
  ip: string | null
}

/**
 * The single row of the `getSessionAndUser` JOIN: the session's columns, the user's under `user_*` aliases, and
 * whether one of the user's accounts carries the token refresh's failure mark.
 */
export interface SessionAndUserRow extends SessionRow {
  user_name: string | null
  user_email: string | null
  user_emailVerified: Date | null
  user_image: string | null
  refresh_failed: boolean
}

export interface VerificationTokenRow {
  identifier: string
  token: string
  expires: Date
}

export interface AuthenticatorRow {
  credentialID: string
  userId: string
  providerAccountId: string
  credentialPublicKey: string
  counter: string
  credentialDeviceType: string
  credentialBackedUp: boolean
  transports: string | null
}

/** The optional account columns, in table order. */
export const ACCOUNT_TOKEN_FIELDS = [
  "refresh_token",
  "access_token",
  "expires_at",
  "token_type",
  "scope",
  "id_token",
  "session_state",
] as const

export function toUser(row: UserRow): AdapterUser {
  // AdapterUser.email is a string in the Auth.js types, but the column is nullable (credentials and passkey users
  // may have none); the value is passed through as stored.
  return { id: row.id, name: row.name, email: row.email as string, emailVerified: row.emailVerified, image: row.image }
}

export function toAccount(row: AccountRow): AdapterAccount {
  const account: AdapterAccount = {
    userId: row.userId,
    type: row.type,
    provider: row.provider,
    providerAccountId: row.providerAccountId,
  }
  for (const field of ACCOUNT_TOKEN_FIELDS) {
    const value = row[field]
    if (value === null) continue
    if (field === "expires_at") account.expires_at = Number(value)
    else if (field === "token_type") account.token_type = value as Lowercase<string>
    else account[field] = value
  }
  return account
}

export function toRefreshableAccount(row: RefreshableAccountRow): RefreshableAccount {
  return { ...toAccount(row), refreshLeaseUntil: row.refresh_lease_until, refreshFailed: row.refresh_failed }
}

/** A session as the registry lists it: the Auth.js fields and the four metadata fields, `null` where unknown. */
export function toRegisteredSession(row: SessionRow): RegisteredSession {
  return {
    sessionToken: row.sessionToken,
    userId: row.userId,
    expires: row.expires,
    createdAt: row.created_at,
    lastActiveAt: row.last_active_at,
    userAgent: row.user_agent,
    ip: row.ip,
  }
}

/**
 * A session as the Auth.js methods return it: the Auth.js fields, and only the metadata that is known. A session an
 * Auth.js caller wrote therefore reads back with exactly Auth.js's keys (its suite compares them with `toEqual`).
 */
export function toSession(row: AdapterSession & Partial<SessionRow>): AdapterSession & Partial<SessionMetadata> {
  const session: AdapterSession & Partial<SessionMetadata> = { sessionToken: row.sessionToken, userId: row.userId, expires: row.expires }
  // `deleteSession` returns the sessions row alone: its metadata columns are absent rather than NULL.
  if (row.created_at) session.createdAt = row.created_at
  if (row.last_active_at) session.lastActiveAt = row.last_active_at
  if (typeof row.user_agent === "string") session.userAgent = row.user_agent
  if (typeof row.ip === "string") session.ip = row.ip
  return session
}

/**
 * The session and its user; the session carries `refreshFailed: true` only when it applies, so that a session read
 * compares equal to the one written (the Auth.js model has no such field).
 */
export function toSessionAndUser(row: SessionAndUserRow): { session: AdapterSession & Partial<SessionMetadata> & { refreshFailed?: true }; user: AdapterUser } {
  return {
    session: row.refresh_failed ? { ...toSession(row), refreshFailed: true } : toSession(row),
    user: toUser({
      id: row.userId,
      name: row.user_name,
      email: row.user_email,
      emailVerified: row.user_emailVerified,
      image: row.user_image,
    }),
  }
}

export function toVerificationToken(row: VerificationTokenRow): VerificationToken {
  return { identifier: row.identifier, token: row.token, expires: row.expires }
}

export function toAuthenticator(row: AuthenticatorRow): AdapterAuthenticator {
  const authenticator: AdapterAuthenticator = {
    credentialID: row.credentialID,
    userId: row.userId,
    providerAccountId: row.providerAccountId,
    credentialPublicKey: row.credentialPublicKey,
    counter: Number(row.counter),
    credentialDeviceType: row.credentialDeviceType,
    credentialBackedUp: row.credentialBackedUp,
  }
  if (row.transports !== null) authenticator.transports = row.transports
  return authenticator
}
