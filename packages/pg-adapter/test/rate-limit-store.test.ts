/**
 * PostgresRateLimitStore against a real PostgreSQL, in a schema of its own dropped afterwards: fixed windows timed by
 * the database, reset, prune, one round trip per hit, per spend and per spendAll, spends and spendAlls that list one
 * budget's windows (or a request's budgets) in different orders or race prunes without a deadlock, and RL-04: two
 * processes on one database share one exact budget.
 */
import { randomUUID } from "node:crypto"
import { fileURLToPath } from "node:url"
import { POSTGRES_URL, rateLimitStoreContract, type RateLimitStoreLike, serviceAvailable } from "@gatehousejs/adapter-test"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PostgresAdapter, PostgresRateLimitStore } from "../src/index.js"


const up = await serviceAvailable("PostgreSQL")
const SCHEMA = `gatehouse_rl_${randomUUID().replaceAll("-", "").slice(0, 12)}`
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url))
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!up)("PostgresRateLimitStore", () => {
  const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 10 })
  const store = PostgresRateLimitStore(pool, { schema: SCHEMA })
  const typed: RateLimitStoreLike = store
  const key = (): string => `k:${randomUUID()}`

  // Windows, reset, keys, bad input and RL-04 (two processes, one budget): the contract every store keeps.
  rateLimitStoreContract({ store: () => store, child: here("./rate-limit-child.ts"), childEnv: () => ({ RL_POSTGRES_URL: POSTGRES_URL, RL_SCHEMA: SCHEMA }) })

  beforeAll(async () => {
    await PostgresAdapter(pool, { schema: SCHEMA }).migrate()
  })
  afterAll(async () => {
    await pool.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`)
    await pool.end()
  })

  it("counts hits in one window and reports when it ends, by the database's clock", async () => {
    const k = key()
    const { rows } = await pool.query<{ now: Date }>("SELECT now()")
    const first = await typed.hit(k, 60_000)
    expect(first.count).toBe(1)
    expect(first.resetAt).toBeGreaterThanOrEqual(rows[0]!.now.getTime() + 60_000)
    expect(first.resetAt).toBeLessThan(rows[0]!.now.getTime() + 65_000)
    const second = await typed.hit(k, 60_000, 3)
    expect(second).toEqual({ count: 4, resetAt: first.resetAt })
  })



  it("prune deletes the rows whose window ended, and only those", async () => {
    const [ended, running] = [key(), key()]
    await store.hit(ended, 100)
    await store.hit(running, 60_000)
    await sleep(200)
    expect(await store.prune()).toBeGreaterThanOrEqual(1)
    const { rows } = await pool.query<{ key: string }>(`SELECT key FROM "${SCHEMA}".rate_limits WHERE key = ANY($1)`, [[ended, running]])
    expect(rows.map((r) => r.key)).toEqual([running])
  })



  it("the count stops at 2147483647 instead of failing the hit", async () => {
    const k = key()
    await store.hit(k, 60_000, 2 ** 31 - 1)
    expect((await store.hit(k, 60_000, 5)).count).toBe(2 ** 31 - 1)
  })

  /** What `fn` sent through `pool.query`. */
  async function queriesDuring(fn: () => Promise<unknown>): Promise<unknown[]> {
    const sent: unknown[] = []
    const original = pool.query
    pool.query = ((...args: Parameters<typeof pool.query>) => {
      sent.push(args[0])
      return (original as (...a: unknown[]) => unknown).apply(pool, args)
    }) as typeof pool.query
    try {
      await fn()
    } finally {
      pool.query = original
    }
    return sent
  }

  it("a hit is one round trip (one query on the pool)", async () => {
    const k = key()
    await store.hit(k, 60_000)
    const sent = await queriesDuring(async () => expect((await store.hit(k, 60_000)).count).toBe(2))
    expect(sent).toHaveLength(1)
  })

  it("a spend of three windows is one round trip (one prepared statement on the pool)", async () => {
    const k = key()
    const windows = [
      { limit: 5, windowMs: 60_000 },
      { limit: 50, windowMs: 3_600_000 },
      { limit: 500, windowMs: 86_400_000 },
    ]
    const sent = await queriesDuring(async () => expect((await store.spend(k, windows)).map((r) => r.count)).toEqual([1, 1, 1]))
    expect(sent).toEqual([expect.objectContaining({ name: expect.stringMatching(/_rate_limit_spend_3$/) })])
  })

  it("a spendAll of two budgets is one round trip (one prepared statement), and a refused one writes no row of the other budget", async () => {
    const [client, identifier] = [key(), key()]
    const clientWindows = [{ limit: 1, windowMs: 60_000 }]
    const identifierWindows = [
      { limit: 5, windowMs: 60_000 },
      { limit: 50, windowMs: 3_600_000 },
    ]
    await store.spend(client, clientWindows)
    const sent = await queriesDuring(async () => {
      const results = await store.spendAll([
        { key: client, windows: clientWindows },
        { key: identifier, windows: identifierWindows },
      ])
      expect(results.map((budget) => budget.map((r) => r.count))).toEqual([[2], [1, 1]])
    })
    expect(sent).toEqual([expect.objectContaining({ name: expect.stringMatching(/_rate_limit_spend_all_1_2$/) })])
    const { rows } = await pool.query(`SELECT key FROM "${SCHEMA}".rate_limits WHERE key LIKE $1`, [`${identifier}:%`])
    expect(rows).toEqual([])
  })

  it("concurrent spendAlls that list shared budgets in different orders, with spends and prunes among them, finish without a deadlock", async () => {
    const [a, b, c] = [key(), key(), key()]
    const windows = [
      { limit: 1_000, windowMs: 60_000 },
      { limit: 1_000, windowMs: 3_600_000 },
    ]
    const calls = Array.from({ length: 60 }, (_, i) => {
      if (i % 10 === 9) return store.prune()
      if (i % 10 === 8) return store.spend(b, windows)
      const budgets = [a, b, c].map((k) => ({ key: k, windows }))
      return store.spendAll(i % 2 ? budgets : [...budgets].reverse())
    })
    const settled = await Promise.allSettled(calls)
    expect(settled.filter((s) => s.status === "rejected")).toEqual([])
    for (const { windowMs } of windows) expect((await store.hit(`${b}:${windowMs}`, windowMs)).count).toBe(55)
  })

  it("concurrent spends that list one budget's windows in different orders, with prunes among them, finish without a deadlock", async () => {
    const k = key()
    const shortestFirst = [
      { limit: 1_000, windowMs: 60_000 },
      { limit: 1_000, windowMs: 3_600_000 },
      { limit: 1_000, windowMs: 86_400_000 },
    ]
    const longestFirst = [...shortestFirst].reverse()
    const calls = Array.from({ length: 60 }, (_, i) =>
      i % 10 === 9 ? store.prune() : store.spend(k, i % 2 ? shortestFirst : longestFirst),
    )
    const settled = await Promise.allSettled(calls)
    expect(settled.filter((s) => s.status === "rejected")).toEqual([])
    // 54 spends, each within every limit: every window counted each one.
    for (const { windowMs } of shortestFirst) expect((await store.hit(`${k}:${windowMs}`, windowMs)).count).toBe(55)
  })

  it("prunes racing spends that restart ended windows finish without a deadlock", async () => {
    const k = key()
    // Windows of a few milliseconds: rows end all the time, so prune deletes rows that spends are restarting.
    const windows = [
      { limit: 1_000, windowMs: 1 },
      { limit: 1_000, windowMs: 2 },
      { limit: 1_000, windowMs: 3 },
    ]
    for (let round = 0; round < 10; round++) {
      const calls = Array.from({ length: 30 }, (_, i) => (i % 3 === 2 ? store.prune() : store.spend(k, i % 2 ? windows : [...windows].reverse())))
      const settled = await Promise.allSettled(calls)
      expect(settled.filter((s) => s.status === "rejected")).toEqual([])
    }
  }, 20_000)

})
