/**
 * One process of the "two processes, one store" test (rate-limit-store.test.ts, RL-04): on `go` it fires
 * RL_HITS concurrent hits on RL_KEY with limit RL_LIMIT through its own client and answers how many were admitted.
 */
import { Redis } from "ioredis"
import { RedisRateLimitStore } from "../src/index.js"

const env = process.env
const client = new Redis(env.RL_REDIS_URL!, { maxRetriesPerRequest: 1 })
const store = RedisRateLimitStore(client, { prefix: env.RL_PREFIX! })
const [hits, limit] = [Number(env.RL_HITS), Number(env.RL_LIMIT)]

process.once("message", async () => {
  const results = await Promise.all(Array.from({ length: hits }, () => store.hit(env.RL_KEY!, 60_000)))
  await client.quit()
  process.send!({ admitted: results.filter((r) => r.count <= limit).length })
})
await client.ping() // connected before the parent says go
process.send!({ ready: true })
