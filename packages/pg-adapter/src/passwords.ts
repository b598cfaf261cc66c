/**
 * Gatehouse's `Password` provider on PostgreSQL (core's optional adapter methods `getUserPassword` / `setUserPassword`):
 * the user's password record in its `user_passwords` row beside Auth.js's `users` (`hash`, `reset_token`, `updated_at`
 * as TIMESTAMPTZ). Setting is one upsert that replaces the whole row, `null` one DELETE; the row's foreign key
 * cascades, so deleting the user deletes it, and a record for a user that does not exist is refused.
 */
import { checkAdapterPassword, type AdapterPassword } from "@gatehousejs/core/adapters"
import type { Pool } from "pg"
import { FOREIGN_KEY_VIOLATION, PostgresAdapterError, sqlState } from "./errors.js"
import type { Statements } from "./statements.js"
import { findable } from "./values.js"

/** A `user_passwords` row without its key; `pg` gives `TIMESTAMPTZ` as a `Date`. */
interface PasswordRow {
  hash: string | null
  reset_token: string | null
  updated_at: Date
}

/** The two methods (their doc comments are on `PostgresAdapterInstance`). */
interface PasswordMethods {
  getUserPassword(userId: string): Promise<AdapterPassword | null>
  setUserPassword(userId: string, password: AdapterPassword | null): Promise<void>
}

/** The password methods on `pool`, with the statements of the adapter's schema. */
export function passwordMethods(pool: Pool, sql: Statements["passwords"]): PasswordMethods {
  return {
    async getUserPassword(userId) {
      if (!findable(userId)) return null
      const { rows } = await pool.query<PasswordRow>({ ...sql.get, values: [userId] })
      const row = rows[0]
      return row ? { hash: row.hash, resetToken: row.reset_token, updatedAt: row.updated_at } : null
    },

    async setUserPassword(userId, password) {
      if (!findable(userId)) throw new TypeError("setUserPassword: userId must be a string without NUL.")
      if (password === null) {
        await pool.query({ ...sql.delete, values: [userId] })
        return
      }
      const { hash, resetToken, updatedAt } = checkAdapterPassword(password)
      try {
        await pool.query({ ...sql.set, values: [userId, hash, resetToken, updatedAt] })
      } catch (error) {
        if (sqlState(error) === FOREIGN_KEY_VIOLATION) {
          throw new PostgresAdapterError("UserNotFound", "setUserPassword: userId names no user.", { cause: error })
        }
        throw error
      }
    },
  }
}
