/**
 * `@gatehousejs/pg-adapter`: the Auth.js adapter interface on PostgreSQL through `pg`.
 *
 * Compared with `@auth/pg-adapter`: string ids, foreign keys that cascade and a unique key per account (so a
 * duplicated callback cannot create a second account), the session check in one round trip (a JOIN, as a named
 * prepared statement), `deleteUser` in one transaction, every WebAuthn method, Gatehouse's provider token refresh
 * (`token-refresh.ts`), session registry (`session-registry.ts`) and password records (`passwords.ts`), and `migrate()`.
 *
 * @example
 * import pg from "pg"
 * import { PostgresAdapter } from "@gatehousejs/pg-adapter"
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
 * const adapter = PostgresAdapter(pool)
 * await adapter.migrate()
 * Gatehouse({ adapter, providers: [...] })
 */
import type { AdapterSession, AdapterUser } from "@gatehousejs/core"
import type { Pool } from "pg"
import { FOREIGN_KEY_VIOLATION, PostgresAdapterError, UNIQUE_VIOLATION, constraint, sqlState } from "./errors.js"
import type { PostgresAdapterInstance } from "./instance.js"
import { migrate } from "./migrate.js"
import { passwordMethods } from "./passwords.js"
import {
  toAccount,
  toAuthenticator,
  toSession,
  toSessionAndUser,
  toUser,
  toVerificationToken,
  type AccountRow,
  type AuthenticatorRow,
  type SessionAndUserRow,
  type SessionRow,
  type UserRow,
  type VerificationTokenRow,
} from "./rows.js"
import { lastActiveAtValue, metadataValues, sessionRegistryMethods } from "./session-registry.js"
import { UPDATABLE_USER_COLUMNS, buildStatements } from "./statements.js"
import { tokenRefreshMethods } from "./token-refresh.js"
import { transaction } from "./transaction.js"
import { findable, storedEmail } from "./values.js"

export { PostgresAdapterError, type PostgresAdapterErrorCode } from "./errors.js"
export type { PostgresAdapterInstance } from "./instance.js"
export { SCHEMA_SQL } from "./schema.js"
export { PostgresRateLimitStore, type PostgresRateLimitStoreInstance, type PostgresRateLimitStoreOptions } from "./rate-limit-store.js"
export { PostgresSessionStore, type PostgresSessionStoreInstance, type PostgresSessionStoreOptions } from "./session-store.js"

export interface PostgresAdapterOptions {
  /** The PostgreSQL schema that holds the tables. Every statement names it explicitly. Default `public`. */
  schema?: string
}

/**
 * The Gatehouse (and Auth.js) adapter for PostgreSQL. Takes a `pg.Pool`; the pool stays yours to configure and to end.
 * Run `migrate()` once at start-up, or apply the package's `schema.sql` yourself.
 *
 * @example
 * const adapter = PostgresAdapter(pool, { schema: "auth" })
 * await adapter.migrate()
 */
