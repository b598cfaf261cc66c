/**
 * A reference adapter in memory, to prove the suite passes against a correct implementation. Every value going in or
 * out is a copy (`structuredClone` keeps `Date`s as `Date`s), so a caller mutating a result cannot change the store.
 * Each method does its work synchronously before its first `await`, which makes it atomic in a single process.
 */
import { randomUUID } from "node:crypto"
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@gatehousejs/core"
import type { AdapterPassword } from "@gatehousejs/core/adapters"
import type { StoreReader } from "../src/types.js"

export interface MemoryStore {
  users: Map<string, AdapterUser>
  accounts: Map<string, AdapterAccount>
  sessions: Map<string, AdapterSession>
  verificationTokens: Map<string, VerificationToken>
  authenticators: Map<string, AdapterAuthenticator>
  /** Gatehouse's password records, by user id (the optional password methods). */
  passwords: Map<string, AdapterPassword>
}

const accountKey = (key: { provider: string; providerAccountId: string }): string =>
  JSON.stringify([key.provider, key.providerAccountId])
const tokenKey = (key: { identifier: string; token: string }): string => JSON.stringify([key.identifier, key.token])
const copy = <T>(value: T): T => structuredClone(value)
const copyOrNull = <T>(value: T | undefined): T | null => (value === undefined ? null : copy(value))

export function createMemoryStore(): MemoryStore {
  return {
    users: new Map(),
    accounts: new Map(),
    sessions: new Map(),
    verificationTokens: new Map(),
    authenticators: new Map(),
    passwords: new Map(),
  }
}

/** The adapter over `store`; user ids are new UUIDs (the id core passes in is ignored, as adapters may). */
export function MemoryAdapter(store: MemoryStore): Adapter {
  const { users, accounts, sessions, verificationTokens, authenticators, passwords } = store
  return {
    async createUser(user) {
      const created = { ...copy(user), id: randomUUID() }
      users.set(created.id, created)
      return copy(created)
    },
    async getUser(id) {
      return copyOrNull(users.get(id))
    },
    async getUserByEmail(email) {
      return copyOrNull([...users.values()].find((user) => user.email === email))
    },
    async getUserByAccount(key) {
      const account = accounts.get(accountKey(key))
      return account ? copyOrNull(users.get(account.userId)) : null
    },
    async updateUser(user) {
      const existing = users.get(user.id)
      if (!existing) throw new Error(`No user with id ${user.id}.`)
      const updated = { ...existing, ...copy(user) }
      users.set(user.id, updated)
      return copy(updated)
    },
    async deleteUser(userId) {
      const user = users.get(userId)
      users.delete(userId)
      for (const [token, session] of sessions) if (session.userId === userId) sessions.delete(token)
      for (const [key, account] of accounts) if (account.userId === userId) accounts.delete(key)
      for (const [id, authenticator] of authenticators) if (authenticator.userId === userId) authenticators.delete(id)
      passwords.delete(userId)
      return copyOrNull(user)
    },
    async linkAccount(account) {
      const key = accountKey(account)
      if (accounts.has(key)) throw new Error(`Account ${key} is already linked.`)
      accounts.set(key, copy(account))
      return copy(account)
    },
    async unlinkAccount(key) {
      const account = accounts.get(accountKey(key))
      accounts.delete(accountKey(key))
      return account ? copy(account) : undefined
    },
    async getAccount(providerAccountId, provider) {
      return copyOrNull(accounts.get(accountKey({ provider, providerAccountId })))
    },
    async createSession(session) {
      sessions.set(session.sessionToken, copy(session))
      return copy(session)
    },
    async getSessionAndUser(sessionToken) {
      const session = sessions.get(sessionToken)
      const user = session ? users.get(session.userId) : undefined
      return session && user ? { session: copy(session), user: copy(user) } : null
    },
    async updateSession(session) {
      const existing = sessions.get(session.sessionToken)
      if (!existing) return null
      const updated = { ...existing, ...copy(session) }
      sessions.set(session.sessionToken, updated)
      return copy(updated)
    },
    async deleteSession(sessionToken) {
      const session = sessions.get(sessionToken)
      sessions.delete(sessionToken)
      return copyOrNull(session)
    },
    async createVerificationToken(verificationToken) {
      verificationTokens.set(tokenKey(verificationToken), copy(verificationToken))
      return copy(verificationToken)
    },
    async useVerificationToken(key) {
      const found = verificationTokens.get(tokenKey(key))
      verificationTokens.delete(tokenKey(key))
      return copyOrNull(found)
    },
    async createAuthenticator(authenticator) {
      if (authenticators.has(authenticator.credentialID)) throw new Error("Credential ID already registered.")
      authenticators.set(authenticator.credentialID, copy(authenticator))
      return copy(authenticator)
    },
    async getAuthenticator(credentialID) {
      return copyOrNull(authenticators.get(credentialID))
    },
    // Newest registration first, as Auth.js's suite expects: a Map keeps insertion order, and a counter update keeps
    // the entry's place.
    async listAuthenticatorsByUserId(userId) {
      return [...authenticators.values()].filter((found) => found.userId === userId).map(copy).reverse()
    },
    async updateAuthenticatorCounter(credentialID, counter) {
      const existing = authenticators.get(credentialID)
      if (!existing) throw new Error(`No authenticator with credential ID ${credentialID}.`)
      const updated = { ...existing, counter }
      authenticators.set(credentialID, updated)
      return copy(updated)
    },
    async getUserPassword(userId) {
      return copyOrNull(passwords.get(userId))
    },
    async setUserPassword(userId, password) {
      if (password === null) passwords.delete(userId)
      else if (!users.has(userId)) throw new Error(`No user with id ${userId}.`)
      else passwords.set(userId, copy(password))
    },
  }
}

/** Direct reads of `store`, bypassing the adapter. */
export function memoryStoreReader(store: MemoryStore): StoreReader {
  return {
    user: async (id) => copyOrNull(store.users.get(id)),
    account: async (key) => copyOrNull(store.accounts.get(accountKey(key))),
    session: async (sessionToken) => copyOrNull(store.sessions.get(sessionToken)),
    verificationToken: async (key) => copyOrNull(store.verificationTokens.get(tokenKey(key))),
    authenticator: async (credentialID) => copyOrNull(store.authenticators.get(credentialID)),
    password: async (userId) => copyOrNull(store.passwords.get(userId)),
  }
}
