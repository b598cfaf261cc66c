/**
 * `SqliteRateLimitStore`: rate-limit counters in the SQLite file, shared by every process that opens it. A hit is
 * one statement (an upsert that adds to the counter or starts a new window, `RETURNING` the result; SQLite ≥ 3.35),
 * and a statement is atomic across processes (WAL, the write lock, the adapter's busy timeout), so there is no
 * read-modify-write race. A spend does a budget's windows in one immediate transaction (that statement once per window),
 * without a wait between them; a `spendAll` does a request's budgets the same way, reading every counter first so that
 * a budget that refuses leaves the others untouched. Windows are timed by the machine's clock, which every process on
 * one file shares.
 *
 * The table `rate_limits` is part of the adapter's schema: the store migrates the file on first use, as the adapter does.
 */
import type Database from "better-sqlite3"
import { configureDatabase, openDatabase, resolveFilename } from "./connection.js"
import { SqliteAdapterError } from "./errors.js"
import { migrate } from "./schema.js"
import { checkRateLimitHit, checkRateLimitKey, checkRateLimitSpend, checkRateLimitSpendAll } from "@gatehousejs/core/adapters"

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
   * Spends `cost` (default 1) from the windows of the budget `key` in the order given, each as `hit` on
   * `` `${key}:${windowMs}` ``, stopping after the first window over its limit; the result of each window reached.
   * One immediate transaction: atomic as a whole, other processes wait for it as for one statement.
   */
  spend(key: string, windows: readonly SpendWindow[], cost?: number): Promise<{ count: number; resetAt: number }[]>
  /**
   * Spends `cost` (default 1) from several budgets of distinct keys, all or nothing: each is evaluated as `spend`
   * would; if any refuses, only the refusing ones are spent (each up to its refusing window), else all are. Each
   * budget's results in the order given (an untouched budget's: what `spend` would have returned). One immediate
   * transaction.
   */
  spendAll(budgets: readonly SpendBudget[], cost?: number): Promise<{ count: number; resetAt: number }[][]>
  /**
   * Deletes the rows whose window has ended and returns how many. Not run automatically: an ended row is harmless
   * (the next hit on its key starts a new window) and only takes space, so call it from a periodic job.
   */
  prune(): Promise<number>
  /** Closes the database file if the store opened it. Later calls fail with `SqliteAdapterError` code `Closed`. */
  close(): void
}

/** One window of a budget (core's `StoreWindow`): at most `limit` per `windowMs`. */
export interface SpendWindow {
  readonly limit: number
  readonly windowMs: number
}

/** One budget of a `spendAll` (core's `StoreBudget`): its key and windows. */
export interface SpendBudget {
  readonly key: string
  readonly windows: readonly SpendWindow[]
}

type Result = { count: number; resetAt: number }

interface Statements {
  hit: Database.Statement<{ key: string; now: number; windowMs: number; cost: number }, { count: number; reset_at: number }>
  /** Runs `hit` on each window in turn, in one transaction; run it `.immediate(…)` to take the write lock first. */
  spend: Database.Transaction<(key: string, windows: readonly SpendWindow[], cost: number, now: number) => Result[]>
  /** Reads every counter, then spends what applies, in one transaction; run it `.immediate(…)`. */
  spendAll: Database.Transaction<(budgets: readonly SpendBudget[], cost: number, now: number) => Result[][]>
  reset: Database.Statement<[string]>
  prune: Database.Statement<[number]>
}

/** How this store names itself in its error messages. */
const STORE = "SqliteRateLimitStore"

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
    const hit: Statements["hit"] = database.prepare(`INSERT INTO rate_limits (key, count, reset_at) VALUES (@key, @cost, @now + @windowMs)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN reset_at <= @now THEN excluded.count ELSE count + excluded.count END,
          reset_at = CASE WHEN reset_at <= @now THEN excluded.reset_at ELSE reset_at END
        RETURNING count, reset_at`)
    const read: Database.Statement<[string], { count: number; reset_at: number }> = database.prepare("SELECT count, reset_at FROM rate_limits WHERE key = ?")
    const spend = (key: string, windows: readonly SpendWindow[], cost: number, now: number): Result[] => {
      const results: Result[] = []
      for (const window of windows) {
        const row = hit.get({ key: `${key}:${window.windowMs}`, now, windowMs: window.windowMs, cost })!
        results.push({ count: row.count, resetAt: row.reset_at })
        if (row.count > window.limit) break
      }
      return results
    }
    /** What `spend` would return, without writing. */
    const evaluate = (key: string, windows: readonly SpendWindow[], cost: number, now: number): Result[] => {
      const results: Result[] = []
      for (const window of windows) {
        const row = read.get(`${key}:${window.windowMs}`)
        const result = row && row.reset_at > now ? { count: row.count + cost, resetAt: row.reset_at } : { count: cost, resetAt: now + window.windowMs }
        results.push(result)
        if (result.count > window.limit) break
      }
      return results
    }
    statements = {
      hit,
      spend: database.transaction(spend),
      spendAll: database.transaction((budgets: readonly SpendBudget[], cost: number, now: number) => {
        const evaluated = budgets.map((budget) => evaluate(budget.key, budget.windows, cost, now))
        const refuses = evaluated.map((results, i) => results.at(-1)!.count > budgets[i]!.windows[results.length - 1]!.limit)
        const anyRefuses = refuses.includes(true)
        return budgets.map((budget, i) => (!anyRefuses || refuses[i] ? spend(budget.key, budget.windows, cost, now) : evaluated[i]!))
      }),
      reset: database.prepare("DELETE FROM rate_limits WHERE key = ?"),
      prune: database.prepare("DELETE FROM rate_limits WHERE reset_at <= ?"),
    }
    return statements
  }

  return {
    async hit(key, windowMs, cost = 1) {
      checkRateLimitHit(STORE, key, windowMs, cost)
      const row = ready().hit.get({ key, now: Date.now(), windowMs, cost })!
      return { count: row.count, resetAt: row.reset_at }
    },

    async spend(key, windows, cost = 1) {
      checkRateLimitSpend(STORE, key, windows, cost)
      // Immediate: the write lock is taken (or waited for, up to the busy timeout) before the first window is read.
      return ready().spend.immediate(key, windows, cost, Date.now())
    },

    async spendAll(budgets, cost = 1) {
      checkRateLimitSpendAll(STORE, budgets, cost)
      return ready().spendAll.immediate(budgets, cost, Date.now())
    },

    async reset(key) {
      checkRateLimitKey(STORE, key)
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
