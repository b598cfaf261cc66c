/**
 * Deliberately broken variants of the in-memory adapter, each with a bug real adapters have had, and the suite tests
 * that must catch it. `suite-catches-bugs.test.ts` runs the suite on every mutant and checks those tests fail, which
 * proves the suite is not vacuous.
 */
import type { Adapter, AdapterUser } from "@gatehousejs/core"
import type { MemoryStore } from "../memory-adapter.js"

export interface Mutant {
  /** What is wrong, shown in the suite's describe name. */
  bug: string
  mutate(adapter: Adapter, store: MemoryStore): Adapter
  /** Names of the suite tests that must fail on this mutant. */
  caughtBy: string[]
}

const tokenKey = (key: { identifier: string; token: string }): string => JSON.stringify([key.identifier, key.token])
const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1))

export const MUTANTS: Mutant[] = [
  {
    bug: "useVerificationToken does not delete the token",
    mutate: (adapter, store) => ({
      ...adapter,
      async useVerificationToken(key) {
        return structuredClone(store.verificationTokens.get(tokenKey(key)) ?? null)
      },
    }),
    caughtBy: [
      "useVerificationToken returns the token and deletes it",
      "useVerificationToken a second time returns null",
    ],
  },
  {
    bug: "useVerificationToken matches the token only, not the identifier",
    mutate: (adapter, store) => ({
      ...adapter,
      async useVerificationToken({ token }) {
        for (const [key, found] of store.verificationTokens) {
          if (found.token !== token) continue
          store.verificationTokens.delete(key)
          return structuredClone(found)
        }
        return null
      },
    }),
    caughtBy: ["useVerificationToken with another identifier returns null and does not consume the token (DB-01)"],
  },
  {
    bug: "useVerificationToken reads, then deletes after an await (not atomic)",
    mutate: (adapter, store) => ({
      ...adapter,
      async useVerificationToken(key) {
        const found = store.verificationTokens.get(tokenKey(key))
        await tick()
        store.verificationTokens.delete(tokenKey(key))
        return structuredClone(found ?? null)
      },
    }),
    caughtBy: ["two concurrent useVerificationToken calls for the same token: exactly one gets it, 20 rounds (DB-02)"],
  },
  {
    bug: "deleteUser leaves the user's sessions",
    mutate: (adapter, store) => ({
      ...adapter,
      async deleteUser(userId) {
        store.users.delete(userId)
        for (const [key, account] of store.accounts) if (account.userId === userId) store.accounts.delete(key)
      },
      // Reads the session without checking the user, as a store without joins might.
      async getSessionAndUser(sessionToken) {
        const session = store.sessions.get(sessionToken)
        if (!session) return null
        const user = store.users.get(session.userId) ?? { id: session.userId, email: "", emailVerified: null }
        return structuredClone({ session, user })
      },
    }),
    caughtBy: [
      "deleteUser removes the user, their sessions and their accounts",
      "deleteUser makes the user's sessions unreadable through getSessionAndUser (DB-06)",
    ],
  },
  {
    bug: "updateSession upserts (a key-value SET without an existence check)",
    mutate: (adapter, store) => ({
      ...adapter,
      async updateSession(session) {
        const existing = store.sessions.get(session.sessionToken)
        const updated = { userId: "", expires: new Date(), ...existing, ...structuredClone(session) }
        store.sessions.set(session.sessionToken, updated)
        return structuredClone(updated)
      },
    }),
    caughtBy: [
      "updateSession for an unknown session token returns nothing, does not throw and stores nothing",
      "updateSession after deleteSession does not bring the session back",
      "concurrent getSessionAndUser, updateSession and deleteSession never bring a deleted session back, 20 rounds",
    ],
  },
  {
    bug: "dates come back as ISO strings (a JSON store without revival)",
    mutate: (adapter, store) => ({
      ...adapter,
      async getUser(id) {
        const user = store.users.get(id)
        return user ? (JSON.parse(JSON.stringify(user)) as typeof user) : null
      },
    }),
    caughtBy: ["getUser returns the stored user"],
  },
  {
    bug: "linkAccount stores expires_at as a string",
    mutate: (adapter) => ({
      ...adapter,
      async linkAccount(account) {
        const stored = { ...account, expires_at: String(account.expires_at) as unknown as number }
        await adapter.linkAccount?.(stored)
      },
    }),
    caughtBy: ["linkAccount stores every token field in snake_case, with expires_at a number"],
  },
  {
    bug: "updateUser replaces the whole user instead of merging",
    mutate: (adapter, store) => ({
      ...adapter,
      async updateUser(user) {
        const replaced = { email: "", emailVerified: null, ...structuredClone(user) }
        store.users.set(user.id, replaced)
        return structuredClone(replaced)
      },
    }),
    caughtBy: ["updateUser changes the given fields, keeps the others and returns the whole user"],
  },
  {
    bug: "getUser throws for a malformed id",
    mutate: (adapter) => ({
      ...adapter,
      async getUser(id) {
        if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`invalid input syntax for type uuid: "${id}"`)
        return (await adapter.getUser?.(id)) ?? null
      },
    }),
    caughtBy: ["getUser returns null for a malformed id"],
  },
  {
    bug: "updateAuthenticatorCounter resolves for an unknown credential ID",
    mutate: (adapter, store) => ({
      ...adapter,
      async updateAuthenticatorCounter(credentialID, counter) {
        const existing = store.authenticators.get(credentialID)
        return structuredClone({ credentialID, userId: "", providerAccountId: "", credentialBackedUp: false,
          credentialPublicKey: "", credentialDeviceType: "singleDevice", ...existing, counter })
      },
    }),
    caughtBy: ["updateAuthenticatorCounter rejects for an unknown credential ID"],
  },
  {
    // Gatehouse's adapters before issue 25 item 3: the session registry's fields, null for an Auth.js caller.
    bug: "getSessionAndUser returns the session with its unknown metadata as null keys",
    mutate: (adapter) => ({
      ...adapter,
      async getSessionAndUser(sessionToken) {
        const found = (await adapter.getSessionAndUser?.(sessionToken)) ?? null
        return found && { ...found, session: { createdAt: null, lastActiveAt: null, userAgent: null, ip: null, ...found.session } }
      },
    }),
    caughtBy: [
      "Auth.js suite: createSession stores exactly the session given, and getSessionAndUser returns exactly { user, session } (toEqual)",
      "getSessionAndUser returns the session and its user",
    ],
  },
  {
    // Gatehouse's adapters before issue 25 item 3: their own columns in Auth.js's tables, read by `SELECT *`.
    bug: "the store keeps its own fields in Auth.js's session and account rows",
    mutate: (adapter, store) => ({
      ...adapter,
      async createSession(session) {
        const created = await adapter.createSession!(session)
        store.sessions.set(session.sessionToken, { ...store.sessions.get(session.sessionToken)!, created_at: null } as never)
        return created
      },
      async linkAccount(account) {
        await adapter.linkAccount!(account)
        store.accounts.set(JSON.stringify([account.provider, account.providerAccountId]), { ...account, refresh_failed: false } as never)
        return account
      },
    }),
    caughtBy: [
      "Auth.js suite: createSession stores exactly the session given, and getSessionAndUser returns exactly { user, session } (toEqual)",
      "Auth.js suite: linkAccount stores exactly the account given (toEqual)",
      "createSession stores the session and returns it",
      "linkAccount stores every token field in snake_case, with expires_at a number",
    ],
  },
  {
    bug: "deleteUser leaves the user's password record",
    mutate: (adapter, store) => ({
      ...adapter,
      async deleteUser(userId) {
        const kept = store.passwords.get(userId)
        const deleted = (await adapter.deleteUser!(userId)) as AdapterUser | null
        if (kept) store.passwords.set(userId, kept)
        return deleted
      },
    }),
    caughtBy: ["deleteUser deletes the user's password record"],
  },
  {
    // An upsert that writes COALESCE(new, old), or a Redis HSET that skips null fields.
    bug: "setUserPassword merges into the stored record: a null hash or reset token keeps the old one",
    mutate: (adapter, store) => ({
      ...adapter,
      async setUserPassword(userId, password) {
        const stored = store.passwords.get(userId)
        const merged = password && stored ? { hash: password.hash ?? stored.hash, resetToken: password.resetToken ?? stored.resetToken, updatedAt: password.updatedAt } : password
        await adapter.setUserPassword!(userId, merged)
      },
    }),
    caughtBy: ["setUserPassword replaces the whole record: a null reset token or hash clears the stored one"],
  },
  {
    bug: "getUserPassword returns updatedAt as an ISO string (a JSON store without revival)",
    mutate: (adapter) => ({
      ...adapter,
      async getUserPassword(userId) {
        const found = (await adapter.getUserPassword?.(userId)) ?? null
        return found && ({ ...found, updatedAt: found.updatedAt.toISOString() } as never)
      },
    }),
    caughtBy: ["setUserPassword stores the record; getUserPassword gives back the hash, the reset token and updatedAt as a Date; the user's row keeps only Auth.js's fields"],
  },
  {
    bug: "setUserPassword(userId, null) is ignored instead of deleting the record",
    mutate: (adapter) => ({
      ...adapter,
      async setUserPassword(userId, password) {
        if (password !== null) await adapter.setUserPassword!(userId, password)
      },
    }),
    caughtBy: ["setUserPassword(userId, null) deletes the record; deleting one that is gone changes nothing"],
  },
]
