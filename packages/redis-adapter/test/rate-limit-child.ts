/**
 * One process of the "two processes, one store" test (rate-limit-store.test.ts, RL-04): on `go` it fires RL_HITS
 * concurrent hits (or spends, when RL_MODE is `spend`) on RL_KEY through its own client and answers how many were
 * admitted.
 */
import { runRateLimitChild } from "@gatehousejs/adapter-test"
import { Redis } from "ioredis"
import { RedisRateLimitStore } from "../src/index.js"

const client = new Redis(process.env.RL_REDIS_URL!, { maxRetriesPerRequest: 1 })
// Connected before the parent says go.
await runRateLimitChild(RedisRateLimitStore(client, { prefix: process.env.RL_PREFIX! }), () => client.ping(), () => client.quit())
