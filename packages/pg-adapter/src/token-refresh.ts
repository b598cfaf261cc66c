/**
 * Gatehouse's provider token refresh on PostgreSQL (core's optional adapter methods): a refresh lease claimed on the
 * account's current refresh token, and its end — new tokens stored as a compare-and-swap on the old refresh token, or
 * a back-off until `retryAt` with, when permanent, the failure mark. Each method is one statement (`statements.ts`),
 * so it is atomic across every process on the database; leases are timed by the database's clock (`now()`), and
 * `retryAt` is stored as the caller gives it.
 */
import type { AccountKey, AccountTokens, RefreshableAccount, TokenRefreshOutcome } from "@gatehousejs/core/adapters"
import type { Pool } from "pg"
import { toRefreshableAccount, type RefreshableAccountRow } from "./rows.js"
import { REFRESHED_TOKEN_FIELDS, type Statements } from "./statements.js"

/** The four methods (their doc comments are on `PostgresAdapterInstance`). */
interface TokenRefreshMethods {
  getAccountForRefresh(userId: string, provider: string): Promise<RefreshableAccount | null>
  claimTokenRefresh(account: AccountKey, refreshToken: string, leaseMs: number): Promise<boolean>
  finishTokenRefresh(account: AccountKey, refreshToken: string, outcome: TokenRefreshOutcome): Promise<boolean>
  updateAccountTokens(account: AccountKey, tokens: AccountTokens): Promise<void>
}

/** The token-refresh methods on `pool`, with the statements of the adapter's schema. */
export function tokenRefreshMethods(pool: Pool, sql: Statements["tokenRefresh"]): TokenRefreshMethods {
  return {
    async getAccountForRefresh(userId, provider) {
      if (!findable(userId) || !findable(provider)) return null
      const { rows } = await pool.query<RefreshableAccountRow>({ ...sql.getAccountForRefresh, values: [userId, provider] })
      return rows[0] ? toRefreshableAccount(rows[0]) : null
    },

    async claimTokenRefresh({ provider, providerAccountId }, refreshToken, leaseMs) {
      checkLease(leaseMs)
      if (!findable(provider) || !findable(providerAccountId) || !findable(refreshToken)) return false
      const { rowCount } = await pool.query({ ...sql.claim, values: [provider, providerAccountId, refreshToken, leaseMs] })
      return rowCount === 1
    },

    async finishTokenRefresh({ provider, providerAccountId }, refreshToken, outcome) {
      const key = [provider, providerAccountId, refreshToken]
      const [statement, values] =
        "tokens" in outcome
          ? [sql.finishWithTokens, tokenValues(outcome.tokens, "finishTokenRefresh")]
          : [sql.finishFailed, failureValues(outcome)]
      if (!key.every(findable)) return false
      return (await pool.query({ ...statement, values: [...key, ...values] })).rowCount === 1
    },

    async updateAccountTokens({ provider, providerAccountId }, tokens) {
      const values = [provider, providerAccountId, ...tokenValues(tokens, "updateAccountTokens")]
      if (!findable(provider) || !findable(providerAccountId)) return
      await pool.query({ ...sql.updateAccountTokens, values })
    },
  }
}

/**
 * The flag and value of each refreshed token field, in `REFRESHED_TOKEN_FIELDS` order: a field that is absent (or
 * `undefined`) is kept, `null` clears it. `expires_at` is whole seconds, as `linkAccount` stores it.
 */
function tokenValues(tokens: AccountTokens, method: string): unknown[] {
  return REFRESHED_TOKEN_FIELDS.flatMap((field) => {
    const value = tokens[field]
    if (value === undefined) return [false, null]
    if (field !== "expires_at" || value === null) return [true, value]
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new TypeError(`${method}: expires_at must be a number of seconds or null (got ${String(value)}).`)
    }
    return [true, Math.floor(value)]
  })
}

/** `retryAt` (the end of the back-off) and whether the failure is permanent; a mark once set stays set. */
function failureValues(outcome: TokenRefreshOutcome): unknown[] {
  if (!("failed" in outcome) || typeof outcome.failed !== "object" || outcome.failed === null) {
    throw new TypeError("finishTokenRefresh: the outcome must be { tokens } or { failed: { permanent, retryAt } }.")
  }
  const { permanent, retryAt } = outcome.failed
  if (!(retryAt instanceof Date) || Number.isNaN(retryAt.getTime())) {
    throw new TypeError(`finishTokenRefresh: failed.retryAt must be a valid Date (got ${String(retryAt)}).`)
  }
  return [retryAt, permanent === true]
}

/** A lease is a whole number of milliseconds, at least 1. */
function checkLease(leaseMs: unknown): void {
  if (typeof leaseMs !== "number" || !Number.isSafeInteger(leaseMs) || leaseMs < 1) {
    throw new RangeError(`claimTokenRefresh: leaseMs must be a whole number of milliseconds, at least 1 (got ${String(leaseMs)}).`)
  }
}

/** A value PostgreSQL can compare with a TEXT column: a string without NUL (which TEXT cannot hold). */
function findable(value: unknown): value is string {
  return typeof value === "string" && !value.includes("\0")
}
