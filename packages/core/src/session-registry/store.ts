/** Where the JWT strategy's session registry lives without an adapter: the `sessionStore` option. */
import type { RegisteredSession } from "../adapters.js"

/**
 * A session store for the JWT strategy (`session.store`): one record per signed-in browser, keyed by the session id
 * the token carries. Revoking a session deletes its record; a token whose record is gone is no longer a session.
 * `@gatehousejs/pg-adapter`, `redis-adapter` and `sqlite-adapter` each export one. Every method is one round trip.
 */
export interface SessionStore {
  /** Records a new session (its `sessionToken` is the session id in the JWT). */
  createSession(session: RegisteredSession): Promise<void>
  /** The session, or `null` when it does not exist or has expired. */
  getSession(sessionToken: string): Promise<RegisteredSession | null>
  /** Moves `expires` and `lastActiveAt`; nothing when the session is gone. */
  updateSession(sessionToken: string, changes: { expires: Date; lastActiveAt: Date }): Promise<void>
  /** Every unexpired session of the user, newest `createdAt` first. */
  listSessions(userId: string): Promise<RegisteredSession[]>
  /** Deletes one session; true when it existed. */
  deleteSession(sessionToken: string): Promise<boolean>
  /** Deletes every session of the user but `exceptSessionToken` (when given), atomically; how many were deleted. */
  deleteUserSessions(userId: string, exceptSessionToken?: string): Promise<number>
  /**
   * Records the user's latest revocation (every revocation calls it): a cookie without a session id (from before the
   * registry, or next-auth v4) issued at or before `at` signs in no more. Never moves the stored time back.
   * Optional for stores written before it: without this pair, such cookies are refused outright (docs/sessions.md).
   */
  setSessionsNotBefore?(userId: string, at: Date): Promise<void>
  /** The time `setSessionsNotBefore` stored for the user, or `null` when none was. */
  getSessionsNotBefore?(userId: string): Promise<Date | null>
}
