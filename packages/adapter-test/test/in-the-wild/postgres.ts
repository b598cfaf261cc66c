/**
 * A PostgreSQL schema of one test file's own: a fresh name per run (so parallel files and parallel checkouts never
 * share tables), on the `search_path` of every connection of its pool, and dropped at the end of the run.
 */
import { randomUUID } from "node:crypto"
import pg from "pg"
import { POSTGRES_URL } from "../../src/services.js"

/** `timestamp without time zone`: Drizzle and Prisma write UTC wall-clock time into it, so it is read back as UTC. */
const TIMESTAMP_OID = 1114
const INVALID_TEXT_REPRESENTATION = "22P02"

export interface PostgresSchema {
  /** The schema's name, e.g. `gh_wild_drizzle_1a2b3c4d`. */
  readonly name: string
  /** Connections whose `search_path` is the schema; for the adapter under test and for direct reads. */
  readonly pool: pg.Pool
  /** Creates the schema, empty, and runs `ddl` (if any) in it. */
  create(ddl?: string): Promise<void>
  /** The first row of `sql`, or null; null too when PostgreSQL rejects a parameter's text (a malformed uuid). */
  row(sql: string, params: unknown[]): Promise<Record<string, unknown> | null>
  /** Drops the schema with everything in it and closes the pool. */
  drop(): Promise<void>
}

export function postgresSchema(prefix: string): PostgresSchema {
  const name = `gh_wild_${prefix}_${randomUUID().slice(0, 8)}`
  const pool = new pg.Pool({
    connectionString: POSTGRES_URL,
    options: `-c search_path=${name}`,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === TIMESTAMP_OID
          ? (value: string) => new Date(`${value.replace(" ", "T")}Z`)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  })
  return {
    name,
    pool,
    async create(ddl) {
      await pool.query(`DROP SCHEMA IF EXISTS ${name} CASCADE; CREATE SCHEMA ${name};`)
      if (ddl) await pool.query(ddl)
    },
    async row(sql, params) {
      try {
        return (await pool.query<Record<string, unknown>>(sql, params)).rows[0] ?? null
      } catch (error) {
        // Only "invalid_text_representation": any other error (a misspelt table) must fail the test that read.
        if ((error as { code?: string }).code === INVALID_TEXT_REPRESENTATION) return null
        throw error
      }
    },
    async drop() {
      try {
        await pool.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`)
      } finally {
        await pool.end()
      }
    },
  }
}

/** A `BIGINT` column comes back from node-postgres as a string; the Adapter model's `expires_at` is a number. */
export function withNumericExpiresAt(row: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!row || row.expires_at === null || row.expires_at === undefined) return row
  return { ...row, expires_at: Number(row.expires_at) }
}
