/**
 * Models to and from the JSON stored in Redis. `Date`s are written as ISO strings (by `JSON.stringify`) and revived
 * for the known date fields only — `emailVerified` of a user, `expires` of a session, `createdAt` and `lastActiveAt`
 * of its metadata, `expires` of a verification token — so a string that merely looks like a date elsewhere (a name, a
 * custom field) stays a string. `expires_at` of an account is a number of seconds and stays one; its refresh state
 * (its own key, `token-refresh-scripts.ts`) is read only by `decodeRefreshableAccount`.
 */
import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "@gatehousejs/core"
import { isDate, type RefreshableAccount, type RegisteredSession, type SessionMetadata } from "@gatehousejs/core/adapters"
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

/** The session registry's fields, kept in the session's metadata key rather than in its record. */
export const METADATA_FIELDS = ["createdAt", "lastActiveAt", "userAgent", "ip"] as const

/** The session as stored: Auth.js's fields (and any other the caller gave), never the metadata. */
export function decodeSession(text: string): AdapterSession {
  const { createdAt: _c, lastActiveAt: _l, userAgent: _u, ip: _i, ...stored } = parse(text, "session")
  return { ...stored, expires: reviveDate(stored.expires) } as AdapterSession
}

/** The record of a new session: what the caller gave, without the metadata (stored under its own key). */
export function sessionRecord(session: AdapterSession & Partial<SessionMetadata>): AdapterSession {
  const { createdAt: _c, lastActiveAt: _l, userAgent: _u, ip: _i, ...record } = session
  return record
}

/** The known metadata of a session, from its metadata key's JSON (`null`: no key, nothing known). */
export function decodeMetadata(text: string | null): Partial<SessionMetadata> {
  if (text === null) return {}
  const stored = parse(text, "session metadata")
  const known: Partial<SessionMetadata> = {}
  const [createdAt, lastActiveAt] = [reviveDate(stored.createdAt), reviveDate(stored.lastActiveAt)]
  if (createdAt) known.createdAt = createdAt
  if (lastActiveAt) known.lastActiveAt = lastActiveAt
  if (typeof stored.userAgent === "string") known.userAgent = stored.userAgent
  if (typeof stored.ip === "string") known.ip = stored.ip
  return known
}

/** The metadata key's JSON for `metadata`: only the known fields; `""` when none is known (no key is written). */
export function encodeMetadata(metadata: SessionMetadata): string {
  const known = Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== null))
  return Object.keys(known).length === 0 ? "" : encode(known)
}

/** A session as the registry lists it: every metadata field, `null` where unknown. */
export function registeredSession(session: AdapterSession, metadata: Partial<SessionMetadata>): RegisteredSession {
  return { ...session, createdAt: null, lastActiveAt: null, userAgent: null, ip: null, ...metadata }
}

export function decodeVerificationToken(text: string): VerificationToken {
  const stored = parse(text, "verification token")
  return { ...stored, expires: reviveDate(stored.expires) } as VerificationToken
}

/** The account as stored (an older Gatehouse's refresh fields, until `migrate()` moves them, left out). */
export function decodeAccount(text: string): AdapterAccount {
  const { refresh_lease_until: _lease, refresh_failed: _failed, ...account } = parse(text, "account")
  return account as unknown as AdapterAccount
}

/** The account with its refresh state (its own key's JSON, `null` for none): the lease as a `Date`, the mark. */
export function decodeRefreshableAccount(text: string, state: string | null): RefreshableAccount {
  const { leaseUntil, failed } = state === null ? {} : parse(state, "token-refresh state")
  const refreshLeaseUntil = typeof leaseUntil === "number" ? new Date(leaseUntil) : null
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
