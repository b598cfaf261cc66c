/**
 * RedisRateLimitStore against a real Redis, under a prefix of its own deleted afterwards: fixed windows that Redis
 * expires, reset, one EVALSHA per hit, per spend and per spendAll, and RL-04: two processes on one server share one exact budget.
 */
import { randomUUID } from "node:crypto"
import { fileURLToPath } from "node:url"
import { rateLimitStoreContract, type RateLimitStoreLike, REDIS_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RedisRateLimitStore } from "../src/index.js"
import { commandsSentDuring, deleteKeys, keysUnder, newClient, testPrefix } from "./store.js"


const up = await serviceAvailable("Redis")
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url))
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!up)("RedisRateLimitStore", () => {
  const client = newClient()
  const prefix = testPrefix()
  const store = RedisRateLimitStore(client, { prefix })
  const typed: RateLimitStoreLike = store
  const key = (): string => `k:${randomUUID()}`

  // Windows, reset, keys, bad input and RL-04 (two processes, one budget): the contract every store keeps.
  rateLimitStoreContract({ store: () => store, child: here("./rate-limit-child.ts"), childEnv: () => ({ RL_REDIS_URL: REDIS_URL, RL_PREFIX: prefix }) })

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





  it("each window is one Redis key under the prefix, which Redis expires when the window ends", async () => {
    const k = key()
    await store.hit(k, 200)
    expect(await keysUnder(client, `${prefix}${k}`)).toHaveLength(1)
    await sleep(300)
    expect(await client.exists(prefix + k)).toBe(0)
  })

  it("a hit is one round trip: one EVALSHA once the script is cached", async () => {
    const k = key()
    await store.hit(k, 60_000) // caches the script if the server had forgotten it
    const sent = await commandsSentDuring(client, async () => {
      expect((await store.hit(k, 60_000)).count).toBe(2)
    })
    expect(sent).toEqual(["evalsha"])
  })

  it("a spend of three windows is one round trip: one EVALSHA once the script is cached, one key per window", async () => {
    const k = key()
    const windows = [
      { limit: 5, windowMs: 60_000 },
      { limit: 50, windowMs: 3_600_000 },
      { limit: 500, windowMs: 86_400_000 },
    ]
    await store.spend(k, windows) // caches the script if the server had forgotten it
    const sent = await commandsSentDuring(client, async () => {
      expect((await store.spend(k, windows)).map((r) => r.count)).toEqual([2, 2, 2])
    })
    expect(sent).toEqual(["evalsha"])
    expect((await keysUnder(client, `${prefix}${k}:`)).sort()).toEqual(windows.map((w) => `${prefix}${k}:${w.windowMs}`).sort())
    expect(await client.pttl(`${prefix}${k}:86400000`)).toBeGreaterThan(86_000_000)
  })

  it("a spendAll of two budgets is one round trip, and a refused one leaves no key of the other budget", async () => {
    const [client1, identifier] = [key(), key()]
    const clientWindows = [{ limit: 1, windowMs: 60_000 }]
    const identifierWindows = [
      { limit: 5, windowMs: 60_000 },
      { limit: 50, windowMs: 3_600_000 },
    ]
    await store.spendAll([{ key: client1, windows: clientWindows }]) // caches the script
    const sent = await commandsSentDuring(client, async () => {
      const results = await store.spendAll([
        { key: client1, windows: clientWindows },
        { key: identifier, windows: identifierWindows },
      ])
      expect(results.map((budget) => budget.map((r) => r.count))).toEqual([[2], [1, 1]])
    })
    expect(sent).toEqual(["evalsha"])
    expect(await keysUnder(client, `${prefix}${identifier}:`)).toEqual([])
    expect(await client.pttl(`${prefix}${client1}:60000`)).toBeGreaterThan(50_000)
  })
})
