/** Where counters live: the memory of one process, or a database shared by every process. */
export interface RateLimitStore {
  /**
   * Adds `cost` (default 1) to the counter `key` in its current fixed window of `windowMs`, atomically (one round trip,
   * no read-modify-write race), and returns the count after the addition and when that window ends (ms since epoch).
   * A window that has ended starts again at `cost`.
   */
  hit(key: string, windowMs: number, cost?: number): Promise<{ count: number; resetAt: number }>
  /** Forgets `key` (a successful sign-in clears that identifier's failures). */
  reset(key: string): Promise<void>
}
