/**
 * Gatehouse's `Password` provider on PostgreSQL (core's optional adapter methods `getUserPassword` / `setUserPassword`):
 * the user's password record in its `user_passwords` row beside Auth.js's `users` (`hash`, `reset_token`, `updated_at`
 * as TIMESTAMPTZ). Setting is one upsert that replaces the whole row, `null` one DELETE; the row's foreign key
 * cascades, so deleting the user deletes it, and a record for a user that does not exist is refused.
 */
import type { AdapterPassword } from "@gatehousejs/core/adapters"
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
      const { hash, resetToken, updatedAt } = checked(password)
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

/**
 * The record, checked before it reaches the driver: texts PostgreSQL can hold (no NUL) or `null`, and a valid
 * `updatedAt`, refused with the method's name.
 */
function checked(password: AdapterPassword): AdapterPassword {
  if (typeof password !== "object" || password === null) throw new TypeError("setUserPassword: password must be an object or null.")
  const { hash, resetToken, updatedAt } = password
  if (hash !== null && !findable(hash)) throw new TypeError("setUserPassword: hash must be a string without NUL, or null.")
  if (resetToken !== null && !findable(resetToken)) throw new TypeError("setUserPassword: resetToken must be a string without NUL, or null.")
  if (!(updatedAt instanceof Date) || Number.isNaN(updatedAt.getTime())) {
    throw new TypeError(`setUserPassword: updatedAt must be a valid Date (got ${String(updatedAt)}).`)
  }
  return { hash, resetToken, updatedAt }
}
