// Budgets of fixed windows: refusals, retryAfter, clearing, a request's budgets all or nothing, exactness under
// concurrency, and the defaults.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { memoryStore } from "../../src/rate-limit/memory-store.js"
import {
  budget,
  clear,
  consume,
  consumeAll,
  CREDENTIALS_PER_CLIENT,
  CREDENTIALS_PER_IDENTIFIER,
  EMAIL_PER_ADDRESS,
  EMAIL_PER_CLIENT,
  OAUTH_SIGNIN_PER_CLIENT,
  WEBAUTHN_PER_CLIENT,
} from "../../src/rate-limit/policy.js"
import type { RateLimitStore } from "../../src/rate-limit/store.js"

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0)
const MINUTE = 60_000

describe("consume", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("allows up to the limit, then refuses with the seconds until the window ends", async () => {
    const store = memoryStore()
    const windows = budget({ limit: 3, windowMs: MINUTE })
    for (let i = 0; i < 3; i++) expect(await consume(store, "k", windows)).toEqual({ allowed: true, retryAfter: 0 })
    vi.setSystemTime(NOW + 20_500)
    expect(await consume(store, "k", windows)).toEqual({ allowed: false, retryAfter: 40 }) // 39.5 s, rounded up
    vi.setSystemTime(NOW + MINUTE)
    expect(await consume(store, "k", windows)).toEqual({ allowed: true, retryAfter: 0 })
  })

  it("refuses at the first window over its limit, shortest first, with the seconds until that window ends", async () => {
    const store = memoryStore()
    const windows = budget({ limit: 3, windowMs: 60 * MINUTE }, { limit: 2, windowMs: MINUTE }, { limit: 10, windowMs: 24 * 60 * MINUTE })
    expect((await consume(store, "k", windows)).allowed).toBe(true)
    expect((await consume(store, "k", windows)).allowed).toBe(true)
    // Third: the minute window refuses.
    expect(await consume(store, "k", windows)).toEqual({ allowed: false, retryAfter: 60 })
    // Next minute: the minute window allows, and the hour window (at 3) allows once more.
    vi.setSystemTime(NOW + MINUTE)
    expect(await consume(store, "k", windows)).toEqual({ allowed: true, retryAfter: 0 })
    expect(await consume(store, "k", windows)).toEqual({ allowed: false, retryAfter: 59 * 60 })
  })

  it("a refused request does not spend the longer windows: hammering cannot lengthen a lockout", async () => {
    const store = memoryStore()
    const windows = budget({ limit: 2, windowMs: MINUTE }, { limit: 5, windowMs: 24 * 60 * MINUTE })
    for (let i = 0; i < 100; i++) await consume(store, "k", windows)
    // 100 requests in the first minute, 98 of them refused: the day has counted 2.
    vi.setSystemTime(NOW + MINUTE)
    expect((await consume(store, "k", windows)).allowed).toBe(true)
    expect((await store.hit(`k:${24 * 60 * MINUTE}`, 24 * 60 * MINUTE)).count).toBe(4)
  })

  it("never answers a retryAfter below 1 second when refused", async () => {
    const store = memoryStore()
    const windows = budget({ limit: 1, windowMs: 1000 })
    await consume(store, "k", windows)
    vi.setSystemTime(NOW + 999.9)
    expect(await consume(store, "k", windows)).toEqual({ allowed: false, retryAfter: 1 })
  })

  it("spends a cost greater than 1", async () => {
    const store = memoryStore()
    const windows = budget({ limit: 5, windowMs: MINUTE })
    expect((await consume(store, "k", windows, 5)).allowed).toBe(true)
    expect((await consume(store, "k", windows, 1)).allowed).toBe(false)
  })

  it("clear forgets every window of the budget, and only that budget", async () => {
    const store = memoryStore()
    const windows = budget({ limit: 1, windowMs: MINUTE }, { limit: 5, windowMs: 60 * MINUTE })
    await consume(store, "a", windows)
    await consume(store, "b", windows)
    expect((await consume(store, "a", windows)).allowed).toBe(false)
    await clear(store, "a", windows)
    expect((await consume(store, "a", windows)).allowed).toBe(true)
    expect((await consume(store, "b", windows)).allowed).toBe(false)
  })

  it("a store with spend: one call for the whole budget", async () => {
    const calls: string[] = []
    const store: RateLimitStore = {
      hit: () => Promise.reject(new Error("not called")),
      async spend(key, windows) {
        calls.push(`${key} ${windows.map((w) => `${w.limit}/${w.windowMs}`).join(" ")}`)
        return windows.map((w) => ({ count: 1, resetAt: NOW + w.windowMs }))
      },
      async reset() {},
    }
    expect((await consume(store, "rl:x:abc", CREDENTIALS_PER_IDENTIFIER)).allowed).toBe(true)
    expect(calls).toEqual(["rl:x:abc 5/60000 20/3600000 100/86400000"])
  })

  it("a store with only hit: each window under its own key, in turn, stopping at the first over its limit", async () => {
    const calls: string[] = []
    const store: RateLimitStore = {
      async hit(key, windowMs) {
        calls.push(`${key} ${windowMs}`)
        return { count: windowMs === 3_600_000 ? 21 : 1, resetAt: NOW + windowMs }
      },
      async reset() {},
    }
    expect((await consume(store, "rl:x:abc", CREDENTIALS_PER_IDENTIFIER)).allowed).toBe(false)
    expect(calls).toEqual(["rl:x:abc:60000 60000", "rl:x:abc:3600000 3600000"])
  })
})

