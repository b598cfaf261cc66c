/**
 * `PostgresRateLimitStore`: rate-limit counters in PostgreSQL, shared by every process that uses the database. A hit
 * is one statement (an upsert that adds to the counter or starts a new window, `RETURNING` the result), so there is
 * one round trip and no read-modify-write race between processes. A spend does a budget's windows in one round trip
 * too: one statement, a chain of such upserts; and a `spendAll` a request's budgets, in one statement that reads
 * every counter before it writes any, so that a budget that refuses leaves the others untouched. Windows are timed by
 * the database's clock, so processes whose clocks disagree still share one window.
 *
 * The table `rate_limits` is created by `PostgresAdapter(pool, { schema }).migrate()` (or `schema.sql`).
 */
import { createHash } from "node:crypto"
import type { Pool } from "pg"
import { quoteIdentifier, type Prepared } from "./statements.js"
import { checkRateLimitHit, checkRateLimitKey, checkRateLimitSpend, checkRateLimitSpendAll } from "@gatehousejs/core/adapters"

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
   * Spends `cost` (default 1) from the windows of the budget `key` in the order given, each as `hit` on
   * `` `${key}:${windowMs}` ``, stopping after the first window over its limit; the result of each window reached.
   * One statement: atomic as a whole, one round trip.
   */
  spend(key: string, windows: readonly SpendWindow[], cost?: number): Promise<{ count: number; resetAt: number }[]>
  /**
   * Spends `cost` (default 1) from several budgets of distinct keys, all or nothing: each is evaluated as `spend`
   * would; if any refuses, only the refusing ones are spent (each up to its refusing window), else all are. Each
   * budget's results in the order given (an untouched budget's: what `spend` would have returned). One statement.
   */
  spendAll(budgets: readonly SpendBudget[], cost?: number): Promise<{ count: number; resetAt: number }[][]>
  /**
   * Deletes the rows whose window has ended and returns how many. Not run automatically: an ended row is harmless
   * (the next hit on its key starts a new window) and only takes space, so call it from a periodic job.
   */
  prune(): Promise<number>
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

/** How this store names itself in its error messages. */
const STORE = "PostgresRateLimitStore"

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
      checkRateLimitHit(STORE, key, windowMs, cost)
      const { rows } = await pool.query<{ count: number; reset_at: Date }>({ ...sql.hit, values: [storedKey(key), windowMs, cost] })
      const row = rows[0]!
      return { count: row.count, resetAt: row.reset_at.getTime() }
    },

    async spend(key, windows, cost = 1) {
      checkRateLimitSpend(STORE, key, windows, cost)
      const values: unknown[] = [cost, storedKey(key)]
      windows.forEach((window, i) => {
        values.push(storedKey(`${key}:${window.windowMs}`), window.windowMs)
        if (i < windows.length - 1) values.push(window.limit)
      })
      const { rows } = await pool.query<{ count: number; reset_at: Date }>({ ...sql.spend(windows.length), values })
      return rows.map((row) => ({ count: row.count, resetAt: row.reset_at.getTime() }))
    },

    async spendAll(budgets, cost = 1) {
      checkRateLimitSpendAll(STORE, budgets, cost)
      const [counters, lengths, limits, budgetOf, positions] = [[], [], [], [], []] as [string[], number[], number[], number[], number[]]
      budgets.forEach((budget, b) =>
        budget.windows.forEach((window, position) => {
          counters.push(storedKey(`${budget.key}:${window.windowMs}`))
          lengths.push(window.windowMs)
          limits.push(window.limit)
          budgetOf.push(b)
          positions.push(position)
        }),
      )
      const values = [cost, budgets.map((budget) => storedKey(budget.key)), counters, lengths, limits, budgetOf, positions]
      const statement = sql.spendAll(budgets.map((budget) => budget.windows.length))
      const { rows } = await pool.query<{ budget: number; count: number; reset_at: Date }>({ ...statement, values })
      const results = budgets.map((): { count: number; resetAt: number }[] => [])
      for (const row of rows) results[row.budget]!.push({ count: row.count, resetAt: row.reset_at.getTime() })
      return results
    },

    async reset(key) {
      checkRateLimitKey(STORE, key)
      await pool.query({ ...sql.reset, values: [storedKey(key)] })
    },

    async prune() {
      const { rowCount } = await pool.query(sql.prune)
      return rowCount ?? 0
    },
  }
}

