/**
 * Gatehouse's provider token refresh on SQLite (core's optional adapter methods): a refresh lease claimed on the
 * account's current refresh token, and its end — new tokens stored as a compare-and-swap on the old refresh token, or
 * a back-off until `retryAt` with, when permanent, the failure mark. The tokens are in `accounts`, the lease and the
 * mark in `account_refresh_state`. Each method is one statement or one write transaction (`statements.ts`); SQLite
 * runs one writer at a time, so each is atomic across every process on the file. Leases are timed by
 * `Date.now()`: the processes sharing a file share the machine's clock.
 */
import type { AccountKey, AccountTokens, RefreshableAccount, TokenRefreshOutcome } from "@gatehousejs/core/adapters"
import { rowToRefreshableAccount } from "./rows.js"
import { REFRESHED_TOKEN_FIELDS, type Statements, type TokenWrite } from "./statements.js"

/** The four methods (their doc comments are on `SqliteAdapterInstance`). */
interface TokenRefreshMethods {
  getAccountForRefresh(userId: string, provider: string): Promise<RefreshableAccount | null>
  claimTokenRefresh(account: AccountKey, refreshToken: string, leaseMs: number): Promise<boolean>
  finishTokenRefresh(account: AccountKey, refreshToken: string, outcome: TokenRefreshOutcome): Promise<boolean>
  updateAccountTokens(account: AccountKey, tokens: AccountTokens): Promise<void>
}

/** The token-refresh methods on the adapter's prepared statements (`ready()` opens and migrates the file first). */
export function tokenRefreshMethods(ready: () => Statements): TokenRefreshMethods {
  return {
    async getAccountForRefresh(userId, provider) {
      const row = ready().selectAccountForRefresh.get(userId, provider)
      return row ? rowToRefreshableAccount(row) : null
    },

    async claimTokenRefresh({ provider, providerAccountId }, refreshToken, leaseMs) {
      checkLease(leaseMs)
      if (typeof refreshToken !== "string") return false
      const now = Date.now()
      const claim = { provider, providerAccountId, refreshToken, now, leaseUntil: now + leaseMs }
      return ready().claimTokenRefresh.run(claim).changes === 1
    },

    async finishTokenRefresh(key, refreshToken, outcome) {
      if (typeof refreshToken !== "string") return false
      if ("tokens" in outcome) {
        const write = { ...tokenWrite(key, outcome.tokens, "finishTokenRefresh"), refreshToken }
        return ready().finishTokenRefreshWithTokens(write)
      }
      const { retryAt, permanent } = failureOf(outcome)
      const failure = { ...key, refreshToken, retryAt: retryAt.getTime(), permanent: permanent ? 1 : 0 } as const
      return ready().finishTokenRefreshFailed.run(failure).changes === 1
    },

    async updateAccountTokens(key, tokens) {
      ready().updateAccountTokens(tokenWrite(key, tokens, "updateAccountTokens"))
    },
  }
}

/**
 * The parameters that write `tokens` to the account `key`: a field that is absent (or `undefined`) is kept, `null`
 * clears it. `expires_at` is whole seconds, as `linkAccount` stores it.
 */
function tokenWrite({ provider, providerAccountId }: AccountKey, tokens: AccountTokens, method: string): TokenWrite {
  const write: Record<string, unknown> = { provider, providerAccountId }
  for (const field of REFRESHED_TOKEN_FIELDS) {
    const value = tokens[field]
    write[`set_${field}`] = value === undefined ? 0 : 1
    write[field] = value ?? null
    if (field === "expires_at" && value !== undefined && value !== null) {
      if (typeof value !== "number" || !Number.isFinite(value)) {
        throw new TypeError(`${method}: expires_at must be a number of seconds or null (got ${String(value)}).`)
      }
      write[field] = Math.floor(value)
    }
  }
  return write as TokenWrite
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
