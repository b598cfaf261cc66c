/**
 * `@gatehousejs/sqlite-adapter`: the embedded default store of Gatehouse — the Auth.js models in one SQLite file next
 * to the app (better-sqlite3), with nothing to install or run.
 *
 * @example
 * import { Gatehouse } from "@gatehousejs/core"
 * import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
 *
 * export const { handlers, auth } = Gatehouse({ adapter: SqliteAdapter(), providers: [...] })
 */
import type Database from "better-sqlite3"
import { configureDatabase, openDatabase, resolveFilename } from "./connection.js"
import { SqliteAdapterError, translateConstraint } from "./errors.js"
import type { SqliteAdapterInstance } from "./instance.js"
import {
  accountToRow,
  authenticatorToRow,
  emailToColumn,
  rowToAccount,
  rowToAuthenticator,
  rowToSession,
  rowToUser,
  rowToVerificationToken,
  toMillis,
  userToRow,
} from "./rows.js"
import { passwordMethods } from "./passwords.js"
import { migrate } from "./schema.js"
import { metadataColumns, optionalMillis, sessionRegistryMethods } from "./session-registry.js"
import { prepareStatements, type Statements } from "./statements.js"
import { tokenRefreshMethods } from "./token-refresh.js"

export { SqliteAdapterError, type SqliteAdapterErrorCode } from "./errors.js"
export type { SqliteAdapterInstance } from "./instance.js"
export { OLDER_COLUMNS_SQL, SCHEMA } from "./schema.js"
export { SqliteRateLimitStore, type SqliteRateLimitStoreInstance, type SqliteRateLimitStoreOptions } from "./rate-limit-store.js"
export { SqliteSessionStore, type SqliteSessionStoreInstance, type SqliteSessionStoreOptions } from "./session-store.js"

export interface SqliteAdapterOptions {
  /**
   * The database file, relative to the working directory. Default `gatehouse.sqlite`; `":memory:"` for a database
   * that lives as long as the adapter (tests).
   */
  filename?: string
  /**
   * An open better-sqlite3 database to use instead of `filename` (shared with the application's own tables). The
   * adapter turns foreign keys and WAL on for it; `close()` leaves it open, as its owner is the application.
   */
  database?: Database.Database
}

/**
 * The SQLite adapter. Nothing touches the disk until the first call (so importing the auth config during a build
 * creates no file); then the file is opened, configured (WAL, foreign keys, busy timeout), migrated, and every
 * statement is prepared once for the life of the adapter.
 *
 * @example
 * SqliteAdapter()                          // ./gatehouse.sqlite, next to the app
 * SqliteAdapter({ filename: ":memory:" })  // tests
 * SqliteAdapter({ database: db })          // an application's own better-sqlite3 database
 */
