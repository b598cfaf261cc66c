/**
 * The adapter conformance suite against a real SQLite file. The `db` reader bypasses the adapter: plain SELECTs on a
 * second connection to the same file, converted by hand, so the suite sees what was really written.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "@gatehousejs/core"
import { runAdapterTests } from "@gatehousejs/adapter-test"
import Database from "better-sqlite3"
import { SqliteAdapter, type SqliteAdapterInstance } from "../src/index.js"

const dir = mkdtempSync(join(tmpdir(), "gatehouse-sqlite-conformance-"))
const filename = join(dir, "gatehouse.sqlite")
let adapter: SqliteAdapterInstance
let reader: Database.Database

type Row = Record<string, unknown>

function get(sql: string, ...params: unknown[]): Row | undefined {
  return reader.prepare<unknown[], Row>(sql).get(...params)
}

/** Drops NULL columns, as "absent" and "null" are the same to the suite. */
function present(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null))
}

runAdapterTests({
  name: "sqlite",
  adapter: () => adapter,
  setup: async () => {
    adapter = SqliteAdapter({ filename })
    adapter.migrate()
    reader = new Database(filename, { readonly: true })
  },
  teardown: async () => {
    reader.close()
    adapter.close()
    rmSync(dir, { recursive: true, force: true })
  },
  webauthn: true,
  db: {
    async user(id) {
      const row = get("SELECT * FROM users WHERE id = ?", id)
      if (!row) return null
      const emailVerified = row.emailVerified === null ? null : new Date(row.emailVerified as number)
      return { ...present(row), emailVerified } as unknown as AdapterUser
    },
    async account({ provider, providerAccountId }) {
      const row = get("SELECT * FROM accounts WHERE provider = ? AND providerAccountId = ?", provider, providerAccountId)
      if (!row) return null
      // The token-refresh state is read through getAccountForRefresh; the account is the Auth.js columns.
      const { refresh_lease_until: _lease, refresh_failed: _failed, ...account } = row
      return present(account) as unknown as AdapterAccount
    },
    async session(sessionToken) {
      const row = get(
        `SELECT s.*, m.created_at, m.last_active_at, m.user_agent, m.ip FROM sessions s
         LEFT JOIN session_metadata m ON m.session_token = s.sessionToken WHERE s.sessionToken = ?`,
        sessionToken,
      )
      if (!row) return null
      // The session registry's columns under the model's names, dates from their milliseconds.
      const { created_at, last_active_at, user_agent, ip, ...session } = row
      const date = (ms: unknown): Date | null => (ms === null ? null : new Date(ms as number))
      return {
        ...session,
        expires: new Date(row.expires as number),
        createdAt: date(created_at),
        lastActiveAt: date(last_active_at),
        userAgent: user_agent,
        ip,
      } as unknown as AdapterSession
    },
    async verificationToken({ identifier, token }) {
      const row = get("SELECT * FROM verification_tokens WHERE identifier = ? AND token = ?", identifier, token)
      return row ? ({ ...row, expires: new Date(row.expires as number) } as unknown as VerificationToken) : null
    },
    async authenticator(credentialID) {
      const row = get("SELECT * FROM authenticators WHERE credentialID = ?", credentialID)
      if (!row) return null
      return { ...present(row), credentialBackedUp: row.credentialBackedUp === 1 } as unknown as AdapterAuthenticator
    },
  },
})
