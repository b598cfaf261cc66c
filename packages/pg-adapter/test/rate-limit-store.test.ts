/**
 * PostgresRateLimitStore against a real PostgreSQL, in a schema of its own dropped afterwards: fixed windows timed by
 * the database, reset, prune, one round trip per hit, and RL-04: two processes on one database share one exact budget.
 */
import { fork } from "node:child_process"
import { randomUUID } from "node:crypto"
import { fileURLToPath } from "node:url"
import { POSTGRES_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PostgresAdapter, PostgresRateLimitStore } from "../src/index.js"

/** core's RateLimitStore, structurally (core does not export it yet). */
interface RateLimitStore {
  hit(key: string, windowMs: number, cost?: number): Promise<{ count: number; resetAt: number }>
  reset(key: string): Promise<void>
}

const up = await serviceAvailable("PostgreSQL")
const SCHEMA = `gatehouse_rl_${randomUUID().replaceAll("-", "").slice(0, 12)}`
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url))
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!up)("PostgresRateLimitStore", () => {
  const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 10 })
  const store = PostgresRateLimitStore(pool, { schema: SCHEMA })
  const typed: RateLimitStore = store
  const key = (): string => `k:${randomUUID()}`

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

  it("a window that has ended starts again at the cost, with a new end", async () => {
    const k = key()
    await store.hit(k, 200)
    const before = await store.hit(k, 200)
    expect(before.count).toBe(2)
    await sleep(300)
    const after = await store.hit(k, 200, 2)
    expect(after.count).toBe(2)
    expect(after.resetAt).toBeGreaterThan(before.resetAt)
  })

  it("reset forgets one key and leaves the others", async () => {
    const [a, b] = [key(), key()]
    await store.hit(a, 60_000)
    await store.hit(b, 60_000)
    await typed.reset(a)
    expect((await store.hit(a, 60_000)).count).toBe(1)
    expect((await store.hit(b, 60_000)).count).toBe(2)
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

  it("accepts any key up to 512 characters (NUL and backslashes included) without two keys sharing a counter", async () => {
    const base = randomUUID()
    const keys = [`${base}\0`, `${base}\\0`, `${base}\\`, `${base}é🔑`, `${base}${"x".repeat(512 - base.length)}`]
    for (const k of keys) expect((await store.hit(k, 60_000)).count).toBe(1)
    for (const k of keys) expect((await store.hit(k, 60_000)).count).toBe(2)
    await store.reset(keys[0]!)
    expect((await store.hit(keys[1]!, 60_000)).count).toBe(3)
  })

  it("refuses a key past 512 characters, a window or cost that is not a positive whole number, with a clear message", async () => {
    await expect(store.hit("x".repeat(513), 1000)).rejects.toThrow("the key must be a string of at most 512 characters")
    await expect(store.hit(key(), 0)).rejects.toThrow("windowMs must be a whole number of milliseconds, at least 1 (got 0)")
    await expect(store.hit(key(), 1.5)).rejects.toThrow("windowMs must be a whole number")
    await expect(store.hit(key(), 1000, 0)).rejects.toThrow("cost must be a whole number from 1 to 2147483647 (got 0)")
  })

  it("the count stops at 2147483647 instead of failing the hit", async () => {
    const k = key()
    await store.hit(k, 60_000, 2 ** 31 - 1)
    expect((await store.hit(k, 60_000, 5)).count).toBe(2 ** 31 - 1)
  })

  it("a hit is one round trip (one query on the pool)", async () => {
    const k = key()
    await store.hit(k, 60_000)
    const sent: unknown[] = []
    const original = pool.query
    pool.query = ((...args: Parameters<typeof pool.query>) => {
      sent.push(args[0])
      return (original as (...a: unknown[]) => unknown).apply(pool, args)
    }) as typeof pool.query
    try {
      expect((await store.hit(k, 60_000)).count).toBe(2)
    } finally {
      pool.query = original
    }
    expect(sent).toHaveLength(1)
  })

  it("RL-04 two processes on one database, 25 concurrent hits each with limit 20: exactly 20 admitted in total", async () => {
    const k = key()
    const children = [0, 1].map(() =>
      fork(here("../../core/test/security/rt-10-boot.mjs"), [here("./rate-limit-child.ts")], {
        stdio: ["ignore", "inherit", "inherit", "ipc"],
        env: { ...process.env, RL_POSTGRES_URL: POSTGRES_URL, RL_SCHEMA: SCHEMA, RL_KEY: k, RL_HITS: "25", RL_LIMIT: "20" },
      }),
    )
    try {
      const ready = children.map((child) => new Promise((resolve, reject) => {
        child.once("message", resolve)
        child.once("exit", (code) => reject(new Error(`a child exited before it was ready (code ${code})`)))
      }))
      await Promise.all(ready)
      const results = children.map((child) => new Promise<number>((resolve) => child.once("message", (m) => resolve((m as { admitted: number }).admitted))))
      for (const child of children) child.send("go")
      const admitted = await Promise.all(results)
      expect(admitted[0]! + admitted[1]!).toBe(20)
      expect((await store.hit(k, 60_000)).count).toBe(51)
    } finally {
      for (const child of children) if (child.connected) child.disconnect()
    }
  }, 30_000)
})
