/**
 * The session registry: the record of every signed-in browser of a user, so that sessions can be listed and revoked.
 * Database strategy: the adapter's session rows. JWT strategy: the adapter's rows too when it has the registry methods,
 * else the `sessionStore` option, used as it is; without either there is no registry, and listing and revoking say
 * they need one. Either way the engine talks to a `SessionStore`: the adapter is seen through one.
 */
import type { Adapter, RegisteredSession } from "../adapters.js"
import type { SessionStore } from "./store.js"

export interface SessionRegistry extends SessionStore {
  /**
   * False when the registry cannot hold sessions of this user: JWT sessions in an adapter's rows need the user in its
   * users table (a credentials user from elsewhere is not). Asked once, at sign-in; absent (a store): always true.
   */
  holds?(userId: string): Promise<boolean>
}

/** The registry a configuration has, or `undefined` (an Auth.js adapter without the methods; JWT without a store). */
export function sessionRegistryOf(adapter: Adapter | undefined, store: SessionStore | undefined): SessionRegistry | undefined {
  if (keepsSessionMetadata(adapter)) return adapterRegistry(adapter!)
  return store
}

/**
 * True when the adapter keeps session metadata: only then is it given to `createSession` (Auth.js adapters may refuse
 * unknown fields). `listSessions` and `deleteUserSessions` make the rows a registry; an adapter from before the
 * not-before pair still is one, and its cookies without a record id are refused instead (jwt-gate.ts).
 */
export function keepsSessionMetadata(adapter: Adapter | undefined): boolean {
  return adapter !== undefined && typeof adapter.listSessions === "function" && typeof adapter.deleteUserSessions === "function"
}

/** The adapter's session rows as a `SessionStore`. */
function adapterRegistry(adapter: Adapter): SessionRegistry {
  return {
    async holds(userId) {
      return adapter.getUser ? (await adapter.getUser(userId)) !== null : true
    },
    async createSession(session) {
      await adapter.createSession!(session)
    },
    async getSession(sessionToken) {
      const found = await adapter.getSessionAndUser!(sessionToken)
      return found ? withMetadata(found.session) : null
    },
    async updateSession(sessionToken, changes) {
      await adapter.updateSession!({ sessionToken, ...changes })
    },
    async listSessions(userId) {
      return (await adapter.listSessions!(userId)).map(withMetadata)
    },
    async deleteSession(sessionToken) {
      return Boolean(await adapter.deleteSession!(sessionToken))
    },
    async deleteUserSessions(userId, exceptSessionToken) {
      return adapter.deleteUserSessions!(userId, exceptSessionToken)
    },
    ...(adapter.setSessionsNotBefore && adapter.getSessionsNotBefore ? notBeforeOf(adapter) : {}),
  }
}

/** The adapter's not-before pair, when it has both. */
function notBeforeOf(adapter: Adapter): Pick<SessionRegistry, "setSessionsNotBefore" | "getSessionsNotBefore"> {
  return {
    async setSessionsNotBefore(userId, at) {
      await adapter.setSessionsNotBefore!(userId, at)
    },
    async getSessionsNotBefore(userId) {
      return (await adapter.getSessionsNotBefore!(userId)) ?? null
    },
  }
}

/** A session row as read, with `null` for metadata the store does not have. */
export function withMetadata(session: Partial<RegisteredSession> & Pick<RegisteredSession, "sessionToken" | "userId" | "expires">): RegisteredSession {
  return {
    sessionToken: session.sessionToken,
    userId: session.userId,
    expires: session.expires,
    createdAt: session.createdAt ?? null,
    lastActiveAt: session.lastActiveAt ?? null,
    userAgent: session.userAgent ?? null,
    ip: session.ip ?? null,
  }
}
