/** The default rate-limit store: counters in this process's memory, bounded in size. */
import type { RateLimitStore, StoreBudget, StoreCount } from "./store.js"

export interface MemoryStoreOptions {
  /**
   * Most counters held at once. When full, what gives way is the oldest counter still below its limit, else a used-up
   * one (at or over its limit) whose window has ended — never a used-up one inside its window, so a flood of distinct
   * keys (one per forged identifier) cannot lift a lockout nor hand back used-up guesses (security catalog RT-13).
   * Default 100 000 (some tens of MB at most).
   */
  maxKeys?: number
}

interface Counter {
  count: number
  resetAt: number
}

const DEFAULT_MAX_KEYS = 100_000

/**
 * A `RateLimitStore` in memory: exact within one process (each call runs synchronously, so concurrent requests
 * cannot interleave a read and a write), per process only (several instances each count on their own; use a
 * database store there). A key belongs to one window length. A window starts at the first hit on its key and lasts
 * `windowMs`; an ended window is dropped when its key is next touched, or when the store is full.
 *
 * Bounded by `maxKeys`. When full, a new counter takes the place of the oldest counter below its limit (and ended
 * ones found behind it), else of an ended used-up one; a used-up counter (at or over its limit: a lockout, or one
 * about to be) stays until its window ends. When every counter held is used up and running, a new counter is not
 * recorded: that request is allowed uncounted, and every lockout holds (docs/rate-limits.md says why).
 *
 * @example
 * const store = memoryStore({ maxKeys: 10_000 })
 */
export function memoryStore(options: MemoryStoreOptions = {}): RateLimitStore {
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS
  if (!Number.isSafeInteger(maxKeys) || maxKeys < 1) {
    throw new TypeError(`rateLimit memoryStore: maxKeys must be a whole number of at least 1, got ${String(options.maxKeys)}.`)
  }
  // Counters under their window's limit, in window-start order (a counter is re-inserted when its window starts
  // again): the oldest gives way first. `hit` knows no limit, so its counters live here.
  const under = new Map<string, Counter>()
  // Counters that reached their window's limit (the next `spend` in that window is refused): never evicted while
  // running, so a flood cannot hand back the guesses a budget has used up.
  // In the order they went over, which is not the order they end: `overEndsBy` is the earliest end among them (or
  // earlier), so a full store looks for an ended one only once that time has passed, not on every new key.
  const over = new Map<string, Counter>()
  let overEndsBy = Infinity

  function get(key: string): Counter | undefined {
    return under.get(key) ?? over.get(key)
  }

  function forget(key: string): void {
    if (!under.delete(key)) over.delete(key)
  }

  /** Adds `cost` to `key` (starting a window if none runs), moving it to `over` once it reaches `limit`. */
  function add(key: string, windowMs: number, cost: number, limit: number, now: number): StoreCount {
    const current = get(key)
    if (current && current.resetAt > now) {
      current.count += cost
      if (current.count >= limit && under.delete(key)) goOver(key, current)
      return { count: current.count, resetAt: current.resetAt }
    }
    if (current) forget(key)
    const started = { count: cost, resetAt: now + windowMs }
    // Full, and every counter a running lockout: this window is not recorded (the request goes uncounted).
    if (under.size + over.size >= maxKeys && !makeRoom(now)) return { count: started.count, resetAt: started.resetAt }
    if (started.count >= limit) goOver(key, started)
    else under.set(key, started)
    return { count: started.count, resetAt: started.resetAt }
  }

  function goOver(key: string, counter: Counter): void {
    over.set(key, counter)
    if (counter.resetAt < overEndsBy) overEndsBy = counter.resetAt
  }

  /**
   * Frees one place at least: the ended counters at the front of `under` and the oldest one still running there; or,
   * with none under its limit, the ended counters of `over`. False when every counter held is a running lockout.
   */
  function makeRoom(now: number): boolean {
    const oldest = under.keys().next()
    if (!oldest.done) {
      under.delete(oldest.value)
      for (const [key, counter] of under) {
        if (counter.resetAt > now) break
        under.delete(key)
      }
      return true
    }
    if (overEndsBy > now) return false
    overEndsBy = Infinity
    for (const [key, counter] of over) {
      if (counter.resetAt <= now) over.delete(key)
      else if (counter.resetAt < overEndsBy) overEndsBy = counter.resetAt
    }
    return over.size < maxKeys
  }

  /** What `spend` would return for one budget, without changing anything. */
  function evaluate(budget: StoreBudget, cost: number, now: number): StoreCount[] {
    const results: StoreCount[] = []
    for (const window of budget.windows) {
      const current = get(`${budget.key}:${window.windowMs}`)
      const running = current !== undefined && current.resetAt > now
      const result = running ? { count: current.count + cost, resetAt: current.resetAt } : { count: cost, resetAt: now + window.windowMs }
      results.push(result)
      if (result.count > window.limit) break
    }
    return results
  }

  function spend(budget: StoreBudget, cost: number, now: number): StoreCount[] {
    const results: StoreCount[] = []
    for (const window of budget.windows) {
      const result = add(`${budget.key}:${window.windowMs}`, window.windowMs, cost, window.limit, now)
      results.push(result)
      if (result.count > window.limit) break
    }
    return results
  }

  /** Every budget in one synchronous step: concurrent requests cannot interleave. */
  function spendAll(budgets: readonly StoreBudget[], cost = 1): StoreCount[][] {
    for (const budget of budgets) for (const window of budget.windows) checkHit(window.windowMs, cost)
    const now = Date.now()
    if (budgets.length === 1) return [spend(budgets[0]!, cost, now)]
    const evaluated = budgets.map((budget) => evaluate(budget, cost, now))
    const refuses = evaluated.map((results, i) => results.length > 0 && results.at(-1)!.count > budgets[i]!.windows[results.length - 1]!.limit)
    const anyRefuses = refuses.includes(true)
    return budgets.map((budget, i) => (!anyRefuses || refuses[i] ? spend(budget, cost, now) : evaluated[i]!))
  }

  return {
    // async: a bad argument becomes a rejected promise, as from a database store.
    hit: async (key, windowMs, cost = 1) => {
      checkHit(windowMs, cost)
      return add(key, windowMs, cost, Infinity, Date.now())
    },
    spend: async (key, windows, cost) => spendAll([{ key, windows }], cost)[0]!,
    spendAll: async (budgets, cost) => spendAll(budgets, cost),
    reset: async (key) => {
      forget(key)
    },
  }
}

function checkHit(windowMs: number, cost: number): void {
  if (!Number.isSafeInteger(windowMs) || windowMs < 1) {
    throw new TypeError(`rateLimit store: windowMs must be a whole number of milliseconds of at least 1, got ${String(windowMs)}.`)
  }
  if (!Number.isSafeInteger(cost) || cost < 0) {
    throw new TypeError(`rateLimit store: cost must be a whole number of at least 0, got ${String(cost)}.`)
  }
}
