/**
 * One process of TR-01 (token-refresh.test.ts): on `go` it races TR_CALLS concurrent token-refresh calls for one
 * account through its own pool on the schema TR_SCHEMA, and answers how many returned true.
 */
import { runTokenRefreshChild } from "@gatehousejs/adapter-test"
import pg from "pg"
import { PostgresAdapter } from "../src/index.js"

const pool = new pg.Pool({ connectionString: process.env.TR_POSTGRES_URL, max: 10 })
// Connected before the parent says go.
await runTokenRefreshChild(PostgresAdapter(pool, { schema: process.env.TR_SCHEMA! }), () => pool.query("SELECT 1"), () => pool.end())
