/**
 * The adapter conformance suite (packages/adapter-test) against a real PostgreSQL, in a schema of its own that is
 * dropped and re-created by `migrate()` on every run. The `db` reader is plain SQL (`SELECT *`, as Auth.js's suite
 * reads), independent of the adapter's mapping code, so the suite checks what PostgreSQL really holds.
 */
import { POSTGRES_URL, runAdapterTests, serviceAvailable } from "@gatehousejs/adapter-test"
import pg from "pg"
import { describe } from "vitest"
import { PostgresAdapter } from "../src/index.js"

const up = await serviceAvailable("PostgreSQL")
const SCHEMA = "gatehouse_pg_conformance"

describe.skipIf(!up)("PostgresAdapter conformance", () => {
  const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 10 })
  const adapter = PostgresAdapter(pool, { schema: SCHEMA })

  /** The first row of `text`, or null. */
  async function row<T>(text: string, values: unknown[]): Promise<T | null> {
    const result = await pool.query(text, values)
    return (result.rows[0] as T | undefined) ?? null
  }
  /** BIGINT columns come back from node-postgres as strings. */
  const number = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value))

  runAdapterTests({
    name: "postgres",
    adapter: () => adapter,
    webauthn: true,
    setup: async () => {
      await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`)
      await adapter.migrate()
    },
    teardown: async () => {
      await pool.end()
    },
    db: {
      user: (id) => row(`SELECT * FROM ${SCHEMA}.users WHERE id = $1`, [id]),
      account: async ({ provider, providerAccountId }) => {
        const found = await row<Record<string, unknown>>(
          `SELECT * FROM ${SCHEMA}.accounts WHERE provider = $1 AND "providerAccountId" = $2`,
          [provider, providerAccountId],
        )
        return found && ({ ...found, expires_at: number(found.expires_at) } as never)
      },
      session: (sessionToken) => row(`SELECT * FROM ${SCHEMA}.sessions WHERE "sessionToken" = $1`, [sessionToken]),
      // The session registry's table, under the model's names (node-postgres gives TIMESTAMPTZ as Date).
      sessionMetadata: (sessionToken) =>
        row(
          `SELECT created_at AS "createdAt", last_active_at AS "lastActiveAt", user_agent AS "userAgent", ip
            FROM ${SCHEMA}.session_metadata WHERE session_token = $1`,
          [sessionToken],
        ),
      verificationToken: ({ identifier, token }) =>
        row(`SELECT * FROM ${SCHEMA}.verification_token WHERE identifier = $1 AND token = $2`, [identifier, token]),
      // The Password provider's table, under the model's names.
      password: (userId) =>
        row(`SELECT hash, reset_token AS "resetToken", updated_at AS "updatedAt" FROM ${SCHEMA}.user_passwords WHERE user_id = $1`, [userId]),
      authenticator: async (credentialID) => {
        const found = await row<Record<string, unknown>>(`SELECT * FROM ${SCHEMA}.authenticators WHERE "credentialID" = $1`, [
          credentialID,
        ])
        return found && ({ ...found, counter: number(found.counter) } as never)
      },
    },
  })
})