export function SqliteAdapter(options: SqliteAdapterOptions = {}): SqliteAdapterInstance {
  const filename = options.database ? undefined : resolveFilename(options.filename)
  let db: Database.Database | undefined
  let statements: Statements | undefined
  let migrated = false
  let closed = false

  function connection(): Database.Database {
    if (closed) throw new SqliteAdapterError("Closed", "The SQLite adapter was closed.")
    if (!db) {
      const opened = options.database ?? openDatabase(filename!)
      configureDatabase(opened)
      db = opened
    }
    return db
  }

  function ready(): Statements {
    if (statements) return statements
    const database = connection()
    if (!migrated) migrate(database)
    migrated = true
    statements = prepareStatements(database)
    return statements
  }

  return {
    async createUser(user) {
      // Auth.js passes a generated id; an adapter-generated one covers callers that do not.
      const row = userToRow(user, user.id || crypto.randomUUID())
      const created = translateConstraint(() => ready().insertUser.get(row), {
        unique: ["EmailInUse", "Another user has this e-mail address (or this id)."],
      })
      return rowToUser(created!)
    },

    async getUser(id) {
      const row = ready().selectUser.get(id)
      return row ? rowToUser(row) : null
    },

    async getUserByEmail(email) {
      const row = ready().selectUserByEmail.get(email)
      return row ? rowToUser(row) : null
    },

    async getUserByAccount({ provider, providerAccountId }) {
      const row = ready().selectUserByAccount.get(provider, providerAccountId)
      return row ? rowToUser(row) : null
    },

    async updateUser(user) {
      const row = translateConstraint(
        () =>
          ready().updateUser.get({
            id: user.id,
            setName: user.name !== undefined ? 1 : 0,
            name: user.name ?? null,
            setEmail: user.email !== undefined ? 1 : 0,
            email: emailToColumn(user.email),
            setEmailVerified: user.emailVerified !== undefined ? 1 : 0,
            emailVerified: user.emailVerified ? toMillis(user.emailVerified, "emailVerified") : null,
            setImage: user.image !== undefined ? 1 : 0,
            image: user.image ?? null,
          }),
        { unique: ["EmailInUse", "Another user has this e-mail address."] },
      )
      if (!row) throw new SqliteAdapterError("UserNotFound", "updateUser: no user has this id.")
      return rowToUser(row)
    },

    async deleteUser(userId) {
      const row = ready().deleteUser(userId)
      return row ? rowToUser(row) : null
    },

    async linkAccount(account) {
      const row = translateConstraint(() => ready().insertAccount.get(accountToRow(account)), {
        unique: ["AccountAlreadyLinked", `This ${account.provider} account is already linked to a user.`],
        foreignKey: ["UserNotFound", "linkAccount: no user has this userId."],
      })
      return rowToAccount(row!)
    },

    async unlinkAccount({ provider, providerAccountId }) {
      const row = ready().deleteAccount.get(provider, providerAccountId)
      return row ? rowToAccount(row) : undefined
    },

    async createSession(session) {
      const { sessionToken, userId, expires } = session
      const columns = { sessionToken, userId, expires: toMillis(expires, "expires"), ...metadataColumns(session) }
      const row = translateConstraint(
        () => ready().insertSession(columns),
        { foreignKey: ["UserNotFound", "createSession: no user has this userId."] },
      )
      return rowToSession(row!)
    },

    async getSessionAndUser(sessionToken) {
      const row = ready().selectSessionAndUser.get(sessionToken)
      if (!row) return null
      // Only a marked session carries the field, so a session read compares equal to the one written.
      const session = rowToSession(row)
      return { session: row.refresh_failed === 1 ? { ...session, refreshFailed: true } : session, user: rowToUser(row) }
    },

    async updateSession(session) {
      const lastActiveAt = optionalMillis(session.lastActiveAt, "lastActiveAt", "updateSession")
      const row = translateConstraint(
        () =>
          ready().updateSession({
            sessionToken: session.sessionToken,
            setUserId: session.userId !== undefined ? 1 : 0,
            userId: session.userId ?? null,
            setExpires: session.expires !== undefined ? 1 : 0,
            expires: session.expires ? toMillis(session.expires, "expires") : null,
            // Absent or null keeps the stored time: "last active" is never unlearnt.
            setLastActiveAt: lastActiveAt === null ? 0 : 1,
            lastActiveAt,
          }),
        { foreignKey: ["UserNotFound", "updateSession: no user has this userId."] },
      )
      return row ? rowToSession(row) : null
    },

    async deleteSession(sessionToken) {
      const row = ready().deleteSession.get(sessionToken)
      return row ? rowToSession(row) : null
    },

    async createVerificationToken({ identifier, token, expires }) {
      const row = ready().insertVerificationToken.get({ identifier, token, expires: toMillis(expires, "expires") })
      return rowToVerificationToken(row!)
    },

    async useVerificationToken({ identifier, token }) {
      // `identifier` is undefined when the e-mail link lacks it: NULL matches no row.
      const row = ready().consumeVerificationToken.get(identifier ?? null, token)
      return row ? rowToVerificationToken(row) : null
    },

    async getAccount(providerAccountId, provider) {
      const row = ready().selectAccount.get(provider, providerAccountId)
      return row ? rowToAccount(row) : null
    },

    async createAuthenticator(authenticator) {
      const row = translateConstraint(() => ready().insertAuthenticator.get(authenticatorToRow(authenticator)), {
        unique: ["AuthenticatorExists", "A credential with this id is already registered."],
        foreignKey: ["UserNotFound", "createAuthenticator: no user has this userId."],
      })
      return rowToAuthenticator(row!)
    },

    async getAuthenticator(credentialID) {
      const row = ready().selectAuthenticator.get(credentialID)
      return row ? rowToAuthenticator(row) : null
    },

    async listAuthenticatorsByUserId(userId) {
      return ready().selectAuthenticatorsByUser.all(userId).map(rowToAuthenticator)
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      const row = ready().updateAuthenticatorCounter.get(newCounter, credentialID)
      if (!row) throw new SqliteAdapterError("AuthenticatorNotFound", "updateAuthenticatorCounter: no credential has this id.")
      return rowToAuthenticator(row)
    },

    ...tokenRefreshMethods(ready),
    ...sessionRegistryMethods(ready),
    ...passwordMethods(ready),

    migrate() {
      migrate(connection())
      migrated = true
    },

    close() {
      if (closed) return
      closed = true
      statements = undefined
      if (db && !options.database) db.close()
      db = undefined
    },
  }
}
