/**
 * Gatehouse's session registry on PostgreSQL (core's optional adapter methods, docs/sessions.md): the metadata of a
 * session, kept in its `session_metadata` row beside Auth.js's `sessions` (`created_at`, `last_active_at`,
 * `user_agent`, `ip`; no row or NULL where unknown), the user's sessions listed, all of them but one deleted, and the user's latest revocation time kept in
 * `session_revocations` (RT-12). Each method is one statement
 * (`statements.ts`); "unexpired" is decided by the database's clock.
 */
import type { RegisteredSession, SessionMetadata } from "@gatehousejs/core/adapters"
import type { Pool } from "pg"
import { toRegisteredSession, type SessionRow } from "./rows.js"
import type { Statements } from "./statements.js"

/** The four methods (their doc comments are on `PostgresAdapterInstance`). */
interface SessionRegistryMethods {
  listSessions(userId: string): Promise<RegisteredSession[]>
  deleteUserSessions(userId: string, exceptSessionToken?: string): Promise<number>
  setSessionsNotBefore(userId: string, at: Date): Promise<void>
  getSessionsNotBefore(userId: string): Promise<Date | null>
}

/** The session-registry methods on `pool`, with the statements of the adapter's schema. */
export function sessionRegistryMethods(pool: Pool, sql: Statements["sessionRegistry"]): SessionRegistryMethods {
  return {
    async listSessions(userId) {
      if (!findable(userId)) return []
      const { rows } = await pool.query<SessionRow>({ ...sql.listSessions, values: [userId] })
      return rows.map(toRegisteredSession)
    },

    async deleteUserSessions(userId, exceptSessionToken) {
      if (!findable(userId)) return 0
      // A token PostgreSQL cannot hold is no session's token: nothing to except.
      const except = findable(exceptSessionToken) ? exceptSessionToken : null
      const { rows } = await pool.query<{ deleted: number }>({ ...sql.deleteUserSessions, values: [userId, except] })
      return rows[0]!.deleted
    },

    async setSessionsNotBefore(userId, at) {
      if (!findable(userId)) throw new TypeError("setSessionsNotBefore: userId must be a string without NUL.")
      if (!(at instanceof Date) || Number.isNaN(at.getTime())) throw new TypeError(`setSessionsNotBefore: at must be a valid Date (got ${String(at)}).`)
      await pool.query({ ...sql.setSessionsNotBefore, values: [userId, at] })
    },

    async getSessionsNotBefore(userId) {
      if (!findable(userId)) return null
      const { rows } = await pool.query<{ not_before: Date }>({ ...sql.getSessionsNotBefore, values: [userId] })
      return rows[0]?.not_before ?? null
    },
  }
}

/**
 * The metadata columns of a new session, in `createSession`'s `$4`…`$7` order: each absent one (an Auth.js caller
 * gives none) is NULL. A wrong type is refused here with the method's name rather than by the driver.
 */
export function metadataValues(session: Partial<SessionMetadata>): [Date | null, Date | null, string | null, string | null] {
  return [
    optionalDate(session.createdAt, "createdAt"),
    optionalDate(session.lastActiveAt, "lastActiveAt"),
    optionalText(session.userAgent, "userAgent"),
    optionalText(session.ip, "ip"),
  ]
}

/** `lastActiveAt` of `updateSession`: absent (or null) keeps the stored one. */
export function lastActiveAtValue(lastActiveAt: Date | null | undefined): Date | null {
  return optionalDate(lastActiveAt, "lastActiveAt", "updateSession")
}

function optionalDate(value: unknown, field: string, method = "createSession"): Date | null {
  if (value === undefined || value === null) return null
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new TypeError(`${method}: ${field} must be a valid Date or null (got ${String(value)}).`)
  }
  return value
}

function optionalText(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null
  if (typeof value !== "string") throw new TypeError(`createSession: ${field} must be a string or null (got ${typeof value}).`)
  // TEXT cannot hold NUL, and PostgreSQL would refuse the whole row: the header is kept without it.
  return value.replaceAll("\0", "")
}

/** A value PostgreSQL can compare with a TEXT column: a string without NUL (which TEXT cannot hold). */
function findable(value: unknown): value is string {
  return typeof value === "string" && !value.includes("\0")
}
