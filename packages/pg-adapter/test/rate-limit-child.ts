/**
 * One process of the "two processes, one store" test (rate-limit-store.test.ts, RL-04): on `go` it fires
 * RL_HITS concurrent hits on RL_KEY with limit RL_LIMIT through its own pool and answers how many were admitted.
 */
import pg from "pg"
import { PostgresRateLimitStore } from "../src/index.js"

const env = process.env
const pool = new pg.Pool({ connectionString: env.RL_POSTGRES_URL, max: 10 })
const store = PostgresRateLimitStore(pool, { schema: env.RL_SCHEMA! })
const [hits, limit] = [Number(env.RL_HITS), Number(env.RL_LIMIT)]

process.once("message", async () => {
  const results = await Promise.all(Array.from({ length: hits }, () => store.hit(env.RL_KEY!, 60_000)))
  await pool.end()
  process.send!({ admitted: results.filter((r) => r.count <= limit).length })
})
await pool.query("SELECT 1") // connected before the parent says go
process.send!({ ready: true })
