/**
 * The check every adapter makes alike before it stores a password record (`setUserPassword` of the SQLite,
 * PostgreSQL and Redis adapters): an object whose `hash` and `resetToken` are text without NUL (PostgreSQL's TEXT
 * cannot hold one, and no PHC string or token hash has one) or `null`, and whose `updatedAt` is a valid Date. Each
 * failure is a `TypeError` naming the method and the field, never quoting the value.
 */
import type { AdapterPassword } from "../adapters.js"

/** The record's three fields (anything else the caller's object carries is dropped), or a `TypeError`. */
export function checkAdapterPassword(password: AdapterPassword): AdapterPassword {
  if (typeof password !== "object" || password === null) throw new TypeError("setUserPassword: password must be an object or null.")
  const { hash, resetToken, updatedAt } = password
  for (const [name, value] of [["hash", hash], ["resetToken", resetToken]] as const) {
    if (value !== null && (typeof value !== "string" || value.includes("\0"))) {
      throw new TypeError(`setUserPassword: ${name} must be a string without NUL, or null (got ${typeof value === "string" ? "a string with NUL" : typeof value}).`)
    }
  }
  if (!(updatedAt instanceof Date) || Number.isNaN(updatedAt.getTime())) {
    throw new TypeError(`setUserPassword: updatedAt must be a valid Date (got ${updatedAt instanceof Date ? "an invalid Date" : typeof updatedAt}).`)
  }
  return { hash, resetToken, updatedAt }
}
