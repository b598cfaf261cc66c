/**
 * `migrate()`: creates the schema and its tables if they are missing. Idempotent, and safe when several processes
 * start at once: `CREATE … IF NOT EXISTS` alone is not (two sessions can both see a table missing and one then fails
 * on a catalog unique index), so the whole migration runs under a transaction-scoped advisory lock keyed by schema.
 */
import type { Pool } from "pg"
import { SCHEMA_SQL } from "./schema.js"
import { transaction } from "./transaction.js"

export async function migrate(pool: Pool, schema: string, quotedSchema: string): Promise<void> {
  await transaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`@gatehousejs/pg-adapter migrate ${schema}`])
    // CREATE SCHEMA checks the database-level CREATE privilege even with IF NOT EXISTS, so it is only run when the
    // schema is missing: an application role without that privilege can still migrate into `public`.
    const exists = await client.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [schema])
    if (exists.rowCount === 0) await client.query(`CREATE SCHEMA ${quotedSchema}`)
    // schema.sql uses unqualified names; LOCAL ends with the transaction, so the pooled connection is left as it was.
    await client.query(`SET LOCAL search_path TO ${quotedSchema}`)
    await client.query(SCHEMA_SQL)
  })
}