interface RateLimitStatements {
  hit: Prepared
  /** The spend of a budget of `windowCount` windows (1 to `MAX_SPEND_WINDOWS`), built and named once per count. */
  spend(windowCount: number): Prepared
  /** The spendAll of budgets of these numbers of windows, built and named once per shape. */
  spendAll(shape: readonly number[]): Prepared
  reset: Prepared
  prune: string
}

function rateLimitStatements(schema: string): RateLimitStatements {
  const table = `${quoteIdentifier(schema)}.rate_limits`
  const tag = createHash("sha256").update(schema).digest("hex").slice(0, 12)
  const prepared = (method: string, text: string): Prepared => ({ name: `gatehouse_${tag}_rate_limit_${method}`, text })
  // In DO UPDATE, `r.…` is the existing row and EXCLUDED the proposed one; both CASEs read the old reset_at, so a
  // window that has ended restarts at `cost` with a new end, and a running one keeps its end.
  // The count stops at INTEGER's maximum instead of failing the statement (far past any limit).
  const upsert = `ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN r.reset_at <= now() THEN EXCLUDED.count ELSE LEAST(r.count::bigint + EXCLUDED.count, 2147483647)::integer END,
        reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
      RETURNING count, reset_at`
  const spends = new Map<number, Prepared>()
  const spendAlls = new Map<string, Prepared>()
  return {
    hit: prepared("hit", `INSERT INTO ${table} AS r (key, count, reset_at) VALUES ($1, $3, now() + $2::float8 * interval '1 millisecond')
      ${upsert}`),
    spend(windowCount) {
      let statement = spends.get(windowCount)
      if (!statement) {
        statement = prepared(`spend_${windowCount}`, spendText(table, upsert, advisoryNamespace(tag), windowCount))
        spends.set(windowCount, statement)
      }
      return statement
    },
    spendAll(shape) {
      const name = `spend_all_${shape.join("_")}`
      let statement = spendAlls.get(name)
      if (!statement) {
        statement = prepared(name, spendAllText(table, upsert, advisoryNamespace(tag), shape))
        spendAlls.set(name, statement)
      }
      return statement
    },
    reset: prepared("reset", `DELETE FROM ${table} WHERE key = $1`),
    // SKIP LOCKED: prune never waits for a row a spend holds, so it cannot close a lock cycle with one (a deadlock);
    // a row skipped now is pruned next time.
    prune: `DELETE FROM ${table} WHERE key IN (SELECT key FROM ${table} WHERE reset_at <= now() FOR UPDATE SKIP LOCKED)`,
  }
}

/**
 * One statement for a budget of `windowCount` windows. Parameters: `$1` cost, `$2` the budget key; window `i` (from 0)
 * has its counter key at `$(3 + 3i)`, its length at `$(4 + 3i)` and, unless it is the last, its limit at `$(5 + 3i)`.
 *
 * Window `i + 1` inserts from the `RETURNING` row of window `i` only when that count is within its limit, so the chain
 * stops at the first window over and the later counters are not touched. The first window reads from `budget`, which
 * takes a transaction-scoped advisory lock on the budget key: two spends of one budget never hold one counter each and
 * wait for the other's (a deadlock when they list the windows in different orders); they take turns instead.
 */
function spendText(table: string, upsert: string, namespace: number, windowCount: number): string {
  const windows = Array.from({ length: windowCount }, (_, i) => {
    const [key, windowMs, previousLimit] = [3 + 3 * i, 4 + 3 * i, 2 + 3 * i]
    const source = i === 0 ? "budget" : `w${i - 1} WHERE w${i - 1}.count <= $${previousLimit}::bigint`
    return `w${i} AS (INSERT INTO ${table} AS r (key, count, reset_at)
      SELECT $${key}::text, $1::integer, now() + $${windowMs}::float8 * interval '1 millisecond' FROM ${source}
      ${upsert})`
  })
  const results = Array.from({ length: windowCount }, (_, i) => `SELECT ${i} AS position, count, reset_at FROM w${i}`)
  return `WITH budget AS (SELECT pg_advisory_xact_lock(${namespace}, hashtext($2::text))),
    ${windows.join(",\n    ")}
    ${results.join("\n    UNION ALL ")}
    ORDER BY position`
}

