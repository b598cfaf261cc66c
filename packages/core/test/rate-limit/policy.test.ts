// Budgets of fixed windows: refusals, retryAfter, clearing, exactness under concurrency, and the defaults.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { memoryStore } from "../../src/rate-limit/memory-store.js"
import {
  budget,
  clear,
  consume,
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

  it("refuses when any window is over, and answers the latest end among the exceeded windows", async () => {
    const store = memoryStore()
    const windows = budget({ limit: 2, windowMs: MINUTE }, { limit: 3, windowMs: 60 * MINUTE }, { limit: 10, windowMs: 24 * 60 * MINUTE })
    expect((await consume(store, "k", windows)).allowed).toBe(true)
    expect((await consume(store, "k", windows)).allowed).toBe(true)
    // Third: only the minute window is over.
    expect(await consume(store, "k", windows)).toEqual({ allowed: false, retryAfter: 60 })
    // Next minute: the minute window allows again, the hour window (now at 4) refuses until its end.
    vi.setSystemTime(NOW + MINUTE)
    expect(await consume(store, "k", windows)).toEqual({ allowed: false, retryAfter: 59 * 60 })
    // Both over: the later end wins.
    expect(await consume(store, "k", windows)).toEqual({ allowed: false, retryAfter: 59 * 60 })
    expect(await consume(store, "k", windows)).toEqual({ allowed: false, retryAfter: 59 * 60 })
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

  it("hits every window in parallel: one store call per window, each window under its own key", async () => {
    const calls: string[] = []
    let inFlight = 0
    let mostInFlight = 0
    const store: RateLimitStore = {
      async hit(key, windowMs) {
        calls.push(`${key} ${windowMs}`)
        mostInFlight = Math.max(mostInFlight, ++inFlight)
        await new Promise((resolve) => setTimeout(resolve, 5))
        inFlight--
        return { count: 1, resetAt: NOW + windowMs }
      },
      async reset() {},
    }
    await consume(store, "rl:x:abc", CREDENTIALS_PER_IDENTIFIER)
    expect(calls).toEqual(["rl:x:abc:60000 60000", "rl:x:abc:3600000 3600000", "rl:x:abc:86400000 86400000"])
    expect(mostInFlight).toBe(3)
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
