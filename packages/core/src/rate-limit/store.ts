/** Where counters live: the memory of one process, or a database shared by every process. */

/** One window of a budget as a store spends it: its limit and length. */
export interface StoreWindow {
  readonly limit: number
  readonly windowMs: number
}

/** One budget of a `spendAll`: its key and its windows, as `spend` takes them. */
export interface StoreBudget {
  readonly key: string
  readonly windows: readonly StoreWindow[]
}

/** A window's count after a spend, and when that window ends (ms since epoch). */
export interface StoreCount {
  count: number
  resetAt: number
}

/**
 * A rate-limit store. `hit` and `reset` are the whole contract; `spend` and `spendAll`, where a store has them, do a
 * budget's windows, or a request's budgets, in one round trip (the memory store and the stores of
 * `@gatehousejs/pg-adapter`, `redis-adapter` and `sqlite-adapter` do). Keys are at most 512 characters.
 */
export interface RateLimitStore {
  /**
   * Adds `cost` (default 1) to the counter `key` in its current fixed window of `windowMs`, atomically (one round trip,
   * no read-modify-write race), and returns the count after the addition and when that window ends (ms since epoch).
   * A window that has ended starts again at `cost`.
   */
  hit(key: string, windowMs: number, cost?: number): Promise<{ count: number; resetAt: number }>
  /** Forgets `key` (a successful sign-in clears that identifier's failures). */
  reset(key: string): Promise<void>
  /**
   * Spends `cost` (default 1) from the windows of the budget `key` in the order given, as `hit` would on the counter
   * `` `${key}:${windowMs}` `` of each, stopping after the first window whose count is now over its limit (the windows
   * after it are not touched: a refused request does not spend the longer windows). Returns the result of each window
   * reached. Atomic as a whole and one round trip.
   */
  spend?(key: string, windows: readonly StoreWindow[], cost?: number): Promise<StoreCount[]>
  /**
   * Spends `cost` (default 1) from several budgets of distinct keys (a request's identifier and client), all or
   * nothing: each budget is evaluated as `spend` would; if one or more refuse, only the refusing budgets are spent
   * (each up to and including its refusing window) and the others are left untouched; if none refuses, every budget
   * is spent. Returns each budget's results in the order given, those of an untouched budget being what `spend` would
   * have returned. Atomic as a whole and one round trip. A request that one budget refuses thus creates no counter in
   * another (security catalog RT-13: refused requests cannot fill a store).
   */
  spendAll?(budgets: readonly StoreBudget[], cost?: number): Promise<StoreCount[][]>
}
