/** The default rate-limit store: counters in this process's memory, bounded in size. */
import type { RateLimitStore, StoreWindow } from "./store.js"

export interface MemoryStoreOptions {
  /**
   * Most counters held at once; when full, the counter whose window started longest ago is dropped first, so a flood
   * of distinct keys (one per forged identifier) costs a bounded amount of memory. Default 100 000 (some tens of MB
   * at most).
   */
  maxKeys?: number
}

interface Counter {
  count: number
  resetAt: number
}

const DEFAULT_MAX_KEYS = 100_000

/**
 * A `RateLimitStore` in a `Map`: exact within one process (each `hit` runs synchronously, so concurrent requests
 * cannot interleave a read and a write), per process only (several instances each count on their own; use a
 * database store there). A key belongs to one window length. A window starts at the first hit on its key and lasts
 * `windowMs`; an ended window is dropped when its key is next touched, or when the map is full.
 *
 * @example
 * const store = memoryStore({ maxKeys: 10_000 })
 */
export function memoryStore(options: MemoryStoreOptions = {}): RateLimitStore {
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS
  if (!Number.isSafeInteger(maxKeys) || maxKeys < 1) {
    throw new TypeError(`rateLimit memoryStore: maxKeys must be a whole number of at least 1, got ${String(options.maxKeys)}.`)
  }
  // Insertion order is window-start order: a counter is re-inserted when its window starts again.
  const counters = new Map<string, Counter>()

  function hit(key: string, windowMs: number, cost = 1): { count: number; resetAt: number } {
    checkHit(windowMs, cost)
    const now = Date.now()
    const current = counters.get(key)
    if (current && current.resetAt > now) {
      current.count += cost
      return { count: current.count, resetAt: current.resetAt }
    }
    if (current) counters.delete(key)
    else if (counters.size >= maxKeys) evictOldest(now)
    const started = { count: cost, resetAt: now + windowMs }
    counters.set(key, started)
    return { count: started.count, resetAt: started.resetAt }
  }

  /** Drops the oldest counter, and with it any ended ones at the front of the map (they cost nothing to find). */
  function evictOldest(now: number): void {
    const oldest = counters.keys().next()
    if (!oldest.done) counters.delete(oldest.value)
    for (const [key, counter] of counters) {
      if (counter.resetAt > now) break
      counters.delete(key)
    }
  }

  /** Every window in one synchronous step: concurrent requests cannot interleave. */
  function spend(key: string, windows: readonly StoreWindow[], cost = 1): { count: number; resetAt: number }[] {
    for (const window of windows) checkHit(window.windowMs, cost)
    const results: { count: number; resetAt: number }[] = []
    for (const window of windows) {
      const result = hit(`${key}:${window.windowMs}`, window.windowMs, cost)
      results.push(result)
      if (result.count > window.limit) break
    }
    return results
  }

  return {
    // async: a bad argument becomes a rejected promise, as from a database store.
    hit: async (key, windowMs, cost) => hit(key, windowMs, cost),
    spend: async (key, windows, cost) => spend(key, windows, cost),
    reset: async (key) => {
      counters.delete(key)
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
