/**
 * `RedisRateLimitStore`: rate-limit counters in Redis, shared by every process that uses the server. A hit is one
 * Lua script (`INCRBY`, and `PEXPIRE` when the hit starts a window), sent as one `EVALSHA`: one round trip, and
 * atomic, so concurrent hits from any number of processes are all counted. The window ends when Redis expires the
 * key (Redis's clock), so ended windows take no space and need no pruning. A spend does a budget's windows in one round
 * trip too: a second script loops over the windows. A `spendAll` does a request's budgets in a third script, which
 * reads every counter before it writes any, so that a budget that refuses leaves the others untouched.
 *
 * One key per counter. `hit` works on a single server, Sentinel and Cluster alike; `spend` and `spendAll` touch one
 * key per window (of every budget) in one script, so on Cluster those keys must share a hash slot: give a prefix with
 * a hash tag (`"{rate-limit}:"`).
 */
import { createHash } from "node:crypto"
import type { Redis } from "ioredis"
import { runScript, type Script } from "./scripts.js"
import { checkRateLimitHit, checkRateLimitKey, checkRateLimitSpend, checkRateLimitSpendAll } from "@gatehousejs/core/adapters"

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
  /**
   * Spends `cost` (default 1) from the windows of the budget `key` in the order given, each as `hit` on
   * `` `${key}:${windowMs}` ``, stopping after the first window over its limit; the result of each window reached.
   * One script: atomic as a whole, one round trip.
   */
  spend(key: string, windows: readonly SpendWindow[], cost?: number): Promise<{ count: number; resetAt: number }[]>
  /**
   * Spends `cost` (default 1) from several budgets of distinct keys, all or nothing: each is evaluated as `spend`
   * would; if any refuses, only the refusing ones are spent (each up to its refusing window), else all are. Each
   * budget's results in the order given (an untouched budget's: what `spend` would have returned). One script.
   */
  spendAll(budgets: readonly SpendBudget[], cost?: number): Promise<{ count: number; resetAt: number }[][]>
}

/** One window of a budget (core's `StoreWindow`): at most `limit` per `windowMs`. */
export interface SpendWindow {
  readonly limit: number
  readonly windowMs: number
}

/** One budget of a `spendAll` (core's `StoreBudget`): its key and windows. */
export interface SpendBudget {
  readonly key: string
  readonly windows: readonly SpendWindow[]
}

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
 * KEYS: the window counters, in the order given. ARGV: cost, then window (ms) and limit of each window.
 * → `{count, ms left}` of each window reached, flattened. Each window is `HIT_LUA`; the loop stops after the first
 * count over its limit, so the later counters are not touched.
 */
const SPEND_LUA = `
local cost = ARGV[1]
local results = {}
for i, key in ipairs(KEYS) do
  local windowMs = ARGV[2 * i]
  local count = redis.call('INCRBY', key, cost)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, windowMs)
    ttl = tonumber(windowMs)
  end
  results[#results + 1] = count
  results[#results + 1] = ttl
  if count > tonumber(ARGV[2 * i + 1]) then break end
end
return results
`
const SPEND: Script = { lua: SPEND_LUA, sha: createHash("sha1").update(SPEND_LUA).digest("hex") }

/**
 * KEYS: the window counters, budget after budget. ARGV: cost, then for each budget its number of windows followed by
 * each window's length (ms) and limit. → for each budget, the number of windows reached and then `{count, ms left}`
 * of each, flattened. First every budget is evaluated without a write (`GET`, `PTTL`: the count `SPEND_LUA` would
 * reach); then, if any refuses, only the refusing ones are spent as `SPEND_LUA` spends, else all of them.
 */
const SPEND_ALL_LUA = `
local cost = tonumber(ARGV[1])
local budgets = {}
local k, a = 0, 2
while a <= #ARGV do
  local n = tonumber(ARGV[a])
  local budget = { windows = {}, reached = {}, refuses = false }
  for w = 1, n do
    budget.windows[w] = { key = KEYS[k + w], ms = tonumber(ARGV[a + 2 * w - 1]), limit = tonumber(ARGV[a + 2 * w]) }
  end
  k, a = k + n, a + 1 + 2 * n
  budgets[#budgets + 1] = budget
end
local anyRefuses = false
for _, budget in ipairs(budgets) do
  for _, window in ipairs(budget.windows) do
    local count, ttl = cost, window.ms
    local current = redis.call('GET', window.key)
    if current then
      count = tonumber(current) + cost
      local left = redis.call('PTTL', window.key)
      if left >= 0 then ttl = left end
    end
    budget.reached[#budget.reached + 1] = { count, ttl }
    if count > window.limit then
      budget.refuses, anyRefuses = true, true
      break
    end
  end
end
local results = {}
for _, budget in ipairs(budgets) do
  if budget.refuses or not anyRefuses then
    budget.reached = {}
    for _, window in ipairs(budget.windows) do
      local count = redis.call('INCRBY', window.key, cost)
      local ttl = redis.call('PTTL', window.key)
      if ttl < 0 then
        redis.call('PEXPIRE', window.key, window.ms)
        ttl = window.ms
      end
      budget.reached[#budget.reached + 1] = { count, ttl }
      if count > window.limit then break end
    end
  end
  results[#results + 1] = #budget.reached
  for _, reached in ipairs(budget.reached) do
    results[#results + 1] = reached[1]
    results[#results + 1] = reached[2]
  end
end
return results
`
const SPEND_ALL: Script = { lua: SPEND_ALL_LUA, sha: createHash("sha1").update(SPEND_ALL_LUA).digest("hex") }

/** How this store names itself in its error messages. */
const STORE = "RedisRateLimitStore"

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
      checkRateLimitHit(STORE, key, windowMs, cost)
      const reply = await runScript(client, HIT, [prefix + key], [windowMs, cost])
      const [count, ttl] = reply as [number, number]
      return { count, resetAt: Date.now() + ttl }
    },

    async spend(key, windows, cost = 1) {
      checkRateLimitSpend(STORE, key, windows, cost)
      const counters = windows.map((window) => `${prefix}${key}:${window.windowMs}`)
      const reply = (await runScript(client, SPEND, counters, [cost, ...windows.flatMap((window) => [window.windowMs, window.limit])])) as number[]
      const now = Date.now()
      const results: { count: number; resetAt: number }[] = []
      for (let i = 0; i < reply.length; i += 2) results.push({ count: reply[i]!, resetAt: now + reply[i + 1]! })
      return results
    },

    async spendAll(budgets, cost = 1) {
      checkRateLimitSpendAll(STORE, budgets, cost)
      const counters = budgets.flatMap((budget) => budget.windows.map((window) => `${prefix}${budget.key}:${window.windowMs}`))
      const args = budgets.flatMap((budget) => [budget.windows.length, ...budget.windows.flatMap((window) => [window.windowMs, window.limit])])
      const reply = (await runScript(client, SPEND_ALL, counters, [cost, ...args])) as number[]
      const now = Date.now()
      const results: { count: number; resetAt: number }[][] = []
      for (let i = 0; i < reply.length; ) {
        const reached = reply[i++]!
        const budget: { count: number; resetAt: number }[] = []
        for (let w = 0; w < reached; w++, i += 2) budget.push({ count: reply[i]!, resetAt: now + reply[i + 1]! })
        results.push(budget)
      }
      return results
    },

    async reset(key) {
      checkRateLimitKey(STORE, key)
      await client.del(prefix + key)
    },
  }
}
