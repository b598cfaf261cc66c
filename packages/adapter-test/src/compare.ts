/**
 * Model comparison that states the contract once: values deep-equal, `Date`s are `Date` objects, `expires_at` and
 * other numbers are numbers, and a missing optional field may be absent, `undefined` or `null`. Ids are compared by
 * their string form here; whether they ARE strings is a test of its own, so an adapter with integer ids (such as
 * @auth/pg-adapter) fails that one test only.
 *
 * No key beyond the model's: Auth.js's suite compares with `toEqual`, so an extra key (`createdAt: null` on a session
 * an Auth.js caller wrote, a store's own column in a row) fails it. A key the expected value lacks is accepted only as
 * a row id, or as `null` in a field of one of Auth.js's models (a nullable column read back as stored).
 */
import { expect } from "vitest"
import { AUTHJS_FIELDS } from "./authjs-fields.js"

/** Fields that hold a user id, compared by their string form. */
const ID_FIELDS = new Set(["id", "userId"])

/**
 * The model as a plain object with nullish fields dropped and ids as strings, for a readable `toEqual` diff. An extra
 * `id` (an internal primary key such as an account's or session's row id) is ignored unless `expected` has one.
 */
function normalize(value: object, expected: object): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) {
    if (field === null || field === undefined) continue
    if (key === "id" && !("id" in expected)) continue
    out[key] = ID_FIELDS.has(key) && (typeof field === "string" || typeof field === "number") ? String(field) : field
  }
  return out
}

/** Asserts `actual` is the model `expected` (see the module comment for what "is" allows). */
export function expectModel(actual: unknown, expected: object, what: string): void {
  expect(actual, `${what}: expected a value, got ${String(actual)}`).toBeTypeOf("object")
  expect(actual, `${what}: expected a value, got null`).not.toBeNull()
  const found = actual as object
  expect(extraKeys(found, expected), `${what}: keys that Auth.js's adapters do not return`).toEqual([])
  for (const [key, field] of Object.entries(expected)) {
    if (field instanceof Date) {
      const got: unknown = (found as Record<string, unknown>)[key]
      expect(got, `${what}.${key} must be a Date object, got ${typeof got} ${String(got)}`).toBeInstanceOf(Date)
    }
  }
  expect(normalize(found, expected), what).toEqual(normalize(expected, expected))
}

/** True when `value` is `null` or `undefined`: adapters may answer either for "nothing". */
export function isNothing(value: unknown): value is null | undefined {
  return value === null || value === undefined
}

/** The keys of `actual` that neither `expected` has nor the "is" of the module comment allows. */
function extraKeys(actual: object, expected: object): string[] {
  return Object.entries(actual)
    .filter(([key, value]) => value !== undefined && !(key in expected) && key !== "id")
    .filter(([key, value]) => !(value === null && AUTHJS_FIELDS.all.has(key)))
    .map(([key]) => key)
}