describe("consumeAll: a request's budgets, all or nothing (RT-13)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  const client = { key: "client", windows: budget({ limit: 2, windowMs: MINUTE }) }
  const identifier = (name: string) => ({ key: name, windows: budget({ limit: 5, windowMs: MINUTE }, { limit: 20, windowMs: 60 * MINUTE }) })

  it("with spendAll: one call; a client refused by its own budget creates no counter for the identifiers it sends", async () => {
    const store = memoryStore()
    const spendAll = vi.spyOn(store, "spendAll")
    for (let i = 0; i < 2; i++) expect(await consumeAll(store, [client, identifier(`user-${i}`)])).toEqual([{ allowed: true, retryAfter: 0 }, { allowed: true, retryAfter: 0 }])
    expect(await consumeAll(store, [client, identifier("user-2")])).toEqual([{ allowed: false, retryAfter: 60 }, { allowed: true, retryAfter: 0 }])
    expect(spendAll).toHaveBeenCalledTimes(3)
    expect((await store.hit(`user-2:${MINUTE}`, MINUTE)).count).toBe(1)
  })

  it("with only hit: the budgets in turn, the client's first, the others only if it was not refused (not atomic)", async () => {
    const inner = memoryStore()
    const store: RateLimitStore = { hit: vi.fn(inner.hit), reset: inner.reset }
    for (let i = 0; i < 2; i++) await consumeAll(store, [client, identifier(`user-${i}`)])
    expect(await consumeAll(store, [client, identifier("user-2")])).toEqual([{ allowed: false, retryAfter: 60 }, { allowed: true, retryAfter: 0 }])
    expect(vi.mocked(store.hit).mock.calls.map(([key]) => key)).not.toContain(`user-2:${MINUTE}`)
    // The identifier refusing after the client was spent: the client's count stays (the fallback is not atomic).
    const other = { key: "other-client", windows: budget({ limit: 100, windowMs: MINUTE }) }
    for (let i = 0; i < 6; i++) await consumeAll(store, [other, identifier("victim")])
    expect((await store.hit(`other-client:${MINUTE}`, MINUTE)).count).toBe(7)
  })

  it("one budget: as consume", async () => {
    const store = memoryStore()
    expect(await consumeAll(store, [client])).toEqual([{ allowed: true, retryAfter: 0 }])
  })
})

describe("consume under concurrency", () => {
  it("50 concurrent attempts on one key admit exactly the limit", async () => {
    const store = memoryStore()
    const windows = budget({ limit: 7, windowMs: MINUTE }, { limit: 20, windowMs: 60 * MINUTE })
    const decisions = await Promise.all(Array.from({ length: 50 }, () => consume(store, "k", windows)))
    expect(decisions.filter((d) => d.allowed)).toHaveLength(7)
    expect(decisions.filter((d) => !d.allowed).every((d) => d.retryAfter >= 1)).toBe(true)
  })

  it("50 concurrent attempts on the credentials default admit exactly its tightest limit", async () => {
    const store = memoryStore()
    const decisions = await Promise.all(Array.from({ length: 50 }, () => consume(store, "k", CREDENTIALS_PER_IDENTIFIER)))
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5)
  })
})

describe("budget", () => {
  it.each([
    [[], /at least one window/],
    [[{ limit: 0, windowMs: 1000 }], /limit must be a whole number of at least 1, got 0/],
    [[{ limit: 1.5, windowMs: 1000 }], /limit must be a whole number/],
    [[{ limit: 1, windowMs: -5 }], /windowMs must be a whole number of milliseconds, got -5/],
    [[{ limit: 1, windowMs: Number.NaN }], /windowMs/],
    [[{ limit: 1, windowMs: 1000 }, { limit: 2, windowMs: 1000 }], /two windows of 1000 ms/],
  ])("refuses %j", (windows, message) => {
    expect(() => budget(...windows)).toThrow(message)
  })

  it("orders windows shortest first", () => {
    expect(budget({ limit: 9, windowMs: 3000 }, { limit: 1, windowMs: 1000 }).map((w) => w.windowMs)).toEqual([1000, 3000])
  })

  it("returns frozen copies", () => {
    const windows = budget({ limit: 1, windowMs: 1000 })
    expect(Object.isFrozen(windows) && Object.isFrozen(windows[0])).toBe(true)
  })
})

describe("default budgets", () => {
  it("credentials per identifier: the first refusal within 10 consecutive failures, never more than 100 a day", () => {
    expect(Math.min(...CREDENTIALS_PER_IDENTIFIER.map((w) => w.limit))).toBeLessThan(10)
    const day = CREDENTIALS_PER_IDENTIFIER.find((w) => w.windowMs === 24 * 60 * MINUTE)
    expect(day?.limit).toBeLessThanOrEqual(100)
  })

  it("e-mail per address: a burst sends at most 5 mails", async () => {
    const store = memoryStore()
    const decisions = await Promise.all(Array.from({ length: 30 }, () => consume(store, "k", EMAIL_PER_ADDRESS)))
    expect(decisions.filter((d) => d.allowed).length).toBeLessThanOrEqual(5)
  })

  it("every default is a valid, frozen budget", () => {
    for (const windows of [
      CREDENTIALS_PER_IDENTIFIER,
      CREDENTIALS_PER_CLIENT,
      EMAIL_PER_ADDRESS,
      EMAIL_PER_CLIENT,
      WEBAUTHN_PER_CLIENT,
      OAUTH_SIGNIN_PER_CLIENT,
    ]) {
      expect(budget(...windows)).toEqual(windows)
      expect(Object.isFrozen(windows)).toBe(true)
    }
  })
})
