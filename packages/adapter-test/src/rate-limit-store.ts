/**
 * The contract every rate-limit store keeps (core's `RateLimitStore`), run against each store on its real service:
 * fixed windows, reset, any key up to 512 characters, clear refusals of bad input, `spend` of a budget's windows
 * (in order, stopping at the first one over), `spendAll` of a request's budgets (all or nothing: a budget that refuses
 * leaves the others untouched, RT-13), and RL-04 — two processes on one store admit exactly the limit, by `hit`, by
 * `spend` and by `spendAll`. Each store's own test adds what is particular to it (its clock, prune, round trips).
 */
import { fork } from "node:child_process"
import { randomUUID } from "node:crypto"
import { fileURLToPath } from "node:url"
import { expect, it } from "vitest"
import { DAY, HOUR, MINUTE } from "./rate-limit-budgets.js"
import type { RateLimitStoreContractOptions, RateLimitStoreLike } from "./rate-limit-store-like.js"

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

  /** The store's `spend`, or a skip of the test when the store has none (`spend` is optional in the contract). */
  const spendOf = (store: RateLimitStoreLike, skip: () => void): NonNullable<RateLimitStoreLike["spend"]> => {
    if (!store.spend) skip()
    return store.spend!.bind(store)
  }

  it("spend goes through the windows in the order given and stops after the first over its limit, leaving the later ones untouched", async (context) => {
    const store = options.store()
    const spend = spendOf(store, () => context.skip())
    const k = key()
    // Not shortest first: the order given is the order spent.
    const windows = [
      { limit: 3, windowMs: HOUR },
      { limit: 1, windowMs: MINUTE },
      { limit: 100, windowMs: DAY },
    ]
    const first = await spend(k, windows)
    expect(first.map((r) => r.count)).toEqual([1, 1, 1])
    expect(first[0]!.resetAt).toBeGreaterThan(first[1]!.resetAt) // the hour's end, then the minute's
    expect(first[2]!.resetAt).toBeGreaterThan(first[0]!.resetAt)
    // The minute is over: spent there, the day is not reached.
    expect((await spend(k, windows)).map((r) => r.count)).toEqual([2, 2])
    // The hour is over: neither the minute nor the day is reached.
    expect((await spend(k, windows, 2)).map((r) => r.count)).toEqual([4])
    // Each window is the counter `${key}:${windowMs}`, as `hit` sees it.
    expect((await store.hit(`${k}:${HOUR}`, HOUR)).count).toBe(5)
    expect((await store.hit(`${k}:${MINUTE}`, MINUTE)).count).toBe(3)
    const day = await store.hit(`${k}:${DAY}`, DAY)
    expect(day.count).toBe(2)
    expect(Math.abs(day.resetAt - first[2]!.resetAt)).toBeLessThan(1_000) // the same window
  })

  it("spend restarts a window that has ended at the cost, with a new end, and keeps the running ones", async (context) => {
    const store = options.store()
    const spend = spendOf(store, () => context.skip())
    const k = key()
    const windows = [
      { limit: 10, windowMs: 200 },
      { limit: 10, windowMs: MINUTE },
    ]
    await spend(k, windows)
    const before = await spend(k, windows)
    expect(before.map((r) => r.count)).toEqual([2, 2])
    await sleep(300)
    const after = await spend(k, windows, 2)
    expect(after.map((r) => r.count)).toEqual([2, 4])
    expect(after[0]!.resetAt).toBeGreaterThan(before[0]!.resetAt)
    expect(Math.abs(after[1]!.resetAt - before[1]!.resetAt)).toBeLessThan(1_000)
  })

  it("spend takes a key of 512 characters (its counters add the window's length) and refuses bad input with a clear message, spending nothing", async (context) => {
    const store = options.store()
    const spend = spendOf(store, () => context.skip())
    const base = randomUUID()
    const long = `${base}${"x".repeat(512 - base.length)}`
    expect((await spend(long, [{ limit: 5, windowMs: MINUTE }])).map((r) => r.count)).toEqual([1])
    expect((await spend(long, [{ limit: 5, windowMs: MINUTE }])).map((r) => r.count)).toEqual([2])
    expect((await spend(long.slice(1), [{ limit: 5, windowMs: MINUTE }])).map((r) => r.count)).toEqual([1]) // its own counter

    const k = key()
    const fine = { limit: 5, windowMs: MINUTE }
    await expect(spend("x".repeat(513), [fine])).rejects.toThrow("the key must be a string of at most 512 characters")
    await expect(spend(k, [])).rejects.toThrow("windows must be a non-empty array of at most 8 windows")
    const nine = Array.from({ length: 9 }, (_, i) => ({ limit: 5, windowMs: MINUTE + i }))
    await expect(spend(k, nine)).rejects.toThrow("windows must be a non-empty array of at most 8 windows { limit, windowMs } (got 9 windows)")
    await expect(spend(k, undefined as never)).rejects.toThrow("windows must be a non-empty array")
    await expect(spend(k, [fine, null as never])).rejects.toThrow("windows[1] must be an object { limit, windowMs }")
    await expect(spend(k, [fine, { limit: 0, windowMs: HOUR }])).rejects.toThrow("windows[1].limit must be a whole number, at least 1 (got 0)")
    await expect(spend(k, [fine, { limit: 1.5, windowMs: HOUR }])).rejects.toThrow("windows[1].limit must be a whole number")
    await expect(spend(k, [fine, { limit: 5, windowMs: 0 }])).rejects.toThrow("windows[1].windowMs must be a whole number of milliseconds, at least 1 (got 0)")
    await expect(spend(k, [fine, { limit: 9, windowMs: MINUTE }])).rejects.toThrow("windows[1].windowMs repeats 60000")
    await expect(spend(k, [fine], 0)).rejects.toThrow("cost must be a whole number from 1 to 2147483647 (got 0)")
    // Checked before anything is spent: the good window of each refused spend was not counted.
    expect((await store.hit(`${k}:${MINUTE}`, MINUTE)).count).toBe(1)
  })

  /** The store's `spendAll`, or a skip of the test when the store has none. */
  const spendAllOf = (store: RateLimitStoreLike, skip: () => void): NonNullable<RateLimitStoreLike["spendAll"]> => {
    if (!store.spendAll) skip()
    return store.spendAll!.bind(store)
  }
  const counts = (results: { count: number }[][]): number[][] => results.map((budget) => budget.map((window) => window.count))
  const TWO = [
    { limit: 2, windowMs: MINUTE },
    { limit: 10, windowMs: HOUR },
  ]

  it("spendAll spends every budget when none refuses, each as spend would, and reports each in the order given", async (context) => {
    const store = options.store()
    const spendAll = spendAllOf(store, () => context.skip())
    const [client, identifier] = [key(), key()]
    const budgets = [
      { key: client, windows: TWO },
      { key: identifier, windows: [{ limit: 5, windowMs: DAY }] },
    ]
    const first = await spendAll(budgets)
    expect(counts(first)).toEqual([[1, 1], [1]])
    expect(first[0]![1]!.resetAt).toBeGreaterThan(first[0]![0]!.resetAt)
    expect(first[1]![0]!.resetAt).toBeGreaterThan(first[0]![1]!.resetAt)
    // The client's minute refuses this one: the identifier reports the 3 it would have counted, but is not spent.
    expect(counts(await spendAll(budgets, 2))).toEqual([[3], [3]])
    // Each window is the counter `${key}:${windowMs}`, as `hit` and `spend` see it.
    expect((await store.hit(`${client}:${MINUTE}`, MINUTE)).count).toBe(4)
    expect((await store.hit(`${identifier}:${DAY}`, DAY)).count).toBe(2)
  })

  it("spendAll: when one budget refuses, only it is spent (up to its refusing window); the others are untouched and report what spend would have", async (context) => {
    const store = options.store()
    const spendAll = spendAllOf(store, () => context.skip())
    const [client, identifier] = [key(), key()]
    for (let i = 0; i < 2; i++) await spendAll([{ key: client, windows: TWO }])
    const refused = await spendAll([
      { key: client, windows: TWO },
      { key: identifier, windows: TWO },
    ])
    expect(counts(refused)).toEqual([[3], [1, 1]])
    expect(refused[1]![1]!.resetAt).toBeGreaterThan(refused[1]![0]!.resetAt)
    // The identifier has no counter; the client's hour did not count the refusal; its minute did.
    expect((await store.hit(`${identifier}:${MINUTE}`, MINUTE)).count).toBe(1)
    expect((await store.hit(`${identifier}:${HOUR}`, HOUR)).count).toBe(1)
    expect((await store.hit(`${client}:${HOUR}`, HOUR)).count).toBe(3)
    expect((await store.hit(`${client}:${MINUTE}`, MINUTE)).count).toBe(4)
    // Listed the other way round, the same.
    const other = key()
    expect(counts(await spendAll([{ key: other, windows: TWO }, { key: client, windows: TWO }]))).toEqual([[1, 1], [5]])
    expect((await store.hit(`${other}:${MINUTE}`, MINUTE)).count).toBe(1)
  })

  it("spendAll: when two budgets refuse, both count the refusal in their refusing window and no further", async (context) => {
    const store = options.store()
    const spendAll = spendAllOf(store, () => context.skip())
    const [a, b, c] = [key(), key(), key()]
    const budgets = [
      { key: a, windows: TWO },
      { key: b, windows: [...TWO].reverse() }, // the hour first: b's minute refuses second, after its hour is spent
      { key: c, windows: [{ limit: 100, windowMs: MINUTE }] },
    ]
    expect(counts(await spendAll(budgets))).toEqual([[1, 1], [1, 1], [1]])
    expect(counts(await spendAll(budgets))).toEqual([[2, 2], [2, 2], [2]])
    // a and b refuse; c, within its limit, is left untouched.
    expect(counts(await spendAll(budgets))).toEqual([[3], [3, 3], [3]])
    expect((await store.hit(`${a}:${HOUR}`, HOUR)).count).toBe(3)
    expect((await store.hit(`${b}:${HOUR}`, HOUR)).count).toBe(4)
    expect((await store.hit(`${c}:${MINUTE}`, MINUTE)).count).toBe(3)
  })

  it("spendAll restarts an ended window at the cost, and refuses bad input with a clear message, spending nothing", async (context) => {
    const store = options.store()
    const spendAll = spendAllOf(store, () => context.skip())
    const k = key()
    const short = [{ limit: 10, windowMs: 200 }]
    await spendAll([{ key: k, windows: short }, { key: `${k}-b`, windows: short }])
    await sleep(300)
    expect(counts(await spendAll([{ key: k, windows: short }, { key: `${k}-b`, windows: short }], 3))).toEqual([[3], [3]])

    const fine = { key: key(), windows: [{ limit: 5, windowMs: MINUTE }] }
    await expect(spendAll([])).rejects.toThrow("budgets must be a non-empty array of at most 8 budgets { key, windows } (got 0 budgets)")
    await expect(spendAll(Array.from({ length: 9 }, () => ({ ...fine, key: key() })))).rejects.toThrow("(got 9 budgets)")
    await expect(spendAll(undefined as never)).rejects.toThrow("budgets must be a non-empty array")
    await expect(spendAll([fine, null as never])).rejects.toThrow("budgets[1] must be an object { key, windows }")
    await expect(spendAll([fine, { key: "x".repeat(513), windows: fine.windows }])).rejects.toThrow("budgets[1]: the key must be a string of at most 512 characters")
    await expect(spendAll([fine, { key: key(), windows: [] }])).rejects.toThrow("budgets[1]: windows must be a non-empty array")
    await expect(spendAll([fine, { key: key(), windows: [{ limit: 0, windowMs: HOUR }] }])).rejects.toThrow("budgets[1]: windows[0].limit must be a whole number, at least 1 (got 0)")
    await expect(spendAll([fine, { ...fine }])).rejects.toThrow("budgets[1].key repeats an earlier budget's key")
    await expect(spendAll([fine], 0)).rejects.toThrow("cost must be a whole number from 1 to 2147483647 (got 0)")
    // Checked before anything is spent: the good budget of each refused call was not counted.
    expect((await store.hit(`${fine.key}:${MINUTE}`, MINUTE)).count).toBe(1)
  })

  it.for(["hit", "spend", "spendAll"] as const)(
    "RL-04 two processes on one store, 25 concurrent %ss each with limit 20: exactly 20 admitted in total",
    { timeout: 30_000 },
    async (mode, context) => {
      if (mode === "spend") spendOf(options.store(), () => context.skip())
      if (mode === "spendAll") spendAllOf(options.store(), () => context.skip())
      const k = key()
      const children = [0, 1].map(() =>
        fork(boot, [options.child], {
          stdio: ["ignore", "inherit", "inherit", "ipc"],
          env: { ...process.env, ...options.childEnv(), RL_KEY: k, RL_HITS: "25", RL_LIMIT: "20", RL_MODE: mode },
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
        const store = options.store()
        if (mode === "hit") {
          expect((await store.hit(k, MINUTE)).count).toBe(51)
        } else {
          // Every spend counted in the minute; only the 20 admitted reached the hour.
          expect((await store.hit(`${k}:${MINUTE}`, MINUTE)).count).toBe(51)
          expect((await store.hit(`${k}:${HOUR}`, HOUR)).count).toBe(21)
        }
        // spendAll: the other budget counted only the 20 admitted; the 30 refused left it untouched.
        if (mode === "spendAll") expect((await store.hit(`${k}-other:${MINUTE}`, MINUTE)).count).toBe(21)
      } finally {
        for (const child of children) if (child.connected) child.disconnect()
      }
    },
  )
}

export { runRateLimitChild } from "./rate-limit-child.js"
export type { RateLimitStoreContractOptions, RateLimitStoreLike, RateLimitWindowLike } from "./rate-limit-store-like.js"
