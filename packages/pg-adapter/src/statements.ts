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
import {
  ACCOUNT_COLUMNS,
  AUTHENTICATOR_COLUMNS,
  quoteIdentifier,
  SESSION_COLUMNS,
  SESSION_WITH_METADATA,
  TOKEN_COLUMNS,
  tokenAssignments,
  USER_COLUMNS,
  type Prepared,
} from "./sql.js"

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
  /** Gatehouse's `Password` provider (`passwords.ts`), in `user_passwords`; each is one statement. */
  passwords: {
    get: Prepared
    set: Prepared
    delete: Prepared
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
  const metadata = `${s}.session_metadata`
  const refreshState = `${s}.account_refresh_state`
  const tokens = `${s}.verification_token`
  const authenticators = `${s}.authenticators`
  const registrations = `${s}.authenticator_registrations`
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

    /**
     * The session and, when the caller gave any (core's session registry does, an Auth.js caller does not), its
     * metadata row: one statement, so both or neither are written.
     */
    createSession: prepared(
      "create_session",
      `WITH s AS (
          INSERT INTO ${sessions} (${SESSION_COLUMNS}) VALUES ($1, $2, $3) RETURNING ${SESSION_COLUMNS}
        ), m AS (
          INSERT INTO ${metadata} (session_token, created_at, last_active_at, user_agent, ip)
            SELECT "sessionToken", $4, $5, $6, $7 FROM s
              WHERE num_nonnulls($4::timestamptz, $5::timestamptz, $6::text, $7::text) > 0
            RETURNING session_token, created_at, last_active_at, user_agent, ip
        )
        SELECT ${SESSION_WITH_METADATA} FROM s LEFT JOIN m ON true`,
    ),
    /**
     * The session check: one round trip, session, metadata and user in one row, with whether one of the user's
     * accounts is marked failed by the token refresh (the EXISTS probes accounts_user_id_idx, then the refresh state
     * by its key, and stops at the first match).
     */
    getSessionAndUser: prepared(
      "get_session_and_user",
      `SELECT ${SESSION_WITH_METADATA},
          u.name AS user_name, u.email AS user_email, u."emailVerified" AS "user_emailVerified", u.image AS user_image,
          EXISTS (
            SELECT 1 FROM ${accounts} a
              JOIN ${refreshState} r ON r.provider = a.provider AND r.provider_account_id = a."providerAccountId"
              WHERE a."userId" = s."userId" AND r.failed
          ) AS refresh_failed
        FROM ${sessions} s JOIN ${users} u ON u.id = s."userId"
          LEFT JOIN ${metadata} m ON m.session_token = s."sessionToken"
        WHERE s."sessionToken" = $1`,
    ),
    /**
     * A NULL parameter keeps the column: `expires` and `userId` are NOT NULL, so NULL never means "set to NULL", and
     * `last_active_at` only ever moves forward from unknown to known. The metadata read beside the upsert is the row
     * as it was before this statement, so the upserted row, where there is one, wins.
     */
    updateSession: prepared(
      "update_session",
      `WITH s AS (
          UPDATE ${sessions} SET expires = COALESCE($2, expires), "userId" = COALESCE($3, "userId")
            WHERE "sessionToken" = $1 RETURNING ${SESSION_COLUMNS}
        ), seen AS (
          INSERT INTO ${metadata} (session_token, last_active_at)
            SELECT "sessionToken", $4 FROM s WHERE $4::timestamptz IS NOT NULL
            ON CONFLICT (session_token) DO UPDATE SET last_active_at = EXCLUDED.last_active_at
            RETURNING session_token, created_at, last_active_at, user_agent, ip
        )
        SELECT s."sessionToken", s."userId", s.expires,
            COALESCE(seen.created_at, m.created_at) AS created_at, COALESCE(seen.last_active_at, m.last_active_at) AS last_active_at,
            COALESCE(seen.user_agent, m.user_agent) AS user_agent, COALESCE(seen.ip, m.ip) AS ip
          FROM s LEFT JOIN seen ON true LEFT JOIN ${metadata} m ON m.session_token = s."sessionToken"`,
    ),
    /** The metadata row goes with the session (its foreign key cascades). */
    deleteSession: prepared("delete_session", `DELETE FROM ${sessions} WHERE "sessionToken" = $1 RETURNING ${SESSION_COLUMNS}`),

    createVerificationToken: `INSERT INTO ${tokens} (${TOKEN_COLUMNS}) VALUES ($1, $2, $3) RETURNING ${TOKEN_COLUMNS}`,
    /** Single use by construction: of two concurrent calls, only one sees the row deleted. */
    useVerificationToken: prepared(
      "use_verification_token",
      `DELETE FROM ${tokens} WHERE identifier = $1 AND token = $2 RETURNING ${TOKEN_COLUMNS}`,
    ),

    /** The authenticator and its place in the order of registration, in one statement. */
    createAuthenticator: `WITH a AS (
        INSERT INTO ${authenticators} (${AUTHENTICATOR_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${AUTHENTICATOR_COLUMNS}
      ), registered AS (
        INSERT INTO ${registrations} (credential_id) SELECT "credentialID" FROM a
      )
      SELECT ${AUTHENTICATOR_COLUMNS} FROM a`,
    getAuthenticator: prepared("get_authenticator", `SELECT ${AUTHENTICATOR_COLUMNS} FROM ${authenticators} WHERE "credentialID" = $1`),
    // Newest registration first, as Auth.js's adapter suite expects; ones registered before the order was kept last.
    listAuthenticatorsByUserId: `SELECT ${AUTHENTICATOR_COLUMNS.split(", ").map((column) => `a.${column}`).join(", ")}
      FROM ${authenticators} a LEFT JOIN ${registrations} r ON r.credential_id = a."credentialID"
      WHERE a."userId" = $1 ORDER BY r.registration DESC NULLS LAST, a."credentialID"`,
    updateAuthenticatorCounter: prepared(
      "update_authenticator_counter",
      `UPDATE ${authenticators} SET counter = $2 WHERE "credentialID" = $1 RETURNING ${AUTHENTICATOR_COLUMNS}`,
    ),

    sessionRegistry: {
      // Expiry by the database's clock, as the session check's caller would see it; newest sign-in first, and for
      // sessions from before the registry (no created_at) a stable order after them.
      listSessions: prepared(
        "list_sessions",
        `SELECT ${SESSION_WITH_METADATA} FROM ${sessions} s LEFT JOIN ${metadata} m ON m.session_token = s."sessionToken"
          WHERE s."userId" = $1 AND s.expires > now()
          ORDER BY m.created_at DESC NULLS LAST, s."sessionToken"`,
      ),
      // Every session of the user but the excepted one (IS DISTINCT FROM: a NULL exception excepts none), expired
      // ones included as they are dead anyway, their metadata with them (cascade); the count is of the live ones, the
      // sessions the user could see listed.
      deleteUserSessions: prepared(
        "delete_user_sessions",
        `WITH deleted AS (
            DELETE FROM ${sessions} WHERE "userId" = $1 AND "sessionToken" IS DISTINCT FROM $2::text RETURNING expires
          )
          SELECT count(*) FILTER (WHERE expires > now())::int AS deleted FROM deleted`,
      ),
      ...notBeforeStatements(s, prepared),
    },

    tokenRefresh: tokenRefreshStatements(accounts, refreshState, prepared),
    passwords: passwordStatements(s, prepared),
  }
}

