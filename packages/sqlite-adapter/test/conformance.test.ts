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
      return row ? (present(row) as unknown as AdapterAccount) : null
    },
    async session(sessionToken) {
      const row = get("SELECT * FROM sessions WHERE sessionToken = ?", sessionToken)
      return row ? ({ ...row, expires: new Date(row.expires as number) } as unknown as AdapterSession) : null
    },
    async sessionMetadata(sessionToken) {
      const row = get("SELECT * FROM session_metadata WHERE session_token = ?", sessionToken)
      if (!row) return null
      // The session registry's table under the model's names, dates from their milliseconds.
      const date = (ms: unknown): Date | null => (ms === null ? null : new Date(ms as number))
      return { createdAt: date(row.created_at), lastActiveAt: date(row.last_active_at), userAgent: row.user_agent as string | null, ip: row.ip as string | null }
    },
    async verificationToken({ identifier, token }) {
      const row = get("SELECT * FROM verification_tokens WHERE identifier = ? AND token = ?", identifier, token)
      return row ? ({ ...row, expires: new Date(row.expires as number) } as unknown as VerificationToken) : null
    },
    async password(userId) {
      const row = get("SELECT * FROM user_passwords WHERE user_id = ?", userId)
      // The Password provider's table under the model's names, updatedAt from its milliseconds.
      return row ? { hash: row.hash as string | null, resetToken: row.reset_token as string | null, updatedAt: new Date(row.updated_at as number) } : null
    },
    async authenticator(credentialID) {
      const row = get("SELECT * FROM authenticators WHERE credentialID = ?", credentialID)
      if (!row) return null
      return { ...present(row), credentialBackedUp: row.credentialBackedUp === 1 } as unknown as AdapterAuthenticator
    },
  },
})
