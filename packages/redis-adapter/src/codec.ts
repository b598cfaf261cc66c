/**
 * Models to and from the JSON stored in Redis. `Date`s are written as ISO strings (by `JSON.stringify`) and revived
 * for the known date fields only — `emailVerified` of a user, `expires`, `createdAt` and `lastActiveAt` of a session,
 * `expires` of a verification token —
 * so a string that merely looks like a date elsewhere (a name, a custom field) stays a string. `expires_at` of an
 * account is a number of seconds and stays one; its refresh state (`token-refresh-scripts.ts`) is read only by
 * `decodeRefreshableAccount`.
 */
import type { AdapterAccount, AdapterAuthenticator, AdapterUser, VerificationToken } from "@gatehousejs/core"
import { isDate, type RefreshableAccount, type RegisteredSession } from "@gatehousejs/core/adapters"
import { RedisAdapterError } from "./errors.js"

type Stored = Record<string, unknown>

/** The JSON text of a model; fields that are `undefined` are left out, as `JSON.stringify` does. */
export function encode(model: object): string {
  return JSON.stringify(model)
}

export function decodeUser(text: string): AdapterUser {
  const stored = parse(text, "user")
  return { ...stored, emailVerified: reviveDate(stored.emailVerified) } as AdapterUser
}

/** The session with the session registry's metadata, each field `null` when not stored (sessions from before it). */
export function decodeSession(text: string): RegisteredSession {
  const stored = parse(text, "session")
  return {
    ...stored,
    expires: reviveDate(stored.expires),
    createdAt: reviveDate(stored.createdAt),
    lastActiveAt: reviveDate(stored.lastActiveAt),
    userAgent: typeof stored.userAgent === "string" ? stored.userAgent : null,
    ip: typeof stored.ip === "string" ? stored.ip : null,
  } as RegisteredSession
}

export function decodeVerificationToken(text: string): VerificationToken {
  const stored = parse(text, "verification token")
  return { ...stored, expires: reviveDate(stored.expires) } as VerificationToken
}

/** The account without the refresh state the token-refresh scripts keep in its record. */
export function decodeAccount(text: string): AdapterAccount {
  const { refresh_lease_until: _lease, refresh_failed: _failed, ...account } = parse(text, "account")
  return account as unknown as AdapterAccount
}

/** The account with its refresh state: the lease (milliseconds in the record) as a `Date`, the failure mark. */
export function decodeRefreshableAccount(text: string): RefreshableAccount {
  const { refresh_lease_until: lease, refresh_failed: failed } = parse(text, "account")
  const refreshLeaseUntil = typeof lease === "number" ? new Date(lease) : null
  return { ...decodeAccount(text), refreshLeaseUntil, refreshFailed: failed === true }
}

export function decodeAuthenticator(text: string): AdapterAuthenticator {
  return parse(text, "authenticator") as unknown as AdapterAuthenticator
}

/**
 * Milliseconds from now until `expires`, for `SET … PX`: the native TTL that makes Redis drop an expired session
 * or verification token by itself. At least 1: Redis refuses a TTL of 0, and a past `expires` means "gone now".
 */
export function ttlMs(expires: Date, now: number = Date.now()): number {
  const at = new Date(expires).getTime()
  if (!Number.isFinite(at)) throw new RedisAdapterError("InvalidExpires", "`expires` must be a valid Date.")
  return Math.max(1, at - now)
}

/** `update` without its `undefined` fields: in an update, `undefined` means "leave as it is", `null` means "clear". */
export function definedFields<T extends object>(update: T): Partial<T> {
  return Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)) as Partial<T>
}

function parse(text: string, what: string): Stored {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new RedisAdapterError("CorruptValue", `A stored ${what} is not valid JSON.`, { cause: error })
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new RedisAdapterError("CorruptValue", `A stored ${what} is not a JSON object.`)
  }
  return value as Stored
}

function reviveDate(value: unknown): Date | null {
  if (value instanceof Date) return value
  return isDate(value) ? new Date(value) : null
}