/**
 * The `Password` provider's record of a user, in `user_passwords` (its foreign key to `users` cascades, so
 * `deleteUser` deletes it). Setting replaces the whole row: a NULL hash or reset token clears the stored one.
 */
function passwordStatements(quotedSchema: string, prepared: (method: string, text: string) => Prepared): Statements["passwords"] {
  const table = `${quotedSchema}.user_passwords`
  return {
    get: prepared("get_user_password", `SELECT hash, reset_token, updated_at FROM ${table} WHERE user_id = $1`),
    set: prepared(
      "set_user_password",
      `INSERT INTO ${table} (user_id, hash, reset_token, updated_at) VALUES ($1, $2, $3, $4)
        ON CONFLICT (user_id) DO UPDATE SET hash = EXCLUDED.hash, reset_token = EXCLUDED.reset_token, updated_at = EXCLUDED.updated_at`,
    ),
    delete: prepared("delete_user_password", `DELETE FROM ${table} WHERE user_id = $1`),
  }
}

/**
 * Gatehouse's provider token refresh: the tokens are in `accounts`, the lease and the failure mark in
 * `account_refresh_state` (no row: no lease, not failed). Each step is one statement that locks the account row first
 * and the state row second, in that order everywhere, so concurrent steps queue instead of deadlocking, and a step
 * that waited re-checks the refresh token on the row as the previous step left it.
 */
