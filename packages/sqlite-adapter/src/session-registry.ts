/**
 * Gatehouse's session registry on SQLite (core's optional adapter methods, docs/sessions.md): the metadata of a session,
 * kept in its `session_metadata` row beside Auth.js's `sessions` (`created_at`, `last_active_at` in milliseconds,
 * `user_agent`, `ip`; no row or NULL where unknown), the user's sessions listed, all of them but one deleted, and the user's latest revocation time kept
 * in `session_revocations` (RT-12). Each method is one statement
 * (`statements.ts`); "unexpired" is decided by `Date.now()`, as the processes sharing a file share the machine's clock.
 */
import type { RegisteredSession, SessionMetadata } from "@gatehousejs/core/adapters"
import { rowToRegisteredSession, type SessionRow } from "./rows.js"
import type { Statements } from "./statements.js"

/** The four methods (their doc comments are on `SqliteAdapterInstance`). */
interface SessionRegistryMethods {
  listSessions(userId: string): Promise<RegisteredSession[]>
  deleteUserSessions(userId: string, exceptSessionToken?: string): Promise<number>
  setSessionsNotBefore(userId: string, at: Date): Promise<void>
  getSessionsNotBefore(userId: string): Promise<Date | null>
}

/** The session-registry methods on the adapter's prepared statements (`ready()` opens and migrates the file first). */
export function sessionRegistryMethods(ready: () => Statements): SessionRegistryMethods {
  return {
    async listSessions(userId) {
      if (typeof userId !== "string") return []
      return ready().selectUserSessions.all(userId, Date.now()).map(rowToRegisteredSession)
    },

    async deleteUserSessions(userId, exceptSessionToken) {
      if (typeof userId !== "string") return 0
      const except = typeof exceptSessionToken === "string" ? exceptSessionToken : null
      const deleted = ready().deleteUserSessions.all({ userId, except })
      // Expired sessions are deleted too, but only the live ones count: the sessions the user could see listed.
      const now = Date.now()
      return deleted.filter((row) => row.expires > now).length
    },

    async setSessionsNotBefore(userId, at) {
      if (typeof userId !== "string") throw new TypeError(`setSessionsNotBefore: userId must be a string (got ${typeof userId}).`)
      if (!(at instanceof Date) || Number.isNaN(at.getTime())) throw new TypeError(`setSessionsNotBefore: at must be a valid Date (got ${String(at)}).`)
      ready().setSessionsNotBefore.run({ userId, at: at.getTime() })
    },

    async getSessionsNotBefore(userId) {
      if (typeof userId !== "string") return null
      const row = ready().selectSessionsNotBefore.get(userId)
      return row ? new Date(row.not_before) : null
    },
  }
}

/** The metadata columns of a new session: each absent field (an Auth.js caller gives none) is NULL. */
export function metadataColumns(session: Partial<SessionMetadata>): Pick<SessionRow, "created_at" | "last_active_at" | "user_agent" | "ip"> {
  return {
    created_at: optionalMillis(session.createdAt, "createdAt", "createSession"),
    last_active_at: optionalMillis(session.lastActiveAt, "lastActiveAt", "createSession"),
    user_agent: optionalText(session.userAgent, "userAgent"),
    ip: optionalText(session.ip, "ip"),
  }
}

/** A metadata date as milliseconds, or NULL; anything but a valid `Date` is refused with the method's name. */
export function optionalMillis(value: unknown, field: string, method: string): number | null {
  if (value === undefined || value === null) return null
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new TypeError(`${method}: ${field} must be a valid Date or null (got ${String(value)}).`)
  }
  return value.getTime()
}

function optionalText(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null
  if (typeof value !== "string") throw new TypeError(`createSession: ${field} must be a string or null (got ${typeof value}).`)
  return value
}
