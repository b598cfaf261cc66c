// How the adapter treats the values it is given: lookup keys PostgreSQL can compare, e-mail addresses as stored.

/**
 * A lookup key PostgreSQL can compare. A NUL character cannot be stored in `TEXT` and makes the server reject the
 * whole query, so a key containing one (or a non-string from an untyped caller) matches nothing instead of throwing.
 */
export function findable(key: unknown): key is string {
  return typeof key === "string" && !key.includes("\0")
}

/**
 * The e-mail address as stored: an empty string is no address, stored as NULL. Core passes `email: ""` for an OAuth
 * user whose provider gave none (`AdapterUser.email` is typed `string`); stored as is, the unique index would let
 * only one such user exist.
 */
export function storedEmail(email: string | null | undefined): string | null {
  return email ? email : null
}
