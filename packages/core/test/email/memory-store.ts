/** A small in-memory adapter for the email tests: users, sessions and verification tokens, with a call log. */
import type { Adapter, AdapterSession, AdapterUser, VerificationToken } from "@gatehousejs/core"

export function memoryStore(): Adapter & { users: Map<string, AdapterUser>; tokens: Map<string, VerificationToken>; sessions: Map<string, AdapterSession>; calls: { method: string; args: unknown[] }[] } {
  const users = new Map<string, AdapterUser>()
  const tokens = new Map<string, VerificationToken>()
  const sessions = new Map<string, AdapterSession>()
  const calls: { method: string; args: unknown[] }[] = []
  const log = (method: string, args: unknown[]): void => void calls.push({ method, args })
  return {
    users,
    tokens,
    sessions,
    calls,
    createUser: (user) => (log("createUser", [user]), users.set(user.id, { ...user }), { ...user }),
    getUser: (id) => (log("getUser", [id]), users.get(id) ?? null),
    getUserByEmail: (email) => (log("getUserByEmail", [email]), [...users.values()].find((u) => u.email === email) ?? null),
    getUserByAccount: () => null,
    updateUser: (patch) => {
      log("updateUser", [patch])
      const user = { ...users.get(patch.id)!, ...patch }
      users.set(user.id, user)
      return user
    },
    linkAccount: (account) => (log("linkAccount", [account]), account),
    createSession: (session) => (log("createSession", [session]), sessions.set(session.sessionToken, { ...session }), session),
    getSessionAndUser: (token) => {
      const session = sessions.get(token)
      return session ? { session, user: users.get(session.userId)! } : null
    },
    updateSession: (patch) => {
      const session = sessions.get(patch.sessionToken)
      if (!session) return null
      Object.assign(session, patch)
      return session
    },
    deleteSession: (token) => void sessions.delete(token),
    createVerificationToken: (token) => (log("createVerificationToken", [token]), tokens.set(`${token.identifier}|${token.token}`, { ...token }), token),
    useVerificationToken: ({ identifier, token }) => {
      log("useVerificationToken", [{ identifier, token }])
      const key = `${identifier}|${token}`
      const found = tokens.get(key) ?? null
      tokens.delete(key)
      return found
    },
  }
}
