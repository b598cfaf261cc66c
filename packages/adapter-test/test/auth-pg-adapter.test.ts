/**
 * The conformance suite against Auth.js's own `@auth/pg-adapter` (1.11.3) on its documented schema
 * (authjs-behaviour §7.4), in a schema of its own that is dropped and recreated on every run. This shows which of
 * our contract's demands the upstream adapter meets, and keeps the suite honest about Auth.js compatibility.
 */
import PostgresAdapter from "@auth/pg-adapter"
import type { Adapter } from "@gatehousejs/core"
import pg from "pg"
import { describe } from "vitest"
import { POSTGRES_URL, runAdapterTests, serviceAvailable } from "../src/index.js"

const SCHEMA = "authjs_pg_conformance"

// @auth/pg-adapter's schema.sql, verbatim apart from the schema name: SERIAL ids, no foreign keys, no unique index.
const SCHEMA_SQL = `
DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE;
CREATE SCHEMA ${SCHEMA};
SET search_path = ${SCHEMA};
CREATE TABLE verification_token (
  identifier TEXT NOT NULL,
  expires TIMESTAMPTZ NOT NULL,
  token TEXT NOT NULL,
  PRIMARY KEY (identifier, token)
);
CREATE TABLE accounts (
  id SERIAL,
  "userId" INTEGER NOT NULL,
  type VARCHAR(255) NOT NULL,
  provider VARCHAR(255) NOT NULL,
  "providerAccountId" VARCHAR(255) NOT NULL,
  refresh_token TEXT,
  access_token TEXT,
  expires_at BIGINT,
  id_token TEXT,
  scope TEXT,
  session_state TEXT,
  token_type TEXT,
  PRIMARY KEY (id)
);
CREATE TABLE sessions (
  id SERIAL,
  "userId" INTEGER NOT NULL,
  expires TIMESTAMPTZ NOT NULL,
  "sessionToken" VARCHAR(255) NOT NULL,
  PRIMARY KEY (id)
);
CREATE TABLE users (
  id SERIAL,
  name VARCHAR(255),
  email VARCHAR(255),
  "emailVerified" TIMESTAMPTZ,
  image TEXT,
  PRIMARY KEY (id)
);
`

/** The first row of `sql`, or null; null too when PostgreSQL rejects the parameters (a malformed integer id). */
async function firstRow(pool: pg.Pool, sql: string, params: unknown[]): Promise<Record<string, unknown> | null> {
  try {
    const result = await pool.query<Record<string, unknown>>(sql, params)
    return result.rows[0] ?? null
  } catch {
    return null
  }
}

if (await serviceAvailable("PostgreSQL")) {
  const pool = new pg.Pool({ connectionString: POSTGRES_URL, options: `-c search_path=${SCHEMA}`, max: 10 })
  // The package is typed against @auth/core's Adapter, which is ours unchanged (packages/core/src/adapters.ts).
  const adapter = PostgresAdapter(pool) as unknown as Adapter

  runAdapterTests({
    name: "@auth/pg-adapter",
    adapter: () => adapter,
    setup: async () => {
      await pool.query(SCHEMA_SQL)
    },
    teardown: async () => {
      await pool.end()
    },
    db: {
      user: async (id) => (await firstRow(pool, `SELECT * FROM users WHERE id = $1`, [id])) as never,
      account: async ({ provider, providerAccountId }) => {
        const row = await firstRow(pool, `SELECT * FROM accounts WHERE provider = $1 AND "providerAccountId" = $2`, [
          provider,
          providerAccountId,
        ])
        // BIGINT comes back from node-postgres as a string; the adapter's own mapExpiresAt does the same.
        return (row && { ...row, expires_at: row.expires_at === null ? null : Number(row.expires_at) }) as never
      },
      session: async (sessionToken) =>
        (await firstRow(pool, `SELECT * FROM sessions WHERE "sessionToken" = $1`, [sessionToken])) as never,
      verificationToken: async ({ identifier, token }) =>
        (await firstRow(pool, `SELECT * FROM verification_token WHERE identifier = $1 AND token = $2`, [
          identifier,
          token,
        ])) as never,
    },
    skip: [
      // SERIAL ids: createUser/getUser/getUserByEmail return `id` as a number, not the string AdapterUser promises.
      // Every other comparison of ids is by string form, so this is the only user test the integer ids fail.
      "createUser, getUser and getUserByEmail return the user id as a string",
      // Same cause: sessions."userId" is INTEGER, so createSession and getSessionAndUser return numeric user ids.
      "createSession and getSessionAndUser return user ids as strings",
      // No unique index on accounts (provider, "providerAccountId") (authjs-behaviour §7.4): two racing linkAccount
      // calls both insert, and the account then belongs to two users. Our adapters must pass this one.
      "DB-03 unique account",
    ],
  })
} else {
  describe.skip("adapter: @auth/pg-adapter (PostgreSQL not reachable)", () => {})
}
