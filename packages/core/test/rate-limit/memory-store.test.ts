// The memory rate-limit store: fixed windows, lazy expiry, a bounded number of keys.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { memoryStore } from "../../src/rate-limit/memory-store.js"

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
})
