/**
 * `RedisRateLimitStore`: rate-limit counters in Redis, shared by every process that uses the server. A hit is one
 * Lua script (`INCRBY`, and `PEXPIRE` when the hit starts a window), sent as one `EVALSHA`: one round trip, and
 * atomic, so concurrent hits from any number of processes are all counted. The window ends when Redis expires the
 * key (Redis's clock), so ended windows take no space and need no pruning.
 *
 * One key per counter: works on a single server, Sentinel and Cluster alike.
 */
import { createHash } from "node:crypto"
import type { Redis } from "ioredis"
import { runScript, type Script } from "./scripts.js"

export interface RedisRateLimitStoreOptions {
  /** Prepended to every counter's key. Default `"gatehouse:rate-limit:"`. */
  prefix?: string
}

/** A rate-limit store (core's `RateLimitStore`) on Redis. */
export interface RedisRateLimitStoreInstance {
  /** Adds `cost` (default 1) to `key` in its current window of `windowMs`; the count after it and when the window ends. */
  hit(key: string, windowMs: number, cost?: number): Promise<{ count: number; resetAt: number }>
  /** Forgets `key`. */
  reset(key: string): Promise<void>
}

/** The longest key a store accepts (the `RateLimitStore` contract). */
const MAX_KEY_LENGTH = 512

/**
 * KEYS: counter. ARGV: window (ms), cost. → `{count, ms left in the window}`. A key without a TTL is one this hit
 * created (or one left without a TTL by anything else): it gets the window, so no counter can live forever.
 */
const HIT_LUA = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`
const HIT: Script = { lua: HIT_LUA, sha: createHash("sha1").update(HIT_LUA).digest("hex") }

/**
 * The rate-limit store for Redis. Takes an ioredis client (yours to configure and to quit); give it
 * `maxRetriesPerRequest: 1` and a `commandTimeout` so that a Redis outage fails a check quickly instead of queueing it.
 *
 * @example
 * const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1, commandTimeout: 2000 })
 * const store = RedisRateLimitStore(redis)
 */
export function RedisRateLimitStore(client: Redis, options: RedisRateLimitStoreOptions = {}): RedisRateLimitStoreInstance {
  const prefix = options.prefix ?? "gatehouse:rate-limit:"
  return {
    async hit(key, windowMs, cost = 1) {
      checkHit(key, windowMs, cost)
      const reply = await runScript(client, HIT, [prefix + key], [windowMs, cost])
      const [count, ttl] = reply as [number, number]
      return { count, resetAt: Date.now() + ttl }
    },

    async reset(key) {
      checkKey(key)
      await client.del(prefix + key)
    },
  }
}

function checkKey(key: unknown): asserts key is string {
  if (typeof key !== "string" || key.length > MAX_KEY_LENGTH) {
    throw new TypeError(`RedisRateLimitStore: the key must be a string of at most ${MAX_KEY_LENGTH} characters.`)
  }
}

function checkHit(key: unknown, windowMs: unknown, cost: unknown): void {
  checkKey(key)
  if (!Number.isSafeInteger(windowMs) || (windowMs as number) < 1) {
    throw new RangeError(`RedisRateLimitStore: windowMs must be a whole number of milliseconds, at least 1 (got ${String(windowMs)}).`)
  }
  if (!Number.isSafeInteger(cost) || (cost as number) < 1 || (cost as number) > 2 ** 31 - 1) {
    throw new RangeError(`RedisRateLimitStore: cost must be a whole number from 1 to 2147483647 (got ${String(cost)}).`)
  }
}
