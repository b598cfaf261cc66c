/**
 * The input checks every JWT session store makes alike (`PostgresSessionStore`, `RedisSessionStore`,
 * `SqliteSessionStore`): ids of 1 to 512 characters without NUL (PostgreSQL indexes them and its B-tree refuses
 * entries past about 2.7 kB; TEXT cannot hold NUL), valid Dates, text or null. Each failure is a `TypeError` whose
 * message starts with `<store>.<method>:` and never quotes the value (it may be a session id).
 */
import type { RegisteredSession } from "../adapter-session.js"

/** The longest session id or user id a store accepts. */
export const MAX_SESSION_ID_LENGTH = 512

/** Throws unless `value` is a string of 1 to 512 characters without NUL. */
export function checkSessionId(store: string, method: string, name: string, value: unknown): asserts value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_SESSION_ID_LENGTH || value.includes("\0")) {
    const got = typeof value === "string" ? `a string of ${value.length} characters` : typeof value
    throw new TypeError(`${store}.${method}: ${name} must be a string of 1 to ${MAX_SESSION_ID_LENGTH} characters without NUL (got ${got}).`)
  }
}

function checkDate(store: string, method: string, name: string, value: unknown, nullable: boolean): void {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return
  if (nullable && value === null) return
  const got = value instanceof Date ? "an invalid Date" : value === null ? "null" : typeof value
  throw new TypeError(`${store}.${method}: ${name} must be a valid Date${nullable ? " or null" : ""} (got ${got}).`)
}

function checkText(store: string, method: string, name: string, value: unknown): void {
  if (value === null || (typeof value === "string" && !value.includes("\0"))) return
  const got = typeof value === "string" ? "a string with NUL" : typeof value
  throw new TypeError(`${store}.${method}: ${name} must be a string without NUL, or null (got ${got}).`)
}

/** Throws unless `session` is a `RegisteredSession` a store can record. */
export function checkRegisteredSession(store: string, method: string, session: unknown): asserts session is RegisteredSession {
  if (typeof session !== "object" || session === null) {
    throw new TypeError(`${store}.${method}: the session must be an object (got ${session === null ? "null" : typeof session}).`)
  }
  const s = session as Record<string, unknown>
  checkSessionId(store, method, "session.sessionToken", s.sessionToken)
  checkSessionId(store, method, "session.userId", s.userId)
  checkDate(store, method, "session.expires", s.expires, false)
  checkDate(store, method, "session.createdAt", s.createdAt, true)
  checkDate(store, method, "session.lastActiveAt", s.lastActiveAt, true)
  checkText(store, method, "session.userAgent", s.userAgent)
  checkText(store, method, "session.ip", s.ip)
}

/** Throws unless `changes` is `{ expires, lastActiveAt }` of valid Dates. */
export function checkSessionChanges(store: string, method: string, changes: unknown): void {
  if (typeof changes !== "object" || changes === null) {
    throw new TypeError(`${store}.${method}: changes must be an object { expires, lastActiveAt } (got ${changes === null ? "null" : typeof changes}).`)
  }
  const c = changes as Record<string, unknown>
  checkDate(store, method, "changes.expires", c.expires, false)
  checkDate(store, method, "changes.lastActiveAt", c.lastActiveAt, false)
}

/** Throws unless `at` (a not-before time, `setSessionsNotBefore`) is a valid Date. */
export function checkNotBefore(store: string, method: string, at: unknown): asserts at is Date {
  checkDate(store, method, "at", at, false)
}
