/**
 * The contract every rate-limit store keeps (core's `RateLimitStore`), run against each store on its real service:
 * fixed windows, reset, any key up to 512 characters, clear refusals of bad input, and RL-04 — two processes on one
 * store admit exactly the limit. Each store's own test adds what is particular to it (its clock, prune, round trips).
 */
import { fork } from "node:child_process"
import { randomUUID } from "node:crypto"
import { fileURLToPath } from "node:url"
import { expect, it } from "vitest"

/** core's `RateLimitStore`, structurally (core does not export it yet). */
export interface RateLimitStoreLike {
  hit(key: string, windowMs: number, cost?: number): Promise<{ count: number; resetAt: number }>
  reset(key: string): Promise<void>
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

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
const boot = fileURLToPath(new URL("../../core/test/security/rt-10-boot.mjs", import.meta.url))

/** Registers the contract's tests in the current `describe`. */
export function rateLimitStoreContract(options: RateLimitStoreContractOptions): void {
  const key = (): string => `k:${randomUUID()}`

  it("a window that has ended starts again at the cost, with a new end", async () => {
    const store = options.store()
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
    const store = options.store()
    const [a, b] = [key(), key()]
    await store.hit(a, 60_000)
    await store.hit(b, 60_000)
    await store.reset(a)
    expect((await store.hit(a, 60_000)).count).toBe(1)
    expect((await store.hit(b, 60_000)).count).toBe(2)
  })

  it("accepts any key up to 512 characters (NUL and backslashes included) without two keys sharing a counter", async () => {
    const store = options.store()
    const base = randomUUID()
    const keys = [`${base}\0`, `${base}\\0`, `${base}\\`, `${base}é🔑`, `${base}${"x".repeat(512 - base.length)}`]
    for (const k of keys) expect((await store.hit(k, 60_000)).count).toBe(1)
    for (const k of keys) expect((await store.hit(k, 60_000)).count).toBe(2)
    await store.reset(keys[0]!)
    expect((await store.hit(keys[1]!, 60_000)).count).toBe(3)
  })

  it("refuses a key past 512 characters, a window or cost that is not a positive whole number, with a clear message", async () => {
    const store = options.store()
    await expect(store.hit("x".repeat(513), 1000)).rejects.toThrow("the key must be a string of at most 512 characters")
    await expect(store.hit(key(), 0)).rejects.toThrow("windowMs must be a whole number of milliseconds, at least 1 (got 0)")
    await expect(store.hit(key(), 1.5)).rejects.toThrow("windowMs must be a whole number")
    await expect(store.hit(key(), 1000, 0)).rejects.toThrow("cost must be a whole number from 1 to 2147483647 (got 0)")
  })

  it("RL-04 two processes on one store, 25 concurrent hits each with limit 20: exactly 20 admitted in total", async () => {
    const k = key()
    const children = [0, 1].map(() =>
      fork(boot, [options.child], {
        stdio: ["ignore", "inherit", "inherit", "ipc"],
        env: { ...process.env, ...options.childEnv(), RL_KEY: k, RL_HITS: "25", RL_LIMIT: "20" },
      }),
    )
    try {
      const ready = children.map(
        (child) =>
          new Promise((resolve, reject) => {
            child.once("message", resolve)
            child.once("exit", (code) => reject(new Error(`a child exited before it was ready (code ${code})`)))
          }),
      )
      await Promise.all(ready)
      const results = children.map((child) => new Promise<number>((resolve) => child.once("message", (m) => resolve((m as { admitted: number }).admitted))))
      for (const child of children) child.send("go")
      const admitted = await Promise.all(results)
      expect(admitted[0]! + admitted[1]!).toBe(20)
      expect((await options.store().hit(k, 60_000)).count).toBe(51)
    } finally {
      for (const child of children) if (child.connected) child.disconnect()
    }
  }, 30_000)
}

/**
 * The body of an RL-04 child process: once `ready` resolves (connected), tells the parent; on `go`, fires RL_HITS
 * concurrent hits on RL_KEY, closes, and answers how many were within RL_LIMIT.
 */
export async function runRateLimitChild(store: RateLimitStoreLike, ready: () => Promise<unknown>, close: () => unknown): Promise<void> {
  const env = process.env
  const [hits, limit] = [Number(env.RL_HITS), Number(env.RL_LIMIT)]
  process.once("message", async () => {
    const results = await Promise.all(Array.from({ length: hits }, () => store.hit(env.RL_KEY!, 60_000)))
    await close()
    process.send!({ admitted: results.filter((r) => r.count <= limit).length })
  })
  await ready()
  process.send!({ ready: true })
}
