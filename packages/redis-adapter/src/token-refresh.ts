/**
 * Gatehouse's provider token refresh on Redis (core's optional adapter methods): a refresh lease claimed on the
 * account's current refresh token, and its end — new tokens stored as a compare-and-swap on the old refresh token, or
 * a back-off until `retryAt` with, when permanent, the failure mark. Each method is one Lua script
 * (`token-refresh-scripts.ts`), atomic for every process on the server; leases are timed by Redis's `TIME`.
 */
import type { AccountKey, AccountTokens, RefreshableAccount, TokenRefreshOutcome } from "@gatehousejs/core/adapters"
import { decodeRefreshableAccount } from "./codec.js"
import { RedisAdapterError } from "./errors.js"
import type { Keys } from "./keys.js"
import {
  CLAIM_TOKEN_REFRESH,
  FINISH_TOKEN_REFRESH_FAILED,
  FINISH_TOKEN_REFRESH_TOKENS,
  GET_ACCOUNT_FOR_REFRESH,
  UPDATE_ACCOUNT_TOKENS,
} from "./token-refresh-scripts.js"
import type { Script } from "./scripts.js"

/** The token fields a refresh (or a new sign-in) writes. */
const REFRESHED_TOKEN_FIELDS = ["access_token", "refresh_token", "expires_at", "token_type", "scope", "id_token"] as const

type Run = (s: Script, keys: string[], args: (string | number)[]) => Promise<unknown>

/** The four methods, as `RedisAdapter` adds them. */
interface TokenRefreshMethods {
  /** One script: the user's account at `provider` (the first by providerAccountId) with its lease and failure mark. */
  getAccountForRefresh(userId: string, provider: string): Promise<RefreshableAccount | null>
  /** One script: claims a refresh lease until TIME + `leaseMs` if `refreshToken` is current and no lease lives. */
  claimTokenRefresh(account: AccountKey, refreshToken: string, leaseMs: number): Promise<boolean>
  /** One script on the old refresh token: stores the new tokens, or holds the lease until `retryAt` (back-off). */
  finishTokenRefresh(account: AccountKey, refreshToken: string, outcome: TokenRefreshOutcome): Promise<boolean>
  /** One script: writes the tokens given after a new sign-in and clears the lease and the failure mark. */
  updateAccountTokens(account: AccountKey, tokens: AccountTokens): Promise<void>
}

/** The token-refresh methods on the adapter's key layout, running scripts with `run`. */
export function tokenRefreshMethods(keys: Keys, run: Run): TokenRefreshMethods {
  return {
    async getAccountForRefresh(userId, provider) {
      const reply = await run(GET_ACCOUNT_FOR_REFRESH, [keys.accountsByUser(userId)], [keys.stems.account, userId, provider, keys.stems.refreshState])
      if (!Array.isArray(reply) || typeof reply[0] !== "string") return null
      return decodeRefreshableAccount(reply[0], typeof reply[1] === "string" ? reply[1] : null)
    },

    async claimTokenRefresh({ provider, providerAccountId }, refreshToken, leaseMs) {
      checkLease(leaseMs)
      if (typeof refreshToken !== "string") return false
      const reply = await run(CLAIM_TOKEN_REFRESH, accountKeys(keys, provider, providerAccountId), [refreshToken, leaseMs])
      return written(reply, "claimTokenRefresh")
    },

    async finishTokenRefresh({ provider, providerAccountId }, refreshToken, outcome) {
      if (typeof refreshToken !== "string") return false
      const key = accountKeys(keys, provider, providerAccountId)
      // The user's failed set, kept in step with the mark (`token-refresh-scripts.ts`).
      const failedSet = [keys.stems.refreshFailedByUser, keys.accountMember(provider, providerAccountId)]
      if ("tokens" in outcome) {
        const changes = tokenChanges(outcome.tokens, "finishTokenRefresh")
        return written(await run(FINISH_TOKEN_REFRESH_TOKENS, key, [refreshToken, ...failedSet, ...changes]), "finishTokenRefresh")
      }
      const { retryAt, permanent } = failureOf(outcome)
      const reply = await run(FINISH_TOKEN_REFRESH_FAILED, key, [refreshToken, retryAt.getTime(), permanent ? "1" : "0", ...failedSet])
      return written(reply, "finishTokenRefresh")
    },

    async updateAccountTokens({ provider, providerAccountId }, tokens) {
      const failedSet = [keys.stems.refreshFailedByUser, keys.accountMember(provider, providerAccountId)]
      const changes = tokenChanges(tokens, "updateAccountTokens")
      const reply = await run(UPDATE_ACCOUNT_TOKENS, accountKeys(keys, provider, providerAccountId), [...failedSet, ...changes])
      if (reply === "CorruptValue") corrupt("updateAccountTokens")
    },
  }
}

/** The keys every token-refresh script takes: the account's record and its refresh state. */
function accountKeys(keys: Keys, provider: string, providerAccountId: string): string[] {
  return [keys.account(provider, providerAccountId), keys.refreshState(provider, providerAccountId)]
}

/** A script's 1 (written) or 0 (not), or the failure of a record that is not a JSON object. */
function written(reply: unknown, method: string): boolean {
  if (reply === "CorruptValue") corrupt(method)
  return reply === 1
}

function corrupt(method: string): never {
  throw new RedisAdapterError("CorruptValue", `${method}: the stored account is not a JSON object.`)
}

/**
 * The script arguments that write `tokens`: per field given, its name and JSON text ('' for `null`, which removes it);
 * a field that is absent (or `undefined`) is kept. `expires_at` is whole seconds.
 */
function tokenChanges(tokens: AccountTokens, method: string): string[] {
  return REFRESHED_TOKEN_FIELDS.flatMap((field) => {
    const value = tokens[field]
    if (value === undefined) return []
    if (value === null) return [field, ""]
    if (field !== "expires_at") return [field, JSON.stringify(String(value))]
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new TypeError(`${method}: expires_at must be a number of seconds or null (got ${String(value)}).`)
    }
    return [field, JSON.stringify(Math.floor(value))]
  })
}

/** The failure of an outcome that has no tokens, with a valid `retryAt`. */
function failureOf(outcome: TokenRefreshOutcome): { retryAt: Date; permanent: boolean } {
  if (!("failed" in outcome) || typeof outcome.failed !== "object" || outcome.failed === null) {
    throw new TypeError("finishTokenRefresh: the outcome must be { tokens } or { failed: { permanent, retryAt } }.")
  }
  const { permanent, retryAt } = outcome.failed
  if (!(retryAt instanceof Date) || Number.isNaN(retryAt.getTime())) {
    throw new TypeError(`finishTokenRefresh: failed.retryAt must be a valid Date (got ${String(retryAt)}).`)
  }
  return { retryAt, permanent: permanent === true }
}

/** A lease is a whole number of milliseconds, at least 1. */
function checkLease(leaseMs: unknown): asserts leaseMs is number {
  if (typeof leaseMs !== "number" || !Number.isSafeInteger(leaseMs) || leaseMs < 1) {
    throw new RangeError(`claimTokenRefresh: leaseMs must be a whole number of milliseconds, at least 1 (got ${String(leaseMs)}).`)
  }
}
