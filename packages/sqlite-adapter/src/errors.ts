/**
 * The adapter's own failures, each with a stable `code`. A constraint violation of SQLite becomes one of these, so the
 * caller (and the engine's logs) learn what was wrong without a driver message that may quote stored values.
 */

export type SqliteAdapterErrorCode =
  /** `linkAccount`: this provider account is already linked (to this or another user). */
  | "AccountAlreadyLinked"
  /** `createUser` / `updateUser`: another user has this e-mail address. */
  | "EmailInUse"
  /** `createAuthenticator`: a credential with this id is already registered. */
  | "AuthenticatorExists"
  /**
   * A write names a user that does not exist (`linkAccount`, `createSession`, `createAuthenticator`, `updateUser`,
   * `setUserPassword`).
   */
  | "UserNotFound"
  /** `updateAuthenticatorCounter` for an unknown credential. */
  | "AuthenticatorNotFound"
  /** A method was called after `close()`. */
  | "Closed"

/** Thrown by `SqliteAdapter` methods; `cause` holds the driver error when there was one. */
export class SqliteAdapterError extends Error {
  override readonly name = "SqliteAdapterError"
  constructor(
    readonly code: SqliteAdapterErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/** What each violated constraint means for the write being done. */
export interface ConstraintMeaning {
  unique?: [SqliteAdapterErrorCode, string]
  foreignKey?: [SqliteAdapterErrorCode, string]
}

/**
 * Runs a write; a UNIQUE / PRIMARY KEY or FOREIGN KEY violation is re-thrown as the `SqliteAdapterError` that
 * `meaning` names. Other errors (disk full, busy past the timeout) pass through unchanged.
 */
export function translateConstraint<T>(write: () => T, meaning: ConstraintMeaning): T {
  try {
    return write()
  } catch (error) {
    const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined
    const mapped =
      code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY"
        ? meaning.unique
        : code === "SQLITE_CONSTRAINT_FOREIGNKEY"
          ? meaning.foreignKey
          : undefined
    if (mapped) throw new SqliteAdapterError(mapped[0], mapped[1], { cause: error })
    throw error
  }
}
