/**
 * Every SQL statement of the adapter, built once per schema. Identifiers are schema-qualified and quoted; values are
 * always `$n` parameters.
 *
 * The statements on the request path of a signed-in user carry a `name`: `pg` then prepares each once per pooled
 * connection and afterwards sends only Bind/Execute, so the server skips parsing and planning on every session check.
 * Names include a digest of the schema, because `pg` refuses one name for two different texts on a connection and two
 * adapters (two schemas) may share a pool.
 */
import { createHash } from "node:crypto"
import { PostgresAdapterError } from "./errors.js"

/** A prepared statement: `pool.query({ name, text, values })`. */
export interface Prepared {
  name: string
  text: string
}

const USER_COLUMNS = `id, name, email, "emailVerified", image`
const ACCOUNT_COLUMNS = `"userId", type, provider, "providerAccountId", refresh_token, access_token, expires_at, token_type, scope, id_token, session_state`
/** The Auth.js columns, then the session registry's (`session-registry.ts`). */
const SESSION_COLUMNS = `"sessionToken", "userId", expires, created_at, last_active_at, user_agent, ip`
const TOKEN_COLUMNS = `identifier, token, expires`
const AUTHENTICATOR_COLUMNS = `"credentialID", "userId", "providerAccountId", "credentialPublicKey", counter, "credentialDeviceType", "credentialBackedUp", transports`

/** The token fields a refresh (or a new sign-in) writes, in the order of their `$n` pairs in `TOKEN_ASSIGNMENTS`. */
export const REFRESHED_TOKEN_FIELDS = ["access_token", "refresh_token", "expires_at", "token_type", "scope", "id_token"] as const

/**
 * The `SET` of the refreshed token fields, from `$first` on: per field a flag (write it or keep it) and its value, so
 * one prepared text serves every combination of given fields.
 */
