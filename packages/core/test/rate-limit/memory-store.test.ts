// The memory rate-limit store: fixed windows, lazy expiry, a bounded number of keys that a flood cannot use to lift a
// lockout (security catalog RT-13), and spendAll's all-or-nothing spend of a request's budgets.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { memoryStore } from "../../src/rate-limit/memory-store.js"
import type { RateLimitStore } from "../../src/rate-limit/store.js"

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0)

describe("memoryStore", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("counts hits within one window and says when it ends", async () => {
    const store = memoryStore()
    expect(await store.hit("k", 60_000)).toEqual({ count: 1, resetAt: NOW + 60_000 })
    vi.setSystemTime(NOW + 59_999)
    expect(await store.hit("k", 60_000)).toEqual({ count: 2, resetAt: NOW + 60_000 })
    expect(await store.hit("k", 60_000, 3)).toEqual({ count: 5, resetAt: NOW + 60_000 })
  })

  it("starts an ended window again at the cost", async () => {
    const store = memoryStore()
    await store.hit("k", 60_000)
    await store.hit("k", 60_000)
    vi.setSystemTime(NOW + 60_000)
    expect(await store.hit("k", 60_000, 2)).toEqual({ count: 2, resetAt: NOW + 120_000 })
  })

  it("keeps keys apart and forgets a key on reset", async () => {
    const store = memoryStore()
    await store.hit("a", 60_000)
    await store.hit("a", 60_000)
    expect((await store.hit("b", 60_000)).count).toBe(1)
    await store.reset("a")
    await store.reset("never-seen")
    expect((await store.hit("a", 60_000)).count).toBe(1)
  })

  it("accepts any key up to 512 characters", async () => {
    const store = memoryStore()
    const key = "é:\u0000/".repeat(128)
    expect(key).toHaveLength(512)
    expect((await store.hit(key, 1000)).count).toBe(1)
    expect((await store.hit(key, 1000)).count).toBe(2)
  })

  it("holds at most maxKeys counters, dropping the oldest window first", async () => {
    const store = memoryStore({ maxKeys: 3 })
    for (const key of ["a", "b", "c"]) await store.hit(key, 60_000)
    await store.hit("a", 60_000) // a's window is still the oldest: counting on does not make it newer
    await store.hit("d", 60_000)
    expect((await store.hit("a", 60_000)).count).toBe(1) // "a" was dropped for "d" ...
    expect((await store.hit("c", 60_000)).count).toBe(2) // ... then "b" for "a"; "c" kept
    expect((await store.hit("d", 60_000)).count).toBe(2)
  })

  it("a flood of distinct keys keeps the size bounded", async () => {
    const store = memoryStore({ maxKeys: 100 })
    await store.hit("victim", 60_000)
    for (let i = 0; i < 10_000; i++) await store.hit(`flood-${i}`, 60_000)
    // The newest 100 are all held; anything older is gone.
    expect((await store.hit("flood-9999", 60_000)).count).toBe(2)
    expect((await store.hit("flood-9900", 60_000)).count).toBe(2)
    expect((await store.hit("flood-9899", 60_000)).count).toBe(1)
    expect((await store.hit("victim", 60_000)).count).toBe(1)
  })

  it("refuses bad arguments with a message, as a rejected promise", async () => {
    expect(() => memoryStore({ maxKeys: 0 })).toThrow(/maxKeys must be a whole number of at least 1, got 0/)
    const store = memoryStore()
    await expect(store.hit("k", 0)).rejects.toThrow(/windowMs must be a whole number of milliseconds/)
    await expect(store.hit("k", 1000, -1)).rejects.toThrow(/cost must be a whole number of at least 0/)
    await expect(store.hit("k", 1000, 1.5)).rejects.toThrow(/cost/)
  })

  it("spend: every window of a budget in one step, stopping after the first over its limit", async () => {
    const store = memoryStore()
    const windows = [
      { limit: 1, windowMs: 1000 },
      { limit: 5, windowMs: 60_000 },
    ]
    expect(await store.spend!("b", windows)).toEqual([
      { count: 1, resetAt: NOW + 1000 },
      { count: 1, resetAt: NOW + 60_000 },
    ])
    expect(await store.spend!("b", windows)).toEqual([{ count: 2, resetAt: NOW + 1000 }])
    // The minute window was not touched by the refused spend.
    expect(await store.hit("b:60000", 60_000)).toEqual({ count: 2, resetAt: NOW + 60_000 })
  })

  describe("RT-13 eviction: a lockout outlives any flood", () => {
    const LOCK = [{ limit: 5, windowMs: 60_000 }]
    const MINUTE_HOUR = [
      { limit: 5, windowMs: 60_000 },
      { limit: 20, windowMs: 3_600_000 },
    ]

    /** Locks `key` out of LOCK: seven spends, the last two refused. */
    async function lockOut(store: RateLimitStore, key: string): Promise<void> {
      for (let i = 0; i < 6; i++) await store.spend!(key, LOCK)
      expect((await store.spend!(key, LOCK))[0]!.count).toBe(7)
    }

    /** How many of `keys` (oldest first) the store holds: probed newest first, so that a re-created key evicts only ones already probed. */
    async function held(store: RateLimitStore, keys: string[], windowMs: number): Promise<number> {
      let count = 0
      for (const key of [...keys].reverse()) if ((await store.hit(key, windowMs, 0)).count > 0) count++
      return count
    }

    it("a counter over its limit inside its window survives a flood of new keys, by spend and by spendAll", async () => {
      const store = memoryStore({ maxKeys: 50 })
      await lockOut(store, "victim")
      for (let i = 0; i < 5_000; i++) await store.spend!(`flood-${i}`, MINUTE_HOUR)
      for (let i = 0; i < 5_000; i++) await store.spendAll!([{ key: `client-${i}`, windows: MINUTE_HOUR }, { key: `id-${i}`, windows: MINUTE_HOUR }])
      for (let i = 0; i < 5_000; i++) await store.hit(`hit-${i}`, 60_000)
      expect(await store.spend!("victim", LOCK)).toEqual([{ count: 8, resetAt: NOW + 60_000 }])
      // Until its window ends.
      vi.setSystemTime(NOW + 60_000)
      expect(await store.spend!("victim", LOCK)).toEqual([{ count: 1, resetAt: NOW + 120_000 }])
    })

    it("a budget that used up its allowance (5 of 5, no refusal yet) keeps it used up through a flood", async () => {
      const store = memoryStore({ maxKeys: 100 })
      for (let i = 0; i < 5; i++) await store.spend!("victim", LOCK)
      for (let i = 0; i < 1_000; i++) await store.spend!(`flood-${i}`, LOCK)
      expect(await store.spend!("victim", LOCK)).toEqual([{ count: 6, resetAt: NOW + 60_000 }])
    })

    it("never holds more than maxKeys counters: under-limit ones give way oldest first", async () => {
      const store = memoryStore({ maxKeys: 100 })
      await lockOut(store, "victim")
      const keys = Array.from({ length: 1_000 }, (_, i) => `flood-${i}`)
      for (const key of keys) await store.spend!(key, LOCK)
      // The lockout and the newest 99: 100 in all.
      expect(await held(store, keys.map((key) => `${key}:60000`), 60_000)).toBe(99)
      expect((await store.hit("victim:60000", 60_000, 0)).count).toBe(7)
    })

    it("when every counter held is a running lockout, a new counter is not recorded (allowed, uncounted) and the lockouts hold", async () => {
      const store = memoryStore({ maxKeys: 3 })
      await lockOut(store, "a")
      vi.setSystemTime(NOW + 10_000)
      await lockOut(store, "b")
      await lockOut(store, "c")
      for (let i = 0; i < 3; i++) expect(await store.spend!("new", LOCK)).toEqual([{ count: 1, resetAt: NOW + 70_000 }])
      expect((await store.hit("other", 60_000)).count).toBe(1)
      for (const key of ["a", "b", "c"]) expect((await store.spend!(key, LOCK))[0]!.count).toBeGreaterThan(5)
      // Once the earliest lockout ends, its place is free again.
      vi.setSystemTime(NOW + 60_000)
      expect((await store.spend!("new", LOCK))[0]!.count).toBe(1)
      expect((await store.spend!("new", LOCK))[0]!.count).toBe(2)
      expect((await store.spend!("b", LOCK))[0]!.count).toBeGreaterThan(5)
    })

    it("an ended counter gives way before a running one", async () => {
      const store = memoryStore({ maxKeys: 2 })
      await store.hit("short", 1_000)
      await store.hit("long", 60_000)
      vi.setSystemTime(NOW + 1_000)
      await store.hit("new", 60_000)
      expect((await store.hit("long", 60_000)).count).toBe(2)
      expect((await store.hit("new", 60_000)).count).toBe(2)
    })

    it("a counter that goes over by hit alone stays under (hit knows no limit) and gives way as before", async () => {
      const store = memoryStore({ maxKeys: 2 })
      for (let i = 0; i < 10; i++) await store.hit("a", 60_000)
      await store.hit("b", 60_000)
      await store.hit("c", 60_000)
      expect((await store.hit("a", 60_000)).count).toBe(1)
    })
  })

  describe("spendAll: a request's budgets, all or nothing", () => {
    const windows = [
      { limit: 2, windowMs: 60_000 },
      { limit: 10, windowMs: 3_600_000 },
    ]

    it("spends every budget when none refuses, each as spend would", async () => {
      const store = memoryStore()
      expect(await store.spendAll!([{ key: "client", windows }, { key: "id", windows }])).toEqual([
        [{ count: 1, resetAt: NOW + 60_000 }, { count: 1, resetAt: NOW + 3_600_000 }],
        [{ count: 1, resetAt: NOW + 60_000 }, { count: 1, resetAt: NOW + 3_600_000 }],
      ])
      expect((await store.hit("id:3600000", 3_600_000)).count).toBe(2)
    })

    it("when one budget refuses, only it is spent, up to its refusing window; the others are untouched but say what they would have counted", async () => {
      const store = memoryStore()
      await store.spend!("client", windows)
      await store.spend!("client", windows)
      const refused = await store.spendAll!([{ key: "client", windows }, { key: "fresh-id", windows }])
      expect(refused).toEqual([
        [{ count: 3, resetAt: NOW + 60_000 }],
        [{ count: 1, resetAt: NOW + 60_000 }, { count: 1, resetAt: NOW + 3_600_000 }],
      ])
      // fresh-id has no counter: its first spend starts at 1; the client's hour was not spent by the refusal.
      expect((await store.hit("fresh-id:60000", 60_000)).count).toBe(1)
      expect((await store.hit("client:3600000", 3_600_000)).count).toBe(3)
    })

    it("when two budgets refuse, both count the refusal", async () => {
      const store = memoryStore()
      for (let i = 0; i < 2; i++) await store.spendAll!([{ key: "a", windows }, { key: "b", windows }])
      const results = await store.spendAll!([{ key: "a", windows }, { key: "b", windows }])
      expect(results.map((r) => r.map((w) => w.count))).toEqual([[3], [3]])
      expect((await store.spendAll!([{ key: "a", windows }, { key: "b", windows }])).map((r) => r.map((w) => w.count))).toEqual([[4], [4]])
    })
  })
})
