/**
 * RedisRateLimitStore against a real Redis, under a prefix of its own deleted afterwards: fixed windows that Redis
 * expires, reset, one EVALSHA per hit, and RL-04: two processes on one server share one exact budget.
 */
import { fork } from "node:child_process"
import { randomUUID } from "node:crypto"
import { fileURLToPath } from "node:url"
import { REDIS_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import type { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RedisRateLimitStore } from "../src/index.js"
import { deleteKeys, keysUnder, newClient, testPrefix } from "./store.js"

/** core's RateLimitStore, structurally (core does not export it yet). */
interface RateLimitStore {
  hit(key: string, windowMs: number, cost?: number): Promise<{ count: number; resetAt: number }>
  reset(key: string): Promise<void>
}

const up = await serviceAvailable("Redis")
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url))
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!up)("RedisRateLimitStore", () => {
  const client = newClient()
  const prefix = testPrefix()
  const store = RedisRateLimitStore(client, { prefix })
  const typed: RateLimitStore = store
  const key = (): string => `k:${randomUUID()}`

  beforeAll(async () => {
    await client.connect()
  })
  afterAll(async () => {
    await deleteKeys(client, prefix)
    await client.quit()
  })

  it("counts hits in one window and reports when it ends", async () => {
    const k = key()
    const before = Date.now()
    const first = await typed.hit(k, 60_000)
    expect(first.count).toBe(1)
    expect(first.resetAt).toBeGreaterThanOrEqual(before + 59_000)
    expect(first.resetAt).toBeLessThanOrEqual(Date.now() + 60_000)
    const second = await typed.hit(k, 60_000, 3)
    expect(second.count).toBe(4)
    expect(Math.abs(second.resetAt - first.resetAt)).toBeLessThan(1_000) // the same window, not a new one
    expect(await client.pttl(prefix + k)).toBeGreaterThan(55_000)
  })

  it("a window that has ended starts again at the cost, and its key is gone in between", async () => {
    const k = key()
    await store.hit(k, 200)
    expect((await store.hit(k, 200)).count).toBe(2)
    await sleep(300)
    expect(await client.exists(prefix + k)).toBe(0)
    const after = await store.hit(k, 200, 2)
    expect(after.count).toBe(2)
  })

  it("reset forgets one key and leaves the others", async () => {
    const [a, b] = [key(), key()]
    await store.hit(a, 60_000)
    await store.hit(b, 60_000)
    await typed.reset(a)
    expect((await store.hit(a, 60_000)).count).toBe(1)
    expect((await store.hit(b, 60_000)).count).toBe(2)
  })

  it("accepts any key up to 512 characters (NUL included) without two keys sharing a counter, all under the prefix", async () => {
    const base = randomUUID()
    const keys = [`${base}\0`, `${base}\0x`, `${base}`, `${base}é🔑`, `${base}${"x".repeat(512 - base.length)}`]
    for (const k of keys) expect((await store.hit(k, 60_000)).count).toBe(1)
    for (const k of keys) expect((await store.hit(k, 60_000)).count).toBe(2)
    expect((await keysUnder(client, `${prefix}${base}`)).length).toBe(keys.length)
  })

  it("refuses a key past 512 characters, a window or cost that is not a positive whole number, with a clear message", async () => {
    await expect(store.hit("x".repeat(513), 1000)).rejects.toThrow("the key must be a string of at most 512 characters")
    await expect(store.hit(key(), 0)).rejects.toThrow("windowMs must be a whole number of milliseconds, at least 1 (got 0)")
    await expect(store.hit(key(), 1.5)).rejects.toThrow("windowMs must be a whole number")
    await expect(store.hit(key(), 1000, 0)).rejects.toThrow("cost must be a whole number from 1 to 2147483647 (got 0)")
  })

  it("a hit is one round trip: one EVALSHA once the script is cached", async () => {
    const k = key()
    await store.hit(k, 60_000) // caches the script if the server had forgotten it
    const sent = await commandsSentDuring(client, async () => {
      expect((await store.hit(k, 60_000)).count).toBe(2)
    })
    expect(sent).toEqual(["evalsha"])
  })

  it("RL-04 two processes on one server, 25 concurrent hits each with limit 20: exactly 20 admitted in total", async () => {
    const k = key()
    const children = [0, 1].map(() =>
      fork(here("../../core/test/security/rt-10-boot.mjs"), [here("./rate-limit-child.ts")], {
        stdio: ["ignore", "inherit", "inherit", "ipc"],
        env: { ...process.env, RL_REDIS_URL: REDIS_URL, RL_PREFIX: prefix, RL_KEY: k, RL_HITS: "25", RL_LIMIT: "20" },
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
      const results = children.map(
        (child) => new Promise<number>((resolve) => child.once("message", (m) => resolve((m as { admitted: number }).admitted))),
      )
      for (const child of children) child.send("go")
      const admitted = await Promise.all(results)
      expect(admitted[0]! + admitted[1]!).toBe(20)
      expect((await store.hit(k, 60_000)).count).toBe(51)
    } finally {
      for (const child of children) if (child.connected) child.disconnect()
    }
  }, 30_000)
})

/** The names of the commands `client` sends while `fn` runs. */
async function commandsSentDuring(client: Redis, fn: () => unknown): Promise<string[]> {
  const sent: string[] = []
  const original = client.sendCommand
  client.sendCommand = function (this: Redis, ...args: Parameters<Redis["sendCommand"]>) {
    sent.push(args[0].name)
    return original.apply(this, args)
  }
  try {
    await fn()
  } finally {
    client.sendCommand = original
  }
  return sent
}
