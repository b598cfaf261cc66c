/**
 * One process of TR-01 (token-refresh.test.ts): on `go` it races TR_CALLS concurrent token-refresh calls for one
 * account through its own client under the prefix TR_PREFIX, and answers how many returned true.
 */
import { runTokenRefreshChild } from "@gatehousejs/adapter-test"
import { Redis } from "ioredis"
import { RedisAdapter } from "../src/index.js"

const client = new Redis(process.env.TR_REDIS_URL!, { maxRetriesPerRequest: 1 })
// Connected before the parent says go.
await runTokenRefreshChild(RedisAdapter(client, { prefix: process.env.TR_PREFIX! }), () => client.ping(), () => client.quit())