function tokenRefreshStatements(accounts: string, refreshState: string, prepared: (method: string, text: string) => Prepared): Statements["tokenRefresh"] {
  // The account row of a compare-and-swap on the refresh token, locked (FOR UPDATE), as the source of a state upsert.
  const lockedAccount = (columns: string): string =>
    `SELECT provider, "providerAccountId", ${columns} FROM ${accounts}
      WHERE provider = $1 AND "providerAccountId" = $2 AND refresh_token = $3 FOR UPDATE`
  // New tokens end the lease and the failure mark: the state row goes.
  const clearState = `DELETE FROM ${refreshState} r USING written w
      WHERE r.provider = w.provider AND r.provider_account_id = w."providerAccountId"`
  return {
    // "The first" of several accounts at one provider: by providerAccountId, as accounts keep no time of linking.
    getAccountForRefresh: prepared(
      "get_account_for_refresh",
      `SELECT ${ACCOUNT_COLUMNS.split(", ").map((column) => `a.${column}`).join(", ")}, r.lease_until AS refresh_lease_until,
          COALESCE(r.failed, false) AS refresh_failed
        FROM ${accounts} a LEFT JOIN ${refreshState} r ON r.provider = a.provider AND r.provider_account_id = a."providerAccountId"
        WHERE a."userId" = $1 AND a.provider = $2 ORDER BY a."providerAccountId" LIMIT 1`,
    ),
    // Leases are timed by the database's clock, the same for every process. Of concurrent claims, the row locks make
    // each later one re-check the refresh token and the lease as the first left them, so only the first matches.
    claim: prepared(
      "claim_token_refresh",
      `INSERT INTO ${refreshState} AS r (provider, provider_account_id, lease_until)
          ${lockedAccount(`now() + $4::double precision * interval '1 millisecond'`)}
        ON CONFLICT (provider, provider_account_id) DO UPDATE SET lease_until = EXCLUDED.lease_until
          WHERE NOT r.failed AND (r.lease_until IS NULL OR r.lease_until <= now())`,
    ),
    // The compare-and-swap on the old refresh token: a stale caller matches no row and writes nothing.
    finishWithTokens: prepared(
      "finish_token_refresh_tokens",
      `WITH written AS (
          UPDATE ${accounts} SET ${tokenAssignments(4)}
            WHERE provider = $1 AND "providerAccountId" = $2 AND refresh_token = $3 RETURNING provider, "providerAccountId"
        ), cleared AS (${clearState})
        SELECT 1 FROM written`,
    ),
    finishFailed: prepared(
      "finish_token_refresh_failed",
      `INSERT INTO ${refreshState} AS r (provider, provider_account_id, lease_until, failed)
          ${lockedAccount(`$4::timestamptz, $5::boolean`)}
        ON CONFLICT (provider, provider_account_id) DO UPDATE SET lease_until = EXCLUDED.lease_until, failed = r.failed OR EXCLUDED.failed`,
    ),
    updateAccountTokens: prepared(
      "update_account_tokens",
      `WITH written AS (
          UPDATE ${accounts} SET ${tokenAssignments(3)}
            WHERE provider = $1 AND "providerAccountId" = $2 RETURNING provider, "providerAccountId"
        )
        ${clearState}`,
    ),
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

export { quoteIdentifier, REFRESHED_TOKEN_FIELDS, UPDATABLE_USER_COLUMNS, type Prepared } from "./sql.js"
