/**
 * The endpoint cases of group I again, on every store the limits can live in — the memory store, SQLite, PostgreSQL
 * and Redis: RL-01 (12 wrong passwords, forged X-Forwarded-For each time: 429 after the configured count), RL-03 (the
 * owner's browser signs in during that lockout) and RT-09 (30 e-mail sign-ins for one address send at most the
 * configured number of mails). PostgreSQL and Redis skip with the usual notice when the service does not answer (and
 * fail with GATEHOUSE_REQUIRE_SERVICES=1).
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { memoryStore, type AuthConfig, type RateLimitStore, type SendVerificationRequestParams } from "@gatehousejs/core"
import { POSTGRES_URL, REDIS_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import { PostgresAdapter, PostgresRateLimitStore } from "@gatehousejs/pg-adapter"
import { Email } from "@gatehousejs/core/providers"
import { RedisRateLimitStore } from "@gatehousejs/redis-adapter"
import { SqliteRateLimitStore } from "@gatehousejs/sqlite-adapter"
import { Redis } from "ioredis"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { memoryStore as memoryAdapter } from "../email/memory-store.js"
import { Browser, testConfig, users } from "../helpers/auth.js"

const postgresUp = await serviceAvailable("PostgreSQL")
const redisUp = await serviceAvailable("Redis")
const run = crypto.randomUUID().replaceAll("-", "").slice(0, 12)
const SCHEMA = `gatehouse_rl_${run}`
const PREFIX = `gatehouse-test:rl-${run}:`
const dir = mkdtempSync(join(tmpdir(), "gatehouse-rl-"))
const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 4 })
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true })
const sqlite = SqliteRateLimitStore({ filename: join(dir, "rl.sqlite") })

beforeAll(async () => {
  if (postgresUp) await PostgresAdapter(pool, { schema: SCHEMA }).migrate()
  if (redisUp) await redis.connect()
})

afterAll(async () => {
  sqlite.close()
  rmSync(dir, { recursive: true, force: true })
  if (postgresUp) await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`)
  await pool.end()
  if (redisUp) {
    const keys = await redis.keys(`${PREFIX}*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  }
})

const stores: [string, boolean, () => RateLimitStore][] = [
  ["the memory store", true, () => memoryStore()],
  ["SQLite", true, () => sqlite],
  ["PostgreSQL", postgresUp, () => PostgresRateLimitStore(pool, { schema: SCHEMA })],
  ["Redis", redisUp, () => RedisRateLimitStore(redis, { prefix: PREFIX })],
]

/** Each test counts under its own usernames and addresses: the stores are shared by the whole file. */
let counter = 0
const unique = (name: string): string => `${name}-${++counter}-${run}`

function browserAt(config: AuthConfig, peer: string): Browser {
  const browser = new Browser(config)
  browser.peer = peer
  return browser
}

async function attempt(browser: Browser, username: string, password: string, headers: Record<string, string> = {}): Promise<Response> {
  return browser.request("/callback/credentials", { body: { username, password, csrfToken: await browser.csrfToken() }, headers })
}

describe.each(stores.filter(([, up]) => up))("rate limits on %s", (_, __, store) => {
  it("RL-01 12 wrong passwords, each with a different forged X-Forwarded-For: 5 answered, then 429 with Retry-After", async () => {
    const username = unique("victim")
    const config = testConfig({ logger: { error: vi.fn(), warn: vi.fn(), debug: vi.fn() }, rateLimit: { store: store() } })
    const attacker = browserAt(config, "198.51.100.66")
    const statuses: number[] = []
    for (let i = 1; i <= 12; i++) {
      const response = await attempt(attacker, username, `guess-${i}`, { "x-forwarded-for": `203.0.113.${i}` })
      statuses.push(response.status)
      if (response.status === 429) expect(response.headers.get("retry-after")).toMatch(/^[1-9]\d*$/)
    }
    expect(statuses).toEqual([...Array(5).fill(302), ...Array(7).fill(429)])
  })

  it("RL-03 during that lockout, a browser that signed in before still signs in with the right password", async () => {
    const username = unique("owner")
    users[username] = { id: username, name: "Owner", email: `${username}@example.com`, password: "the owner's password" }
    try {
      const config = testConfig({ logger: { error: vi.fn(), warn: vi.fn(), debug: vi.fn() }, rateLimit: { store: store() } })
      const owner = browserAt(config, "192.0.2.10")
      expect((await attempt(owner, username, "the owner's password")).status).toBe(302)
      const attacker = browserAt(config, "198.51.100.66")
      for (let i = 0; i < 12; i++) await attempt(attacker, username, `guess-${i}`, { "x-forwarded-for": `203.0.113.${i}` })
      expect((await attempt(attacker, username, "the owner's password")).status).toBe(429)
      const back = await attempt(owner, username, "the owner's password")
      expect(back.status).toBe(302)
      expect(back.headers.get("location")).not.toContain("error=")
      expect(await owner.session()).toMatchObject({ user: { email: `${username}@example.com` } })
    } finally {
      delete users[username]
    }
  })

  it("RT-09 30 e-mail sign-ins for one address at once send at most the configured 3 mails; the rest are 429", async () => {
    const outbox: SendVerificationRequestParams[] = []
    vi.stubEnv("AUTH_URL", "https://app.example/auth")
    try {
      const config = testConfig({
        adapter: memoryAdapter(),
        logger: { error: vi.fn(), warn: vi.fn(), debug: vi.fn() },
        rateLimit: { store: store() },
        providers: [Email({ sendVerificationRequest: (params) => void outbox.push(params) })],
      })
      const email = `${unique("inbox")}@example.com`
      const browser = browserAt(config, "192.0.2.20")
      const csrfToken = await browser.csrfToken()
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => browser.request("/signin/email", { body: { email, csrfToken }, headers: { "x-auth-return-redirect": "1" } })),
      )
      // At most 3; one client's 30 requests also spend its own budget (10 a minute) in parallel, and under
      // concurrency the two counters need not agree on which requests came first.
      expect(outbox.length).toBeGreaterThanOrEqual(1)
      expect(outbox.length).toBeLessThanOrEqual(3)
      expect(answers.filter((r) => r.status === 429)).toHaveLength(30 - outbox.length)
      expect(answers.filter((r) => r.status !== 200 && r.status !== 429)).toEqual([])
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
