/**
 * The second process of the session-store contract's two-process test (session-store.test.ts): its own pool on the
 * same schema, answering the parent's calls.
 */
import { runSessionStoreChild } from "../../adapter-test/src/session-store.js"
import pg from "pg"
import { PostgresSessionStore } from "../src/session-store.js"

const pool = new pg.Pool({ connectionString: process.env.SS_POSTGRES_URL, max: 2 })
// Connected before the parent's first call.
await runSessionStoreChild(PostgresSessionStore(pool, { schema: process.env.SS_SCHEMA! }), () => pool.query("SELECT 1"), () => pool.end())