/**
 * One statement for budgets of `shape[b]` windows each. Parameters: `$1` cost, `$2` the budget keys; then one array
 * element per window, budget after budget: `$3` its counter key, `$4` its length, `$5` its limit, `$6` its budget's
 * index, `$7` its position in that budget. Rows: `budget`, `position`, `count`, `reset_at` of each window reached.
 *
 * `locks` takes the advisory lock of every budget key (as `spend` takes one), in a fixed order — sorted by the lock
 * key — so that two spends that share budgets take turns instead of deadlocking. Then `existing` reads the counters
 * FOR UPDATE (the latest committed version of each row), `would` and `reached` work out what `spend` would count in
 * each budget, and `refusing` names the budgets that would refuse. The upserts `a<b>_<i>` spend only the refusing
 * budgets, or all of them when none refuses; within a budget each window is spent from the `RETURNING` row of the one
 * before, as in `spend`, so the counts returned are the true ones. An untouched budget returns its would-be counts.
 *
 * One bound: the statement's snapshot is taken before it waits for the locks, so a counter whose first row another
 * statement inserts meanwhile (a window starting at that very moment) is read as new. The request is still decided
 * on the true counts of the upserts, and no window past a refusing one is spent; at worst, in that race, a budget
 * that does not refuse is spent beside one that does — as two separate spends would.
 */
function spendAllText(table: string, upsert: string, namespace: number, shape: readonly number[]): string {
  const element = (array: number, type: string, index: number): string => `($${array}::${type}[])[${index}]`
  const upserts: string[] = []
  const results: string[] = []
  let index = 0
  shape.forEach((windowCount, b) => {
    for (let i = 0; i < windowCount; i++) {
      index++
      const source = i === 0 ? `spent WHERE spent.b = ${b}` : `a${b}_${i - 1} AS previous WHERE previous.count <= ${element(5, "bigint", index - 1)}`
      upserts.push(`a${b}_${i} AS (INSERT INTO ${table} AS r (key, count, reset_at)
      SELECT ${element(3, "text", index)}, $1::integer, now() + ${element(4, "float8", index)} * interval '1 millisecond' FROM ${source}
      ${upsert})`)
      results.push(`SELECT ${b} AS budget, ${i} AS position, count, reset_at FROM a${b}_${i}`)
    }
  })
  return `WITH input AS (
      SELECT * FROM unnest($3::text[], $4::float8[], $5::bigint[], $6::integer[], $7::integer[]) AS i(key, window_ms, lim, budget, position)
    ),
    locks AS (
      SELECT pg_advisory_xact_lock(${namespace}, h) FROM (SELECT DISTINCT hashtext(k) AS h FROM unnest($2::text[]) AS k) AS keys ORDER BY h
    ),
    existing AS (
      SELECT r.key, r.count, r.reset_at FROM ${table} AS r WHERE r.key = ANY($3::text[]) AND (SELECT count(*) FROM locks) > 0 FOR UPDATE
    ),
    would AS (
      SELECT i.budget, i.position, i.lim,
        CASE WHEN e.reset_at > now() THEN LEAST(e.count::bigint + $1::integer, 2147483647) ELSE $1::integer END AS count,
        CASE WHEN e.reset_at > now() THEN e.reset_at ELSE now() + i.window_ms * interval '1 millisecond' END AS reset_at
      FROM input AS i LEFT JOIN existing AS e ON e.key = i.key
    ),
    reached AS (
      SELECT w.*, coalesce(bool_or(w.count > w.lim) OVER (PARTITION BY w.budget ORDER BY w.position ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), false) AS stopped
      FROM would AS w
    ),
    refusing AS (SELECT DISTINCT budget FROM reached WHERE NOT stopped AND count > lim),
    spent AS (
      SELECT b FROM generate_series(0, ${shape.length - 1}) AS b WHERE b IN (SELECT budget FROM refusing) OR NOT EXISTS (SELECT 1 FROM refusing)
    ),
    ${upserts.join(",\n    ")}
    SELECT budget, position, count, reset_at FROM (
      ${results.join("\n      UNION ALL ")}
      UNION ALL SELECT budget, position, count::integer, reset_at FROM reached WHERE NOT stopped AND budget NOT IN (SELECT b FROM spent)
    ) AS results
    ORDER BY budget, position`
}

/** The first half of the spend's advisory-lock key, one per schema: spends in two schemas do not wait for each other. */
function advisoryNamespace(tag: string): number {
  return Number.parseInt(tag.slice(0, 7), 16)
}

/**
 * The key as stored. `TEXT` cannot hold NUL, so NUL becomes `\0` and a backslash `\\`: a one-to-one encoding, so any
 * string is a key and two keys never share a row.
 */
function storedKey(key: string): string {
  return key.replace(/\\/g, "\\\\").replace(/\0/g, "\\0")
}
