/**
 * `SqliteRateLimitStore`: rate-limit counters in the SQLite file, shared by every process that opens it. A hit is
 * one statement (an upsert that adds to the counter or starts a new window, `RETURNING` the result; SQLite ≥ 3.35),
 * and a statement is atomic across processes (WAL, the write lock, the adapter's busy timeout), so there is no
 * read-modify-write race. Windows are timed by the machine's clock, which every process on one file shares.
 *
 * The table `rate_limits` is part of the adapter's schema: the store migrates the file on first use, as the adapter does.
 */
import type Database from "better-sqlite3"
import { configureDatabase, openDatabase, resolveFilename } from "./connection.js"
import { SqliteAdapterError } from "./errors.js"
import { migrate } from "./schema.js"

export interface SqliteRateLimitStoreOptions {
  /** The database file, as given to `SqliteAdapter`. Default `gatehouse.sqlite` in the working directory. */
  filename?: string
  /** An open better-sqlite3 database to use instead of `filename`; `close()` leaves it open. */
  database?: Database.Database
}

/** A rate-limit store (core's `RateLimitStore`) on SQLite, plus `prune()` and `close()`. */
export interface SqliteRateLimitStoreInstance {
  /** Adds `cost` (default 1) to `key` in its current window of `windowMs`; the count after it and when the window ends. */
  hit(key: string, windowMs: number, cost?: number): Promise<{ count: number; resetAt: number }>
  /** Forgets `key`. */
  reset(key: string): Promise<void>
  /**
   * Deletes the rows whose window has ended and returns how many. Not run automatically: an ended row is harmless
   * (the next hit on its key starts a new window) and only takes space, so call it from a periodic job.
   */
  prune(): Promise<number>
  /** Closes the database file if the store opened it. Later calls fail with `SqliteAdapterError` code `Closed`. */
  close(): void
}

/** The longest key a store accepts (the `RateLimitStore` contract). */
const MAX_KEY_LENGTH = 512

interface Statements {
  hit: Database.Statement<{ key: string; now: number; windowMs: number; cost: number }, { count: number; reset_at: number }>
  reset: Database.Statement<[string]>
  prune: Database.Statement<[number]>
}

/**
 * The rate-limit store for SQLite. Pass the same options as to `SqliteAdapter` (the same file, or the same open
 * database); nothing touches the disk until the first call.
 *
 * @example
 * const options = { filename: "app.sqlite" }
 * Gatehouse({ adapter: SqliteAdapter(options), ... })
 * const store = SqliteRateLimitStore(options)
 */
export function SqliteRateLimitStore(options: SqliteRateLimitStoreOptions = {}): SqliteRateLimitStoreInstance {
  const filename = options.database ? undefined : resolveFilename(options.filename)
  let db: Database.Database | undefined
  let statements: Statements | undefined
  let closed = false

  function ready(): Statements {
    if (closed) throw new SqliteAdapterError("Closed", "The SQLite rate-limit store was closed.")
    if (statements) return statements
    const database = options.database ?? openDatabase(filename!)
    db = database
    configureDatabase(database)
    migrate(database)
    // In DO UPDATE, bare column names are the existing row and `excluded` the proposed one; both CASEs read the old
    // reset_at, so a window that has ended restarts at `cost` with a new end, and a running one keeps its end.
    statements = {
      hit: database.prepare(`INSERT INTO rate_limits (key, count, reset_at) VALUES (@key, @cost, @now + @windowMs)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN reset_at <= @now THEN excluded.count ELSE count + excluded.count END,
          reset_at = CASE WHEN reset_at <= @now THEN excluded.reset_at ELSE reset_at END
        RETURNING count, reset_at`),
      reset: database.prepare("DELETE FROM rate_limits WHERE key = ?"),
      prune: database.prepare("DELETE FROM rate_limits WHERE reset_at <= ?"),
    }
    return statements
  }

  return {
    async hit(key, windowMs, cost = 1) {
      checkHit(key, windowMs, cost)
      const row = ready().hit.get({ key, now: Date.now(), windowMs, cost })!
      return { count: row.count, resetAt: row.reset_at }
    },

    async reset(key) {
      checkKey(key)
      ready().reset.run(key)
    },

    async prune() {
      return ready().prune.run(Date.now()).changes
    },

    close() {
      if (closed) return
      closed = true
      statements = undefined
      if (db && !options.database) db.close()
      db = undefined
    },
  }
}

function checkKey(key: unknown): asserts key is string {
  if (typeof key !== "string" || key.length > MAX_KEY_LENGTH) {
    throw new TypeError(`SqliteRateLimitStore: the key must be a string of at most ${MAX_KEY_LENGTH} characters.`)
  }
}

function checkHit(key: unknown, windowMs: unknown, cost: unknown): void {
  checkKey(key)
  if (!Number.isSafeInteger(windowMs) || (windowMs as number) < 1) {
    throw new RangeError(`SqliteRateLimitStore: windowMs must be a whole number of milliseconds, at least 1 (got ${String(windowMs)}).`)
  }
  if (!Number.isSafeInteger(cost) || (cost as number) < 1 || (cost as number) > 2 ** 31 - 1) {
    throw new RangeError(`SqliteRateLimitStore: cost must be a whole number from 1 to 2147483647 (got ${String(cost)}).`)
  }
}
