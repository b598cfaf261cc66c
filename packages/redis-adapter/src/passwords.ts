/**
 * Gatehouse's `Password` provider on Redis (core's optional adapter methods `getUserPassword` / `setUserPassword`): the
 * user's password record is a key of its own beside the user's record, `user-password:<userId>` (`keys.ts`), holding
 * `{"hash", "resetToken", "updatedAt"}` as JSON (`updatedAt` an ISO string, as every date the adapter stores). Setting
 * replaces the whole value, in a script that first checks the user exists; `null` deletes the key, and so does
 * `deleteUser` (its script deletes the key with the user).
 */
import { checkAdapterPassword, type AdapterPassword } from "@gatehousejs/core/adapters"
import { encode } from "./codec.js"
import { RedisAdapterError } from "./errors.js"
import type { Keys } from "./keys.js"
import { expectOk } from "./replies.js"
import { script, type Script } from "./scripts.js"

type Run = (s: Script, keys: string[], args: (string | number)[]) => Promise<unknown>

/**
 * Writes the record only while the user exists, as a foreign key would: a script, so atomic with `DELETE_USER` and a
 * record cannot outlive its user. KEYS: user, password record. ARGV: record JSON. → "OK" or an error code.
 */
const SET_USER_PASSWORD = script(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 'UserNotFound' end
redis.call('SET', KEYS[2], ARGV[1])
return 'OK'
`)

/** The two methods (their doc comments are on `RedisAdapterInstance`). */
interface PasswordMethods {
  getUserPassword(userId: string): Promise<AdapterPassword | null>
  setUserPassword(userId: string, password: AdapterPassword | null): Promise<void>
}

/**
 * The password methods on the adapter's key layout, running the script with `run` and plain commands with `get` and
 * `del`.
 */
export function passwordMethods(
  keys: Keys,
  run: Run,
  commands: { get(key: string): Promise<string | null>; del(key: string): Promise<unknown> },
): PasswordMethods {
  return {
    async getUserPassword(userId) {
      if (typeof userId !== "string") return null
      const text = await commands.get(keys.userPassword(userId))
      return text === null ? null : decodePassword(text)
    },

    async setUserPassword(userId, password) {
      if (typeof userId !== "string") throw new TypeError(`setUserPassword: userId must be a string (got ${typeof userId}).`)
      if (password === null) {
        await commands.del(keys.userPassword(userId))
        return
      }
      const reply = await run(SET_USER_PASSWORD, [keys.user(userId), keys.userPassword(userId)], [encode(checkAdapterPassword(password))])
      expectOk(reply, "setUserPassword")
    },
  }
}


/** A stored record; one that is not what `setUserPassword` wrote is refused, never read as "no password". */
function decodePassword(text: string): AdapterPassword {
  let stored: unknown
  try {
    stored = JSON.parse(text)
  } catch (error) {
    throw new RedisAdapterError("CorruptValue", "A stored password record is not valid JSON.", { cause: error })
  }
  const { hash, resetToken, updatedAt } = (typeof stored === "object" && stored !== null ? stored : {}) as Record<string, unknown>
  const at = typeof updatedAt === "string" ? new Date(updatedAt) : undefined
  const textOrNull = (value: unknown): value is string | null => value === null || typeof value === "string"
  if (!textOrNull(hash) || !textOrNull(resetToken) || !at || Number.isNaN(at.getTime())) {
    throw new RedisAdapterError("CorruptValue", "A stored password record is not the JSON the adapter wrote.")
  }
  return { hash, resetToken, updatedAt: at }
}