function tokenAssignments(first: number): string {
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

/** The adapter's SQL for one schema. Plain strings are run unprepared (rare writes); `Prepared` ones are named. */
export interface Statements {
  /** The quoted schema name. */
  schema: string
  createUser: string
  getUser: Prepared
  getUserByEmail: Prepared
  getUserByAccount: Prepared
  updateUser: (assignments: string) => string
  deleteUser: { sessions: string; accounts: string; authenticators: string; user: string }
  linkAccount: string
  unlinkAccount: string
  getAccount: string
  createSession: Prepared
  getSessionAndUser: Prepared
  updateSession: Prepared
  deleteSession: Prepared
  createVerificationToken: string
  useVerificationToken: Prepared
  createAuthenticator: string
  getAuthenticator: Prepared
  listAuthenticatorsByUserId: string
  updateAuthenticatorCounter: Prepared
  /** Gatehouse's session registry (`session-registry.ts`); each is one statement, so atomic. */
  sessionRegistry: {
    listSessions: Prepared
    deleteUserSessions: Prepared
    setSessionsNotBefore: Prepared
    getSessionsNotBefore: Prepared
  }
  /** Gatehouse's provider token refresh (`token-refresh.ts`); each is one statement, so atomic. */
  tokenRefresh: {
    getAccountForRefresh: Prepared
    claim: Prepared
    finishWithTokens: Prepared
    finishFailed: Prepared
    updateAccountTokens: Prepared
  }
}

/** The statements for `schema`, every table name qualified with it. Throws `InvalidSchemaName` for an unusable name. */
export function buildStatements(schema: string): Statements {
  const s = quoteIdentifier(schema)
  const users = `${s}.users`
  const accounts = `${s}.accounts`
  const sessions = `${s}.sessions`
  const tokens = `${s}.verification_token`
  const authenticators = `${s}.authenticators`
  const tag = createHash("sha256").update(schema).digest("hex").slice(0, 12)
  const prepared = (method: string, text: string): Prepared => ({ name: `gatehouse_${tag}_${method}`, text })

  return {
    schema: s,
    createUser: `INSERT INTO ${users} (id, name, email, "emailVerified", image)
      VALUES (COALESCE($1, gen_random_uuid()::text), $2, $3, $4, $5) RETURNING ${USER_COLUMNS}`,
    getUser: prepared("get_user", `SELECT ${USER_COLUMNS} FROM ${users} WHERE id = $1`),
    getUserByEmail: prepared("get_user_by_email", `SELECT ${USER_COLUMNS} FROM ${users} WHERE email = $1`),
    getUserByAccount: prepared(
      "get_user_by_account",
      `SELECT u.id, u.name, u.email, u."emailVerified", u.image FROM ${users} u
        JOIN ${accounts} a ON a."userId" = u.id WHERE a.provider = $1 AND a."providerAccountId" = $2`,
    ),
    /** `SET` is filled in per call from `UPDATABLE_USER_COLUMNS`; `$1` is the id. */
    updateUser: (assignments: string): string => `UPDATE ${users} SET ${assignments} WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    deleteUser: {
      sessions: `DELETE FROM ${sessions} WHERE "userId" = $1`,
      accounts: `DELETE FROM ${accounts} WHERE "userId" = $1`,
      authenticators: `DELETE FROM ${authenticators} WHERE "userId" = $1`,
      user: `DELETE FROM ${users} WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    },

    linkAccount: `INSERT INTO ${accounts} (${ACCOUNT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${ACCOUNT_COLUMNS}`,
    unlinkAccount: `DELETE FROM ${accounts} WHERE provider = $1 AND "providerAccountId" = $2 RETURNING ${ACCOUNT_COLUMNS}`,
    getAccount: `SELECT ${ACCOUNT_COLUMNS} FROM ${accounts} WHERE provider = $1 AND "providerAccountId" = $2`,

    createSession: prepared(
      "create_session",
      `INSERT INTO ${sessions} (${SESSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${SESSION_COLUMNS}`,
    ),
    /**
     * The session check: one round trip, session and user in one row, with whether one of the user's accounts is
     * marked failed by the token refresh (the EXISTS probes accounts_user_id_idx, and stops at the first match).
     */
    getSessionAndUser: prepared(
      "get_session_and_user",
      `SELECT s."sessionToken", s."userId", s.expires, s.created_at, s.last_active_at, s.user_agent, s.ip,
          u.name AS user_name, u.email AS user_email, u."emailVerified" AS "user_emailVerified", u.image AS user_image,
          EXISTS (SELECT 1 FROM ${accounts} a WHERE a."userId" = s."userId" AND a.refresh_failed) AS refresh_failed
        FROM ${sessions} s JOIN ${users} u ON u.id = s."userId" WHERE s."sessionToken" = $1`,
    ),
    /**
     * A NULL parameter keeps the column: `expires` and `userId` are NOT NULL, so NULL never means "set to NULL", and
     * `last_active_at` only ever moves forward from unknown to known.
     */
    updateSession: prepared(
      "update_session",
      `UPDATE ${sessions} SET expires = COALESCE($2, expires), "userId" = COALESCE($3, "userId"),
          last_active_at = COALESCE($4, last_active_at)
        WHERE "sessionToken" = $1 RETURNING ${SESSION_COLUMNS}`,
    ),
    deleteSession: prepared("delete_session", `DELETE FROM ${sessions} WHERE "sessionToken" = $1 RETURNING ${SESSION_COLUMNS}`),

    createVerificationToken: `INSERT INTO ${tokens} (${TOKEN_COLUMNS}) VALUES ($1, $2, $3) RETURNING ${TOKEN_COLUMNS}`,
    /** Single use by construction: of two concurrent calls, only one sees the row deleted. */
    useVerificationToken: prepared(
      "use_verification_token",
      `DELETE FROM ${tokens} WHERE identifier = $1 AND token = $2 RETURNING ${TOKEN_COLUMNS}`,
    ),

    createAuthenticator: `INSERT INTO ${authenticators} (${AUTHENTICATOR_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${AUTHENTICATOR_COLUMNS}`,
    getAuthenticator: prepared("get_authenticator", `SELECT ${AUTHENTICATOR_COLUMNS} FROM ${authenticators} WHERE "credentialID" = $1`),
    listAuthenticatorsByUserId: `SELECT ${AUTHENTICATOR_COLUMNS} FROM ${authenticators} WHERE "userId" = $1 ORDER BY "credentialID"`,
    updateAuthenticatorCounter: prepared(
      "update_authenticator_counter",
      `UPDATE ${authenticators} SET counter = $2 WHERE "credentialID" = $1 RETURNING ${AUTHENTICATOR_COLUMNS}`,
    ),

    sessionRegistry: {
      // Expiry by the database's clock, as the session check's caller would see it; newest sign-in first, and for
      // sessions from before the registry (no created_at) a stable order after them.
      listSessions: prepared(
        "list_sessions",
        `SELECT ${SESSION_COLUMNS} FROM ${sessions} WHERE "userId" = $1 AND expires > now()
          ORDER BY created_at DESC NULLS LAST, "sessionToken"`,
      ),
      // Every session of the user but the excepted one (IS DISTINCT FROM: a NULL exception excepts none), expired
      // ones included as they are dead anyway; the count is of the live ones, the sessions the user could see listed.
      deleteUserSessions: prepared(
        "delete_user_sessions",
        `WITH deleted AS (
            DELETE FROM ${sessions} WHERE "userId" = $1 AND "sessionToken" IS DISTINCT FROM $2::text RETURNING expires
          )
          SELECT count(*) FILTER (WHERE expires > now())::int AS deleted FROM deleted`,
      ),
      ...notBeforeStatements(s, prepared),
    },

    tokenRefresh: {
      // "The first" of several accounts at one provider: by providerAccountId, as accounts keep no time of linking.
      getAccountForRefresh: prepared(
        "get_account_for_refresh",
        `SELECT ${ACCOUNT_COLUMNS}, refresh_lease_until, refresh_failed FROM ${accounts}
          WHERE "userId" = $1 AND provider = $2 ORDER BY "providerAccountId" LIMIT 1`,
      ),
      // Leases are timed by the database's clock, the same for every process. Of concurrent claims, the row lock
      // makes each later one re-check the WHERE on the row the first wrote, so only the first matches.
      claim: prepared(
        "claim_token_refresh",
        `UPDATE ${accounts} SET refresh_lease_until = now() + $4::double precision * interval '1 millisecond'
          WHERE provider = $1 AND "providerAccountId" = $2 AND refresh_token = $3 AND NOT refresh_failed
            AND (refresh_lease_until IS NULL OR refresh_lease_until <= now())`,
      ),
      // The compare-and-swap on the old refresh token: a stale caller matches no row and writes nothing.
      finishWithTokens: prepared(
        "finish_token_refresh_tokens",
        `UPDATE ${accounts} SET ${tokenAssignments(4)}, refresh_lease_until = NULL, refresh_failed = false
          WHERE provider = $1 AND "providerAccountId" = $2 AND refresh_token = $3`,
      ),
      finishFailed: prepared(
        "finish_token_refresh_failed",
        `UPDATE ${accounts} SET refresh_lease_until = $4, refresh_failed = refresh_failed OR $5::boolean
          WHERE provider = $1 AND "providerAccountId" = $2 AND refresh_token = $3`,
      ),
      updateAccountTokens: prepared(
        "update_account_tokens",
        `UPDATE ${accounts} SET ${tokenAssignments(3)}, refresh_lease_until = NULL, refresh_failed = false
          WHERE provider = $1 AND "providerAccountId" = $2`,
      ),
    },
  }
}

/**
 * The session registry's per-user not-before time (RT-12), in `session_revocations`: shared by the adapter and
 * `PostgresSessionStore` (same table, same statements). The upsert never moves a stored time back (GREATEST).
 */
export function notBeforeStatements(quotedSchema: string, prepared: (method: string, text: string) => Prepared): { setSessionsNotBefore: Prepared; getSessionsNotBefore: Prepared } {
  const table = `${quotedSchema}.session_revocations`
  return {
    setSessionsNotBefore: prepared(
      "set_sessions_not_before",
      `INSERT INTO ${table} (user_id, not_before) VALUES ($1, $2)
        ON CONFLICT (user_id) DO UPDATE SET not_before = GREATEST(${table}.not_before, EXCLUDED.not_before)`,
    ),
    getSessionsNotBefore: prepared("get_sessions_not_before", `SELECT not_before FROM ${table} WHERE user_id = $1`),
  }
}
