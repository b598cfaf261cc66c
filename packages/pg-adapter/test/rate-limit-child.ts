/**
 * One process of the "two processes, one store" test (rate-limit-store.test.ts, RL-04): on `go` it fires RL_HITS
 * concurrent hits (or spends, when RL_MODE is `spend`) on RL_KEY through its own pool and answers how many were
 * admitted.
 */
import { runRateLimitChild } from "@gatehousejs/adapter-test"
import pg from "pg"
import { PostgresRateLimitStore } from "../src/index.js"

const pool = new pg.Pool({ connectionString: process.env.RL_POSTGRES_URL, max: 10 })
// Connected before the parent says go.
await runRateLimitChild(PostgresRateLimitStore(pool, { schema: process.env.RL_SCHEMA! }), () => pool.query("SELECT 1"), () => pool.end())
