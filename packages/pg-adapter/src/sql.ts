// The pieces the statements (statements.ts) are built from: the `Prepared` shape, the column lists, the token-field
// assignments and identifier quoting.
import { PostgresAdapterError } from "./errors.js"

/** A prepared statement: `pool.query({ name, text, values })`. */
export interface Prepared {
  name: string
  text: string
}

export const USER_COLUMNS = `id, name, email, "emailVerified", image`
export const ACCOUNT_COLUMNS = `"userId", type, provider, "providerAccountId", refresh_token, access_token, expires_at, token_type, scope, id_token, session_state`
/** The Auth.js columns of `sessions`; the session registry's are in `session_metadata` (`session-registry.ts`). */
export const SESSION_COLUMNS = `"sessionToken", "userId", expires`
/** A session's row with its metadata: `s` is the session, `m` its `session_metadata` row (LEFT JOINed, so maybe NULL). */
export const SESSION_WITH_METADATA = `s."sessionToken", s."userId", s.expires, m.created_at, m.last_active_at, m.user_agent, m.ip`
export const TOKEN_COLUMNS = `identifier, token, expires`
export const AUTHENTICATOR_COLUMNS = `"credentialID", "userId", "providerAccountId", "credentialPublicKey", counter, "credentialDeviceType", "credentialBackedUp", transports`

/** The token fields a refresh (or a new sign-in) writes, in the order of their `$n` pairs in `TOKEN_ASSIGNMENTS`. */
export const REFRESHED_TOKEN_FIELDS = ["access_token", "refresh_token", "expires_at", "token_type", "scope", "id_token"] as const

/**
 * The `SET` of the refreshed token fields, from `$first` on: per field a flag (write it or keep it) and its value, so
 * one prepared text serves every combination of given fields.
 */
export function tokenAssignments(first: number): string {
  return REFRESHED_TOKEN_FIELDS.map((field, i) => {
    const [flag, value] = [first + 2 * i, first + 2 * i + 1]
    const type = field === "expires_at" ? "bigint" : "text"
    return `${field} = CASE WHEN $${flag}::boolean THEN $${value}::${type} ELSE ${field} END`
  }).join(", ")
}

/** The user columns `updateUser` may change, mapped to their quoted column names. */
export const UPDATABLE_USER_COLUMNS = { name: `name`, email: `email`, emailVerified: `"emailVerified"`, image: `image` } as const

/** `"name"` with embedded quotes doubled (SQL identifier quoting). Refuses names PostgreSQL cannot store. */
export function quoteIdentifier(name: string): string {
  // NUL cannot occur in an identifier; PostgreSQL truncates names past 63 bytes, which would silently alias schemas.
  if (name.length === 0 || name.includes("\0") || Buffer.byteLength(name) > 63) {
    throw new PostgresAdapterError("InvalidSchemaName", `The schema name ${JSON.stringify(name)} is not a valid PostgreSQL identifier (1 to 63 bytes, no NUL).`)
  }
  return `"${name.replace(/"/g, '""')}"`
}
