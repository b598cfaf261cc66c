/**
 * The input checks every database rate-limit store makes alike (`@gatehousejs/pg-adapter`, `redis-adapter`,
 * `sqlite-adapter`): a key of at most 512 characters, a window of whole milliseconds, a cost from 1, and a spend's
 * windows. Each failure is a `TypeError`/`RangeError` whose message starts with the store's name.
 */
import type { StoreBudget, StoreWindow } from "./store.js"

/** The longest key a store accepts (the `RateLimitStore` contract); a spend's counters add `:<windowMs>` to it. */
export const MAX_RATE_LIMIT_KEY_LENGTH = 512

/** The most windows one spend takes (core's budgets have two or three). */
export const MAX_SPEND_WINDOWS = 8

/** The most budgets one `spendAll` takes (core spends one or two per request). */
export const MAX_SPEND_BUDGETS = 8

/** Throws unless `key` is a string of at most 512 characters. */
export function checkRateLimitKey(store: string, key: unknown): asserts key is string {
  if (typeof key !== "string" || key.length > MAX_RATE_LIMIT_KEY_LENGTH) {
    throw new TypeError(`${store}: the key must be a string of at most ${MAX_RATE_LIMIT_KEY_LENGTH} characters.`)
  }
}

/** Throws unless `hit(key, windowMs, cost)` was called with a valid key, window and cost. */
export function checkRateLimitHit(store: string, key: unknown, windowMs: unknown, cost: unknown): void {
  checkRateLimitKey(store, key)
  checkWindowMs(store, "windowMs", windowMs)
  checkCost(store, cost)
}

/** Throws unless `spend(key, windows, cost)` has a valid key and cost, and 1 to 8 windows of distinct lengths. */
export function checkRateLimitSpend(store: string, key: unknown, windows: unknown, cost: unknown): asserts windows is readonly StoreWindow[] {
  checkRateLimitKey(store, key)
  checkCost(store, cost)
  if (!Array.isArray(windows) || windows.length === 0 || windows.length > MAX_SPEND_WINDOWS) {
    const got = Array.isArray(windows) ? `${windows.length} windows` : String(windows)
    throw new TypeError(`${store}: windows must be a non-empty array of at most ${MAX_SPEND_WINDOWS} windows { limit, windowMs } (got ${got}).`)
  }
  const seen = new Set<unknown>()
  windows.forEach((window: unknown, i) => {
    if (typeof window !== "object" || window === null) {
      throw new TypeError(`${store}: windows[${i}] must be an object { limit, windowMs } (got ${String(window)}).`)
    }
    const { limit, windowMs } = window as Record<string, unknown>
    if (!Number.isSafeInteger(limit) || (limit as number) < 1) {
      throw new RangeError(`${store}: windows[${i}].limit must be a whole number, at least 1 (got ${String(limit)}).`)
    }
    checkWindowMs(store, `windows[${i}].windowMs`, windowMs)
    // Each window is its own counter, named by its length: two of one length would be one counter spent twice.
    if (seen.has(windowMs)) throw new RangeError(`${store}: windows[${i}].windowMs repeats ${String(windowMs)}; each window needs a length of its own.`)
    seen.add(windowMs)
  })
}

/** Throws unless `spendAll(budgets, cost)` has a valid cost and 1 to 8 budgets of distinct keys, each valid for `spend`. */
export function checkRateLimitSpendAll(store: string, budgets: unknown, cost: unknown): asserts budgets is readonly StoreBudget[] {
  checkCost(store, cost)
  if (!Array.isArray(budgets) || budgets.length === 0 || budgets.length > MAX_SPEND_BUDGETS) {
    const got = Array.isArray(budgets) ? `${budgets.length} budgets` : String(budgets)
    throw new TypeError(`${store}: budgets must be a non-empty array of at most ${MAX_SPEND_BUDGETS} budgets { key, windows } (got ${got}).`)
  }
  const keys = new Set<unknown>()
  budgets.forEach((budget: unknown, i) => {
    if (typeof budget !== "object" || budget === null) throw new TypeError(`${store}: budgets[${i}] must be an object { key, windows } (got ${String(budget)}).`)
    const { key, windows } = budget as Record<string, unknown>
    checkRateLimitSpend(`${store}: budgets[${i}]`, key, windows, cost)
    // Two budgets of one key would be one set of counters spent twice, each evaluated without the other.
    if (keys.has(key)) throw new RangeError(`${store}: budgets[${i}].key repeats an earlier budget's key; each budget needs a key of its own.`)
    keys.add(key)
  })
}

function checkWindowMs(store: string, name: string, windowMs: unknown): void {
  if (!Number.isSafeInteger(windowMs) || (windowMs as number) < 1) {
    throw new RangeError(`${store}: ${name} must be a whole number of milliseconds, at least 1 (got ${String(windowMs)}).`)
  }
}

function checkCost(store: string, cost: unknown): void {
  if (!Number.isSafeInteger(cost) || (cost as number) < 1 || (cost as number) > 2 ** 31 - 1) {
    throw new RangeError(`${store}: cost must be a whole number from 1 to 2147483647 (got ${String(cost)}).`)
  }
}
