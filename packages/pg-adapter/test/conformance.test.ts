/**
 * The adapter conformance suite (packages/adapter-test) against a real PostgreSQL, in a schema of its own that is
 * dropped and re-created by `migrate()` on every run. The `db` reader is plain SQL, independent of the adapter's
 * mapping code, so the suite checks what PostgreSQL really holds.
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
        if (!found) return null
        // The token-refresh state is read through getAccountForRefresh; the account is the Auth.js columns.
        const { refresh_lease_until: _lease, refresh_failed: _failed, ...account } = found
        return { ...account, expires_at: number(found.expires_at) } as never
      },
      session: async (sessionToken) => {
        const found = await row<Record<string, unknown>>(
          `SELECT s.*, m.created_at, m.last_active_at, m.user_agent, m.ip FROM ${SCHEMA}.sessions s
            LEFT JOIN ${SCHEMA}.session_metadata m ON m.session_token = s."sessionToken" WHERE s."sessionToken" = $1`,
          [sessionToken],
        )
        if (!found) return null
        // The session registry's columns under the model's names (node-postgres gives TIMESTAMPTZ as Date).
        const { created_at, last_active_at, user_agent, ip, ...session } = found
        return { ...session, createdAt: created_at, lastActiveAt: last_active_at, userAgent: user_agent, ip } as never
      },
      verificationToken: ({ identifier, token }) =>
        row(`SELECT * FROM ${SCHEMA}.verification_token WHERE identifier = $1 AND token = $2`, [identifier, token]),
      authenticator: async (credentialID) => {
        const found = await row<Record<string, unknown>>(`SELECT * FROM ${SCHEMA}.authenticators WHERE "credentialID" = $1`, [
          credentialID,
        ])
        return found && ({ ...found, counter: number(found.counter) } as never)
      },
    },
  })
})
