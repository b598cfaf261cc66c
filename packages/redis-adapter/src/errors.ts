/**
 * The adapter's own failures, each with a stable `code`. Driver errors (connection closed, time-outs) are passed on
 * unchanged; Gatehouse core wraps every adapter failure in `AdapterError` either way.
 */

export type RedisAdapterErrorCode =
  /** `createUser` with an e-mail address another user has (two concurrent first sign-ins: one wins). */
  | "EmailAlreadyUsed"
  /** `createUser` with an id another user has. */
  | "UserAlreadyExists"
  /** `linkAccount` for a (provider, providerAccountId) that is already linked to a user. */
  | "AccountAlreadyLinked"
  /**
   * `updateUser` for an id that is not stored, or a write that names a missing user (`linkAccount`, `createSession`,
   * `createAuthenticator`, `setUserPassword`).
   */
  | "UserNotFound"
  /** `createAuthenticator` with a credential id that is already registered. */
  | "AuthenticatorAlreadyExists"
  /** `updateAuthenticatorCounter` for a credential id that is not registered. */
  | "AuthenticatorNotFound"
  /** A read-modify-write lost its compare-and-set race too many times in a row. */
  | "ConcurrentUpdate"
  /** An `expires` that is not a valid date. */
  | "InvalidExpires"
  /** A stored value that is not the JSON object the adapter wrote. */
  | "CorruptValue"
  /** The ioredis client has `keyPrefix` set; the adapter's `prefix` option replaces it. */
  | "KeyPrefixNotSupported"

/**
 * An error of `@gatehousejs/redis-adapter`. Messages name what went wrong, never an e-mail address or a token.
 *
 * @example
 * try { await adapter.createUser(user) }
 * catch (e) { if (e instanceof RedisAdapterError && e.code === "EmailAlreadyUsed") … }
 */
export class RedisAdapterError extends Error {
  override readonly name = "RedisAdapterError"
  readonly code: RedisAdapterErrorCode

  constructor(code: RedisAdapterErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}
