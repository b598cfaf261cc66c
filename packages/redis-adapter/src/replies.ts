// What the adapter makes of Redis's replies: how often a lost compare-and-set is retried, the error a script's code
// names (with its message), a script's "OK", a text reply.
import { RedisAdapterError, type RedisAdapterErrorCode } from "./errors.js"

/** How often a read-modify-write retries after losing its compare-and-set to a concurrent writer. */
export const MAX_CAS_ATTEMPTS = 10

const MESSAGES: Record<RedisAdapterErrorCode, string> = {
  EmailAlreadyUsed: "Another user already has this e-mail address.",
  UserAlreadyExists: "A user with this id already exists.",
  AccountAlreadyLinked: "This provider account is already linked to a user.",
  UserNotFound: "No user has this id.",
  AuthenticatorAlreadyExists: "An authenticator with this credential id is already registered.",
  AuthenticatorNotFound: "No authenticator has this credential id.",
  ConcurrentUpdate: "The record kept changing while it was being updated; try again.",
  InvalidExpires: "`expires` must be a valid Date.",
  CorruptValue: "A stored value is not the JSON the adapter wrote.",
  KeyPrefixNotSupported:
    "The ioredis client has `keyPrefix` set, which Lua scripts cannot see; remove it and pass `RedisAdapter(client, { prefix })` instead.",
}

export function fail(code: RedisAdapterErrorCode, method: string): never {
  throw new RedisAdapterError(code, `${method}: ${MESSAGES[code]}`)
}

/** A script's "OK", or the error its code names. */
export function expectOk(reply: unknown, method: string): void {
  if (reply === "OK") return
  if (typeof reply === "string" && reply in MESSAGES) fail(reply as RedisAdapterErrorCode, method)
  throw new RedisAdapterError("CorruptValue", `${method}: unexpected reply from Redis: ${String(reply)}`)
}

export function asText(reply: unknown): string | null {
  return typeof reply === "string" ? reply : null
}