export function PostgresAdapter(pool: Pool, options: PostgresAdapterOptions = {}): PostgresAdapterInstance {
  const schema = options.schema ?? "public"
  const sql = buildStatements(schema)

  async function userById(id: string): Promise<AdapterUser | null> {
    if (!findable(id)) return null
    const { rows } = await pool.query<UserRow>({ ...sql.getUser, values: [id] })
    return rows[0] ? toUser(rows[0]) : null
  }

  // A plain object of own functions: Gatehouse core wraps adapters by their own enumerable keys.
  return {
    async createUser(user) {
      try {
        const values = [user.id ?? null, user.name ?? null, storedEmail(user.email), user.emailVerified ?? null, user.image ?? null]
        const { rows } = await pool.query<UserRow>(sql.createUser, values)
        return toUser(rows[0]!)
      } catch (error) {
        if (sqlState(error) === UNIQUE_VIOLATION) {
          const duplicateId = constraint(error)?.endsWith("_pkey") === true
          throw duplicateId
            ? new PostgresAdapterError("UserAlreadyExists", "createUser: a user with this id already exists.", { cause: error })
            : new PostgresAdapterError("EmailAlreadyUsed", "createUser: another user has this e-mail address.", { cause: error })
        }
        throw error
      }
    },

    getUser: userById,

    async getUserByEmail(email) {
      if (!findable(email)) return null
      const { rows } = await pool.query<UserRow>({ ...sql.getUserByEmail, values: [email] })
      return rows[0] ? toUser(rows[0]) : null
    },

    async getUserByAccount({ provider, providerAccountId }) {
      if (!findable(provider) || !findable(providerAccountId)) return null
      const { rows } = await pool.query<UserRow>({ ...sql.getUserByAccount, values: [provider, providerAccountId] })
      return rows[0] ? toUser(rows[0]) : null
    },

    async updateUser(user) {
      // Only the fields present are written (a present null clears a field); one statement, so no read-modify-write race.
      const assignments: string[] = []
      const values: unknown[] = [user.id]
      for (const [field, column] of Object.entries(UPDATABLE_USER_COLUMNS)) {
        const value = user[field as keyof typeof UPDATABLE_USER_COLUMNS]
        if (value === undefined) continue
        values.push(field === "email" ? storedEmail(value as string | null) : value)
        assignments.push(`${column} = $${values.length}`)
      }
      let updated: AdapterUser | null
      try {
        if (assignments.length === 0) updated = await userById(user.id)
        else {
          const { rows } = await pool.query<UserRow>(sql.updateUser(assignments.join(", ")), values)
          updated = rows[0] ? toUser(rows[0]) : null
        }
      } catch (error) {
        if (sqlState(error) === UNIQUE_VIOLATION) {
          throw new PostgresAdapterError("EmailAlreadyUsed", "updateUser: another user has this e-mail address.", { cause: error })
        }
        throw error
      }
      if (!updated) throw new PostgresAdapterError("UserNotFound", "updateUser: no user has this id.")
      return updated
    },

    async deleteUser(userId) {
      if (!findable(userId)) return null
      // The foreign keys cascade too; the explicit deletes keep a schema without them (an older one) consistent, and
      // the transaction makes the four deletes one unit: a failure leaves the user, their sessions and accounts intact.
      return transaction(pool, async (client) => {
        await client.query(sql.deleteUser.sessions, [userId])
        await client.query(sql.deleteUser.accounts, [userId])
        await client.query(sql.deleteUser.authenticators, [userId])
        const { rows } = await client.query<UserRow>(sql.deleteUser.user, [userId])
        return rows[0] ? toUser(rows[0]) : null
      })
    },

    async linkAccount(account) {
      const expiresAt = typeof account.expires_at === "number" ? Math.floor(account.expires_at) : null
      const values = [
        account.userId,
        account.type,
        account.provider,
        account.providerAccountId,
        account.refresh_token ?? null,
        account.access_token ?? null,
        expiresAt,
        account.token_type ?? null,
        account.scope ?? null,
        account.id_token ?? null,
        account.session_state ?? null,
      ]
      try {
        const { rows } = await pool.query<AccountRow>(sql.linkAccount, values)
        return toAccount(rows[0]!)
      } catch (error) {
        const state = sqlState(error)
        if (state === UNIQUE_VIOLATION) {
          throw new PostgresAdapterError(
            "AccountAlreadyLinked",
            `linkAccount: this ${account.provider} account is already linked to a user; nothing was written.`,
            { cause: error },
          )
        }
        if (state === FOREIGN_KEY_VIOLATION) {
          throw new PostgresAdapterError("UserNotFound", "linkAccount: the account's userId names no user; nothing was written.", { cause: error })
        }
        throw error
      }
    },

    async unlinkAccount({ provider, providerAccountId }) {
      if (!findable(provider) || !findable(providerAccountId)) return undefined
      const { rows } = await pool.query<AccountRow>(sql.unlinkAccount, [provider, providerAccountId])
      return rows[0] ? toAccount(rows[0]) : undefined
    },

    async getAccount(providerAccountId, provider) {
      if (!findable(provider) || !findable(providerAccountId)) return null
      const { rows } = await pool.query<AccountRow>(sql.getAccount, [provider, providerAccountId])
      return rows[0] ? toAccount(rows[0]) : null
    },

    async createSession(session) {
      const { sessionToken, userId, expires } = session
      const values = [sessionToken, userId, expires, ...metadataValues(session)]
      try {
        const { rows } = await pool.query<SessionRow>({ ...sql.createSession, values })
        return toSession(rows[0]!)
      } catch (error) {
        if (sqlState(error) === FOREIGN_KEY_VIOLATION) {
          throw new PostgresAdapterError("UserNotFound", "createSession: userId names no user.", { cause: error })
        }
        throw error
      }
    },

    async getSessionAndUser(sessionToken) {
      if (!findable(sessionToken)) return null
      const { rows } = await pool.query<SessionAndUserRow>({ ...sql.getSessionAndUser, values: [sessionToken] })
      return rows[0] ? toSessionAndUser(rows[0]) : null
    },

    async updateSession({ sessionToken, expires, userId, lastActiveAt }) {
      const lastActive = lastActiveAtValue(lastActiveAt)
      if (!findable(sessionToken)) return null
      const values = [sessionToken, expires ?? null, userId ?? null, lastActive]
      const { rows } = await pool.query<SessionRow>({ ...sql.updateSession, values })
      return rows[0] ? toSession(rows[0]) : null
    },

    async deleteSession(sessionToken) {
      if (!findable(sessionToken)) return null
      const { rows } = await pool.query<AdapterSession>({ ...sql.deleteSession, values: [sessionToken] })
      return rows[0] ? toSession(rows[0]) : null
    },

    async createVerificationToken({ identifier, token, expires }) {
      const { rows } = await pool.query<VerificationTokenRow>(sql.createVerificationToken, [identifier, token, expires])
      return toVerificationToken(rows[0]!)
    },

    async useVerificationToken({ identifier, token }) {
      // Both halves of the key must match (GHSA-pg53-56cg-4m8q, CVE-2022-39263); DELETE … RETURNING makes it single use.
      if (!findable(identifier) || !findable(token)) return null
      const { rows } = await pool.query<VerificationTokenRow>({ ...sql.useVerificationToken, values: [identifier, token] })
      return rows[0] ? toVerificationToken(rows[0]) : null
    },

    async createAuthenticator(authenticator) {
      const values = [
        authenticator.credentialID,
        authenticator.userId,
        authenticator.providerAccountId,
        authenticator.credentialPublicKey,
        authenticator.counter,
        authenticator.credentialDeviceType,
        authenticator.credentialBackedUp,
        authenticator.transports ?? null,
      ]
      try {
        const { rows } = await pool.query<AuthenticatorRow>(sql.createAuthenticator, values)
        return toAuthenticator(rows[0]!)
      } catch (error) {
        const state = sqlState(error)
        if (state === UNIQUE_VIOLATION) {
          throw new PostgresAdapterError("AuthenticatorAlreadyExists", "createAuthenticator: this credential id is already registered.", { cause: error })
        }
        if (state === FOREIGN_KEY_VIOLATION) {
          throw new PostgresAdapterError("UserNotFound", "createAuthenticator: userId names no user.", { cause: error })
        }
        throw error
      }
    },

    async getAuthenticator(credentialID) {
      if (!findable(credentialID)) return null
      const { rows } = await pool.query<AuthenticatorRow>({ ...sql.getAuthenticator, values: [credentialID] })
      return rows[0] ? toAuthenticator(rows[0]) : null
    },

    async listAuthenticatorsByUserId(userId) {
      if (!findable(userId)) return []
      const { rows } = await pool.query<AuthenticatorRow>(sql.listAuthenticatorsByUserId, [userId])
      return rows.map(toAuthenticator)
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      const rows = findable(credentialID)
        ? (await pool.query<AuthenticatorRow>({ ...sql.updateAuthenticatorCounter, values: [credentialID, newCounter] })).rows
        : []
      if (!rows[0]) throw new PostgresAdapterError("AuthenticatorNotFound", "updateAuthenticatorCounter: no authenticator has this credential id.")
      return toAuthenticator(rows[0])
    },

    ...tokenRefreshMethods(pool, sql.tokenRefresh),
    ...sessionRegistryMethods(pool, sql.sessionRegistry),
    ...passwordMethods(pool, sql.passwords),

    migrate: () => migrate(pool, schema, sql.schema),
  }
}

export default PostgresAdapter
