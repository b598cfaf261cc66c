/**
 * Security catalog RT-13: nobody can flush a lockout. With the default memory store, one client sends 40,000
 * credentials attempts with random identifiers after `victim` was locked out; `victim` is still refused (429 with
 * Retry-After) from a third client until its window ends, and the store stays within its bound. The memory store's
 * eviction rules themselves are unit-tested in test/rate-limit/memory-store.test.ts; docs/rate-limits.md says what
 * holds.
 */
import { randomUUID } from "node:crypto"
import { memoryStore, type AuthConfig, type RateLimitStore } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import { afterEach, describe, expect, it, vi } from "vitest"
import { BASE, Browser, ORIGIN, SECRET } from "../helpers/auth.js"

const VICTIM_PASSWORD = "the victim's own long password"
const [CLIENT_A, CLIENT_B, CLIENT_C] = ["192.0.2.1", "198.51.100.66", "203.0.113.9"]
const FLOOD = 40_000

/** No `vi.fn()`: 40,000 recorded debug calls would be memory the test itself holds. */
const silent = { error: () => {}, warn: () => {}, debug: () => {} }

/** The default configuration: no `rateLimit` option, so the default (process-wide) memory store. */
function defaultConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    basePath: BASE,
    logger: silent,
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: ({ username, password }) => (username === "victim" && password === VICTIM_PASSWORD ? { id: "victim", name: "Victim" } : null),
      }),
    ],
    ...overrides,
  }
}

/** A browser at `peer` (none: the request carries no client address) with its CSRF token fetched once. */
async function client(config: AuthConfig, peer: string | undefined, headers: Record<string, string> = {}): Promise<(username: string, password: string) => Promise<Response>> {
  const browser = new Browser(config)
  browser.peer = peer
  const csrfToken = await browser.csrfToken()
  return (username, password) => browser.request("/callback/credentials", { body: { username, password, csrfToken }, headers })
}

/** Wrong passwords for `victim` from `peer` until the answer is 429; the number of attempts it took. */
async function lockOut(config: AuthConfig, peer: string | undefined): Promise<number> {
  const attacker = await client(config, peer)
  for (let attempt = 1; attempt <= 20; attempt++) {
    if ((await attacker("victim", `guess-${attempt}`)).status === 429) return attempt
  }
  throw new Error("victim was never locked out")
}

/** `FLOOD` wrong-password attempts from `peer`, each with a random identifier, asking for the script answer (cheap to make). */
async function flood(config: AuthConfig, peer: string | undefined): Promise<void> {
  const flooder = await client(config, peer, { "x-auth-return-redirect": "1" })
  for (let i = 0; i < FLOOD; i++) await flooder(randomUUID(), "Summer2026!")
}

/** `victim` is refused from a third client right now, and again just before the window ends; then it signs in. */
async function expectLockedUntilWindowEnds(config: AuthConfig, peer: string | undefined): Promise<void> {
  const third = await client(config, peer)
  const refused = await third("victim", VICTIM_PASSWORD)
  expect(refused.status).toBe(429)
  const retryAfter = Number(refused.headers.get("retry-after"))
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(60)
  vi.advanceTimersByTime((retryAfter - 1) * 1000)
  expect((await third("victim", VICTIM_PASSWORD)).status).toBe(429)
  vi.advanceTimersByTime(1000)
  const after = await third("victim", VICTIM_PASSWORD)
  expect(after.status).toBe(302)
  expect(after.headers.get("location")).toBe(`${ORIGIN}/`)
}

afterEach(() => {
  vi.useRealTimers()
})

describe("RT-13 a flood of identifiers cannot flush a lockout", () => {
  it("RT-13 default memory store: after victim's lockout from A, 40,000 random identifiers from B leave victim refused from C until its window ends", { timeout: 120_000 }, async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1), toFake: ["Date"] })
    const config = defaultConfig()
    expect(await lockOut(config, CLIENT_A)).toBe(6)
    await flood(config, CLIENT_B)
    await expectLockedUntilWindowEnds(config, CLIENT_C)
  })

  it("RT-13 without any client address (identifier budgets only), 40,000 random identifiers still leave victim refused until its window ends", { timeout: 120_000 }, async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 2), toFake: ["Date"] })
    const config = defaultConfig()
    expect(await lockOut(config, undefined)).toBe(6)
    await flood(config, undefined)
    await expectLockedUntilWindowEnds(config, undefined)
  })

  it("RT-13 a memory store of 1,000 counters holds at most 1,000 through the flood, and victim stays refused", { timeout: 120_000 }, async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 3), toFake: ["Date"] })
    const maxKeys = 1_000
    const { store, counters } = recording(memoryStore({ maxKeys }))
    const config = defaultConfig({ rateLimit: { store } })
    expect(await lockOut(config, undefined)).toBe(6)
    await flood(config, undefined)
    const third = await client(config, CLIENT_C)
    expect((await third("victim", VICTIM_PASSWORD)).status).toBe(429)
    // Each counter the store was given, newest first: a held one counts on (2 or more), a dropped one starts at 1.
    // The store drops the oldest first, so the probe meets every held counter before it re-creates a dropped one.
    let held = 0
    for (const [key, windowMs] of [...counters].reverse()) if ((await store.hit(key, windowMs, 1)).count > 1) held++
    expect(counters.size).toBeGreaterThan(3 * FLOOD)
    expect(held).toBeGreaterThan(0)
    expect(held).toBeLessThanOrEqual(maxKeys)
  })
})

/** `inner`, recording the counters (`${key}:${windowMs}`, and the window length) it is asked to spend, in order. */
function recording(inner: RateLimitStore): { store: RateLimitStore; counters: Map<string, number> } {
  const counters = new Map<string, number>()
  const note = (key: string, windows: readonly { windowMs: number }[]): void => {
    for (const { windowMs } of windows) if (!counters.has(`${key}:${windowMs}`)) counters.set(`${key}:${windowMs}`, windowMs)
  }
  const store: RateLimitStore = {
    hit: (key, windowMs, cost) => inner.hit(key, windowMs, cost),
    reset: (key) => inner.reset(key),
    spend: (key, windows, cost) => {
      note(key, windows)
      return inner.spend!(key, windows, cost)
    },
    spendAll: (budgets, cost) => {
      for (const { key, windows } of budgets) note(key, windows)
      return inner.spendAll!(budgets, cost)
    },
  }
  return { store, counters }
}
