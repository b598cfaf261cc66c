/**
 * The rate limiter on a shared store: a credentials attempt (`POST /auth/callback/credentials`, wrong password, so
 * nothing is cleared) from a known client, with `rateLimit.store` on PostgreSQL or Redis, against the same attempt
 * with the default memory store. Each attempt checks two budgets (the username's three windows and the client's
 * two); limits are set out of reach so that every attempt is checked in full and none is refused. Round trips per
 * attempt are counted on the driver, as for the database session check: the target is one per budget.
 *
 * - `rate-limit-pg`: `PostgresRateLimitStore` on its own schema (`gatehouse_bench_rl`, made by the adapter's
 *   `migrate()`), dropped afterwards.
 * - `rate-limit-redis`: `RedisRateLimitStore` under `gatehouse-bench-rl:`, keys removed afterwards.
 */
import { Auth, withPeerAddress } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import { cookieHeader } from "./cookies.js"
import { builtOrMissing, countPerCheck, countingPool, probeReason, redisClient, withCleanup } from "./db-scenarios.js"
import { BASE_PATH, ORIGIN, PASSWORD, SECRET, USER, url } from "./fixtures.js"
import { fail, GATEHOUSE } from "./scenarios.js"

const MEMORY = "memory store"
const PG_SCHEMA = "gatehouse_bench_rl"
const REDIS_PREFIX = "gatehouse-bench-rl:"
const CLIENT = "203.0.113.10"
/** The default windows with limits no run reaches: every attempt spends every window. */
const OUT_OF_REACH = 1_000_000_000
const identifierWindows = [60_000, 3_600_000, 86_400_000].map((windowMs) => ({ limit: OUT_OF_REACH, windowMs }))
const clientWindows = [60_000, 3_600_000].map((windowMs) => ({ limit: OUT_OF_REACH, windowMs }))

function config(store) {
  return {
    secret: SECRET,
    trustHost: true,
    basePath: BASE_PATH,
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    rateLimit: { store, credentials: { perIdentifier: identifierWindows, perClient: clientWindows } },
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: (credentials) => (credentials?.password === PASSWORD ? { ...USER } : null),
      }),
    ],
  }
}

/** A wrong-password attempt of one contender: CSRF fetched once, then the same form posted from CLIENT each time. */
async function attemptOp(name, cfg) {
  const csrf = await Auth(new Request(url("/csrf")), cfg)
  const { csrfToken } = await csrf.json()
  const cookie = cookieHeader(csrf)
  const body = new URLSearchParams({ username: "alice", password: "wrong", csrfToken }).toString()
  const callbackUrl = url("/callback/credentials")
  return async () => {
    const request = new Request(callbackUrl, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      body,
    })
    const response = await Auth(withPeerAddress(request, CLIENT), cfg)
    const location = response.headers.get("location") ?? ""
    if (response.status !== 302 || !location.includes("error=CredentialsSignin")) fail(name, `answered ${response.status} ${location}`)
  }
}

function scenario(kind) {
  return (settings) =>
    withCleanup(async (track) => {
      let store
      let counter
      if (kind === "pg") {
        const { default: pg } = await import("pg")
        const { PostgresAdapter, PostgresRateLimitStore } = await import("@gatehousejs/pg-adapter")
        const counted = countingPool(pg, { connectionString: settings.pgUrl, max: settings.pgPoolSize })
        track(() => counted.pool.end())
        const drop = () => counted.pool.query(`DROP SCHEMA IF EXISTS ${PG_SCHEMA} CASCADE`)
        await drop()
        track(drop)
        await PostgresAdapter(counted.pool, { schema: PG_SCHEMA }).migrate()
        store = PostgresRateLimitStore(counted.pool, { schema: PG_SCHEMA })
        counter = counted.counter
      } else {
        const { RedisRateLimitStore } = await import("@gatehousejs/redis-adapter")
        const client = await redisClient(settings, REDIS_PREFIX, track)
        counter = { on: false, counts: { queries: 0 }, reset() { this.counts = { queries: 0 } } }
        const sendCommand = client.sendCommand
        client.sendCommand = function countedSendCommand(command, ...rest) {
          if (counter.on) counter.counts.queries++
          return sendCommand.call(this, command, ...rest)
        }
        store = RedisRateLimitStore(client, { prefix: REDIS_PREFIX })
      }
      const { memoryStore } = await import("@gatehousejs/core")
      const shared = await attemptOp(GATEHOUSE, config(store))
      const memory = await attemptOp(MEMORY, config(memoryStore()))
      return {
        async validate() {
          await shared()
          await memory()
        },
        contenders: [
          { name: GATEHOUSE, op: shared },
          { name: MEMORY, op: memory },
        ],
        async report() {
          const perAttempt = (await countPerCheck(shared, counter)).queries
          const target = perAttempt === 1 ? "PASS" : "FAIL"
          return {
            notes: [`round trips per attempt (two budgets, the username's and the client's, spent all or nothing) over 100 attempts: ${perAttempt.toFixed(2)} (target 1: ${target})`],
            data: { roundTripsPerAttempt: perAttempt },
          }
        },
      }
    })
}

/** In run.js's scenario shape, as dbScenarios. */
export const rateLimitScenarios = [
  {
    id: "rate-limit-pg",
    title: "8a. rate-limited credentials attempt, PostgresRateLimitStore vs the memory store (Gatehouse only)",
    async unavailable(settings) {
      return builtOrMissing("@gatehousejs/pg-adapter", "packages/pg-adapter/dist/index.js") ?? (await probeReason("PostgreSQL", settings.pgUrl, 5432))
    },
    prepare: scenario("pg"),
    comparisons: [{ label: "8a. limiter on PostgreSQL vs in memory", numerator: GATEHOUSE, denominator: MEMORY, percent: true }],
  },
  {
    id: "rate-limit-redis",
    title: "8b. rate-limited credentials attempt, RedisRateLimitStore vs the memory store (Gatehouse only)",
    async unavailable(settings) {
      return builtOrMissing("@gatehousejs/redis-adapter", "packages/redis-adapter/dist/index.js") ?? (await probeReason("Redis", settings.redisUrl, 6379))
    },
    prepare: scenario("redis"),
    comparisons: [{ label: "8b. limiter on Redis vs in memory", numerator: GATEHOUSE, denominator: MEMORY, percent: true }],
  },
]
