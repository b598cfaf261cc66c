/**
 * Gatehouse's session registry on Redis (core's optional adapter methods, docs/sessions.md): a session's metadata key
 * (beside its record, with the same TTL) keeps the metadata of its sign-in (`createdAt`, `lastActiveAt`, `userAgent`,
 * `ip`), the user's sessions are listed from
 * the sessions-by-user set, all of them but one are deleted by one script, and the user's latest revocation time is a
 * key of its own (RT-12). Expiry is Redis's own: a session
 * past its `expires` has no key any more, and its token leaves the set when the set is next read.
 */
import type { RegisteredSession, SessionMetadata } from "@gatehousejs/core/adapters"
import { decodeMetadata, decodeSession, registeredSession } from "./codec.js"
import { RedisAdapterError } from "./errors.js"
import type { Keys } from "./keys.js"
import { DELETE_USER_SESSIONS, LIST_SESSIONS, SET_NOT_BEFORE, type Script } from "./scripts.js"

type Run = (s: Script, keys: string[], args: (string | number)[]) => Promise<unknown>

/** The four methods (their doc comments are on `RedisAdapterInstance`). */
interface SessionRegistryMethods {
  listSessions(userId: string): Promise<RegisteredSession[]>
  deleteUserSessions(userId: string, exceptSessionToken?: string): Promise<number>
  setSessionsNotBefore(userId: string, at: Date): Promise<void>
  getSessionsNotBefore(userId: string): Promise<Date | null>
}

/** The session-registry methods on the adapter's key layout, running scripts with `run` and plain reads with `get`. */
export function sessionRegistryMethods(keys: Keys, run: Run, get: (key: string) => Promise<string | null>): SessionRegistryMethods {
  return {
    async listSessions(userId) {
      if (typeof userId !== "string") return []
      const reply = await run(LIST_SESSIONS, [keys.sessionsByUser(userId)], [keys.stems.session, userId, keys.stems.sessionMetadata])
      const sessions: RegisteredSession[] = []
      // Pairs: a session's JSON, then its metadata's (nil when none is known).
      for (let i = 0; Array.isArray(reply) && i < reply.length; i += 2) {
        const [session, metadata] = [reply[i] as unknown, reply[i + 1] as unknown]
        if (typeof session !== "string") continue
        sessions.push(registeredSession(decodeSession(session), decodeMetadata(typeof metadata === "string" ? metadata : null)))
      }
      return sessions.sort(newestFirst)
    },

    async deleteUserSessions(userId, exceptSessionToken) {
      if (typeof userId !== "string") return 0
      const except = typeof exceptSessionToken === "string" ? ["1", exceptSessionToken] : ["0", ""]
      const reply = await run(DELETE_USER_SESSIONS, [keys.sessionsByUser(userId)], [keys.stems.session, userId, ...except, keys.stems.sessionMetadata])
      return typeof reply === "number" ? reply : 0
    },

    async setSessionsNotBefore(userId, at) {
      if (typeof userId !== "string") throw new TypeError(`setSessionsNotBefore: userId must be a string (got ${typeof userId}).`)
      if (!(at instanceof Date) || Number.isNaN(at.getTime())) throw new TypeError(`setSessionsNotBefore: at must be a valid Date (got ${String(at)}).`)
      await run(SET_NOT_BEFORE, [keys.sessionsNotBefore(userId)], [at.getTime()])
    },

    async getSessionsNotBefore(userId) {
      if (typeof userId !== "string") return null
      return notBeforeOf(await get(keys.sessionsNotBefore(userId)), "RedisAdapter")
    },
  }
}

/** A stored not-before time as a Date; a value that is no number of milliseconds is refused, never read as "none". */
export function notBeforeOf(stored: string | null, store: string): Date | null {
  if (stored === null) return null
  const at = new Date(Number(stored))
  if (stored === "" || Number.isNaN(at.getTime())) throw new RedisAdapterError("CorruptValue", `${store}: a stored not-before time is not a number of milliseconds.`)
  return at
}

/** The order of the SQL adapters: `createdAt` descending, unknown last, then by token so the order is stable. */
function newestFirst(a: RegisteredSession, b: RegisteredSession): number {
  const [at, bt] = [a.createdAt?.getTime() ?? -Infinity, b.createdAt?.getTime() ?? -Infinity]
  if (at !== bt) return bt > at ? 1 : -1
  return a.sessionToken < b.sessionToken ? -1 : a.sessionToken > b.sessionToken ? 1 : 0
}

/**
 * The metadata of a new session, checked before it is stored: dates valid `Date`s, texts strings, each `null` when
 * absent (an Auth.js caller gives none).
 */
export function checkedMetadata(session: Partial<SessionMetadata>): SessionMetadata {
  return {
    createdAt: optionalDate(session.createdAt, "createdAt", "createSession"),
    lastActiveAt: optionalDate(session.lastActiveAt, "lastActiveAt", "createSession"),
    userAgent: optionalText(session.userAgent, "userAgent"),
    ip: optionalText(session.ip, "ip"),
  }
}

/** A metadata date, or `null`; anything but a valid `Date` is refused with the method's name. */
export function optionalDate(value: unknown, field: string, method: string): Date | null {
  if (value === undefined || value === null) return null
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new TypeError(`${method}: ${field} must be a valid Date or null (got ${String(value)}).`)
  }
  return value
}

function optionalText(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null
  if (typeof value !== "string") throw new TypeError(`createSession: ${field} must be a string or null (got ${typeof value}).`)
  return value
}
