/**
 * The session registry: the record of every signed-in browser of a user, so that sessions can be listed and revoked.
 * Database strategy: the adapter's session rows. JWT strategy: the adapter's rows too when it has the registry methods,
 * else the `sessionStore` option; without either there is no registry, and listing and revoking say they need one.
 */
import { sessionRegistryAdapterMethods, type Adapter, type RegisteredSession } from "../adapters.js"
import type { SessionStore } from "./store.js"

export interface SessionRegistry {
  /**
   * False when the registry cannot hold sessions of this user: JWT sessions in an adapter's rows need the user in its
   * users table (a credentials user from elsewhere is not). Asked once, at sign-in.
   */
  holds(userId: string): Promise<boolean>
  create(session: RegisteredSession): Promise<void>
  /** The session with its metadata, or `null` (JWT check: a revoked session's record is gone). */
  get(sessionToken: string): Promise<RegisteredSession | null>
  touch(sessionToken: string, changes: { expires: Date; lastActiveAt: Date }): Promise<void>
  list(userId: string): Promise<RegisteredSession[]>
  delete(sessionToken: string): Promise<void>
  deleteUser(userId: string, exceptSessionToken?: string): Promise<number>
}

/** The registry a configuration has, or `undefined` (an Auth.js adapter without the methods; JWT without a store). */
export function sessionRegistryOf(adapter: Adapter | undefined, store: SessionStore | undefined): SessionRegistry | undefined {
  if (adapter && sessionRegistryAdapterMethods.every((m) => typeof adapter[m] === "function")) return adapterRegistry(adapter)
  if (store) return storeRegistry(store)
  return undefined
}

/** True when the adapter keeps session metadata: only then is it given to `createSession` (Auth.js adapters may refuse unknown fields). */
export function keepsSessionMetadata(adapter: Adapter | undefined): boolean {
  return adapter !== undefined && sessionRegistryAdapterMethods.every((m) => typeof adapter[m] === "function")
}

function adapterRegistry(adapter: Adapter): SessionRegistry {
  return {
    async holds(userId) {
      return adapter.getUser ? (await adapter.getUser(userId)) !== null : true
    },
    async create(session) {
      await adapter.createSession!(session)
    },
    async get(sessionToken) {
      const found = await adapter.getSessionAndUser!(sessionToken)
      return found ? withMetadata(found.session) : null
    },
    async touch(sessionToken, changes) {
      await adapter.updateSession!({ sessionToken, ...changes })
    },
    async list(userId) {
      return (await adapter.listSessions!(userId)).map(withMetadata)
    },
    async delete(sessionToken) {
      await adapter.deleteSession!(sessionToken)
    },
    async deleteUser(userId, exceptSessionToken) {
      return adapter.deleteUserSessions!(userId, exceptSessionToken)
    },
  }
}

function storeRegistry(store: SessionStore): SessionRegistry {
  return {
    holds: async () => true,
    create: (session) => store.createSession(session),
    get: (sessionToken) => store.getSession(sessionToken),
    touch: (sessionToken, changes) => store.updateSession(sessionToken, changes),
    list: (userId) => store.listSessions(userId),
    delete: async (sessionToken) => {
      await store.deleteSession(sessionToken)
    },
    deleteUser: (userId, exceptSessionToken) => store.deleteUserSessions(userId, exceptSessionToken),
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
