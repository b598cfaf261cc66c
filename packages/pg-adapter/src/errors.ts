/**
 * The adapter's own failures, each with a stable `code`. Driver errors (connection refused, time-outs) are passed on
 * unchanged; Gatehouse core wraps every adapter failure in `AdapterError` either way.
 */

export type PostgresAdapterErrorCode =
  /** `linkAccount` for a (provider, providerAccountId) that is already linked to a user. */
  | "AccountAlreadyLinked"
  /** `createUser` with an id another user has. */
  | "UserAlreadyExists"
  /** `createUser` or `updateUser` with an e-mail address another user has. */
  | "EmailAlreadyUsed"
  /**
   * A write that names a user who does not exist (`updateUser`, `linkAccount`, `createSession`, `createAuthenticator`,
   * `setUserPassword`).
   */
  | "UserNotFound"
  /** `createAuthenticator` with a credential id that is already registered. */
  | "AuthenticatorAlreadyExists"
  /** `updateAuthenticatorCounter` for a credential id that is not registered. */
  | "AuthenticatorNotFound"
  /** The `schema` option is not a usable PostgreSQL identifier. */
  | "InvalidSchemaName"

/**
 * An error of `@gatehousejs/pg-adapter`. `cause` holds the driver's error when there was one.
 *
 * @example
 * try { await adapter.linkAccount(account) }
 * catch (e) { if (e instanceof PostgresAdapterError && e.code === "AccountAlreadyLinked") … }
 */
export class PostgresAdapterError extends Error {
  override readonly name = "PostgresAdapterError"
  readonly code: PostgresAdapterErrorCode

  constructor(code: PostgresAdapterErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}

/** SQLSTATE of a driver error, if it is one. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined
  const { code } = error as { code: unknown }
  return typeof code === "string" ? code : undefined
}

/** The constraint a driver error names, if any. */
export function constraint(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("constraint" in error)) return undefined
  const { constraint: name } = error as { constraint: unknown }
  return typeof name === "string" ? name : undefined
}

/** SQLSTATE 23505. */
export const UNIQUE_VIOLATION = "23505"
/** SQLSTATE 23503. */
export const FOREIGN_KEY_VIOLATION = "23503"
