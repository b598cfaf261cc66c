/**
 * `PostgresRateLimitStore`: rate-limit counters in PostgreSQL, shared by every process that uses the database. A hit
 * is one statement (an upsert that adds to the counter or starts a new window, `RETURNING` the result), so there is
 * one round trip and no read-modify-write race between processes. Windows are timed by the database's clock, so
 * processes whose clocks disagree still share one window.
 *
 * The table `rate_limits` is created by `PostgresAdapter(pool, { schema }).migrate()` (or `schema.sql`).
 */
import { createHash } from "node:crypto"
import type { Pool } from "pg"
import { quoteIdentifier, type Prepared } from "./statements.js"

export interface PostgresRateLimitStoreOptions {
  /** The PostgreSQL schema that holds `rate_limits`, as given to `PostgresAdapter`. Default `public`. */
  schema?: string
}

/** A rate-limit store (core's `RateLimitStore`) on PostgreSQL, plus `prune()`. */
export interface PostgresRateLimitStoreInstance {
  /** Adds `cost` (default 1) to `key` in its current window of `windowMs`; the count after it and when the window ends. */
  hit(key: string, windowMs: number, cost?: number): Promise<{ count: number; resetAt: number }>
  /** Forgets `key`. */
  reset(key: string): Promise<void>
  /**
   * Deletes the rows whose window has ended and returns how many. Not run automatically: an ended row is harmless
   * (the next hit on its key starts a new window) and only takes space, so call it from a periodic job.
   */
  prune(): Promise<number>
}

/** The longest key a store accepts (the `RateLimitStore` contract). */
const MAX_KEY_LENGTH = 512

/**
 * The rate-limit store for PostgreSQL. Takes the same `pg.Pool` (and schema) as the adapter; the pool stays yours.
 *
 * @example
 * const adapter = PostgresAdapter(pool, { schema: "auth" })
 * await adapter.migrate()
 * const store = PostgresRateLimitStore(pool, { schema: "auth" })
 * setInterval(() => void store.prune(), 60 * 60 * 1000).unref()
 */
export function PostgresRateLimitStore(pool: Pool, options: PostgresRateLimitStoreOptions = {}): PostgresRateLimitStoreInstance {
  const sql = rateLimitStatements(options.schema ?? "public")
  return {
    async hit(key, windowMs, cost = 1) {
      checkHit(key, windowMs, cost)
      const { rows } = await pool.query<{ count: number; reset_at: Date }>({ ...sql.hit, values: [storedKey(key), windowMs, cost] })
      const row = rows[0]!
      return { count: row.count, resetAt: row.reset_at.getTime() }
    },

    async reset(key) {
      checkKey(key)
      await pool.query({ ...sql.reset, values: [storedKey(key)] })
    },

    async prune() {
      const { rowCount } = await pool.query(sql.prune)
      return rowCount ?? 0
    },
  }
}

function rateLimitStatements(schema: string): { hit: Prepared; reset: Prepared; prune: string } {
  const table = `${quoteIdentifier(schema)}.rate_limits`
  const tag = createHash("sha256").update(schema).digest("hex").slice(0, 12)
  const prepared = (method: string, text: string): Prepared => ({ name: `gatehouse_${tag}_rate_limit_${method}`, text })
  // In DO UPDATE, `r.…` is the existing row and EXCLUDED the proposed one; both CASEs read the old reset_at, so a
  // window that has ended restarts at `cost` with a new end, and a running one keeps its end.
  // The count stops at INTEGER's maximum instead of failing the statement (far past any limit).
  return {
    hit: prepared(
      "hit",
      `INSERT INTO ${table} AS r (key, count, reset_at) VALUES ($1, $3, now() + $2::float8 * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN r.reset_at <= now() THEN EXCLUDED.count ELSE LEAST(r.count::bigint + EXCLUDED.count, 2147483647)::integer END,
        reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
      RETURNING count, reset_at`,
    ),
    reset: prepared("reset", `DELETE FROM ${table} WHERE key = $1`),
    prune: `DELETE FROM ${table} WHERE reset_at <= now()`,
  }
}

/**
 * The key as stored. `TEXT` cannot hold NUL, so NUL becomes `\0` and a backslash `\\`: a one-to-one encoding, so any
 * string is a key and two keys never share a row.
 */
function storedKey(key: string): string {
  return key.replace(/\\/g, "\\\\").replace(/\0/g, "\\0")
}

function checkKey(key: unknown): asserts key is string {
  if (typeof key !== "string" || key.length > MAX_KEY_LENGTH) {
    throw new TypeError(`PostgresRateLimitStore: the key must be a string of at most ${MAX_KEY_LENGTH} characters.`)
  }
}

function checkHit(key: unknown, windowMs: unknown, cost: unknown): void {
  checkKey(key)
  if (!Number.isSafeInteger(windowMs) || (windowMs as number) < 1) {
    throw new RangeError(`PostgresRateLimitStore: windowMs must be a whole number of milliseconds, at least 1 (got ${String(windowMs)}).`)
  }
  if (!Number.isSafeInteger(cost) || (cost as number) < 1 || (cost as number) > 2 ** 31 - 1) {
    throw new RangeError(`PostgresRateLimitStore: cost must be a whole number from 1 to 2147483647 (got ${String(cost)}).`)
  }
}
