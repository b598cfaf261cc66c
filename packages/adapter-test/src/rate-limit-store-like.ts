// What the rate-limit contract runs against: a store's shape (core's `RateLimitStore`, structurally) and the contract's options.

/** One window of a budget (core's `StoreWindow`): at most `limit` per `windowMs`. */
export interface RateLimitWindowLike {
  readonly limit: number
  readonly windowMs: number
}

/** core's `RateLimitStore`, structurally (core does not export it yet). The `spend` and `spendAll` tests skip a store without them. */
export interface RateLimitStoreLike {
  hit(key: string, windowMs: number, cost?: number): Promise<{ count: number; resetAt: number }>
  reset(key: string): Promise<void>
  spend?(key: string, windows: readonly RateLimitWindowLike[], cost?: number): Promise<{ count: number; resetAt: number }[]>
  spendAll?(budgets: readonly { key: string; windows: readonly RateLimitWindowLike[] }[], cost?: number): Promise<{ count: number; resetAt: number }[][]>
}

export interface RateLimitStoreContractOptions {
  /** The store under test (called once the suite's set-up has run). */
  store: () => RateLimitStoreLike
  /**
   * A module that runs one of the two RL-04 processes: `runRateLimitChild(store, close)` with the store built from
   * `childEnv()`. Run through core's Vite boot file, so it may be TypeScript.
   */
  child: string
  /** What the child needs to reach the same store (a URL, a schema, a prefix, a file). */
  childEnv: () => Record<string, string>
}
