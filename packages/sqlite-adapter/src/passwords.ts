/**
 * Gatehouse's `Password` provider on SQLite (core's optional adapter methods `getUserPassword` / `setUserPassword`):
 * the user's password record in its `user_passwords` row beside Auth.js's `users` (`hash`, `reset_token`, `updated_at`
 * in milliseconds). Setting is one upsert that replaces the whole row, `null` one DELETE; the row's foreign key
 * cascades, so deleting the user deletes it, and a record for a user that does not exist is refused.
 */
import { checkAdapterPassword, type AdapterPassword } from "@gatehousejs/core/adapters"
import { translateConstraint } from "./errors.js"
import type { PasswordRow } from "./rows.js"
import type { Statements } from "./statements.js"

/** The two methods (their doc comments are on `SqliteAdapterInstance`). */
interface PasswordMethods {
  getUserPassword(userId: string): Promise<AdapterPassword | null>
  setUserPassword(userId: string, password: AdapterPassword | null): Promise<void>
}

/** The password methods on the adapter's prepared statements (`ready()` opens and migrates the file first). */
export function passwordMethods(ready: () => Statements): PasswordMethods {
  return {
    async getUserPassword(userId) {
      if (typeof userId !== "string") return null
      const row = ready().selectUserPassword.get(userId)
      return row ? rowToPassword(row) : null
    },

    async setUserPassword(userId, password) {
      if (typeof userId !== "string") throw new TypeError(`setUserPassword: userId must be a string (got ${typeof userId}).`)
      if (password === null) {
        ready().deleteUserPassword.run(userId)
        return
      }
      const row = { user_id: userId, ...passwordToRow(password) }
      translateConstraint(() => ready().upsertUserPassword.run(row), {
        foreignKey: ["UserNotFound", "setUserPassword: no user has this id."],
      })
    },
  }
}

function rowToPassword(row: PasswordRow): AdapterPassword {
  return { hash: row.hash, resetToken: row.reset_token, updatedAt: new Date(row.updated_at) }
}

/** The row of a record, checked first (`checkAdapterPassword`, the check every adapter makes). */
function passwordToRow(password: AdapterPassword): PasswordRow {
  const { hash, resetToken, updatedAt } = checkAdapterPassword(password)
  return { hash, reset_token: resetToken, updated_at: updatedAt.getTime() }
}
