/**
 * A session row as adapters store it: Auth.js's three fields, and what Gatehouse's session registry adds. Declared
 * apart from adapters.ts (which re-exports them) so that the stores' input checks (session-registry/store-input.ts),
 * which adapters.ts re-exports, need nothing that needs them.
 */

export interface AdapterSession {
  sessionToken: string
  userId: string
  expires: Date
}

/**
 * What Gatehouse's session registry (docs/sessions.md) records about a session besides Auth.js's three fields. Adapters
 * with `listSessions` store these when `createSession` and `updateSession` are given them and return them from
 * `getSessionAndUser` and `listSessions`; `null` where unknown (rows from before the registry).
 */
export interface SessionMetadata {
  /** When the user signed in. */
  createdAt: Date | null
  /** The last time the session was seen, written at most once per `updateAge`. */
  lastActiveAt: Date | null
  /** The `User-Agent` header of the sign-in, at most 512 characters. */
  userAgent: string | null
  /** The client address of the sign-in. */
  ip: string | null
}

/** A session as the registry methods read and write it. */
export interface RegisteredSession extends AdapterSession, SessionMetadata {}
