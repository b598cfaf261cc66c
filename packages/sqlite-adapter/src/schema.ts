/**
 * The schema, and `migrate`: the tables the adapter reads and writes. `SCHEMA` is the text of `schema.sql` (shipped
 * for people who manage their database themselves); a test keeps the two identical.
 */
import type Database from "better-sqlite3"

/**
 * The session registry's not-before times (RT-12): per user, the latest revocation, in milliseconds. A cookie without
 * a record id (from before the registry, or next-auth v4) issued at or before it signs in no more. Gatehouse's own
 * table beside Auth.js's, also used by `SqliteSessionStore` (one definition, so the two may share a file).
 */
export const REVOCATIONS_TABLE = `CREATE TABLE IF NOT EXISTS session_revocations (
  user_id    TEXT NOT NULL PRIMARY KEY,
  not_before INTEGER NOT NULL
);`

/** Stores a not-before time; a later one already stored stays (never moved back). */
export const SET_NOT_BEFORE = `INSERT INTO session_revocations (user_id, not_before) VALUES (@userId, @at)
  ON CONFLICT (user_id) DO UPDATE SET not_before = max(not_before, excluded.not_before)`

export const GET_NOT_BEFORE = "SELECT not_before FROM session_revocations WHERE user_id = ?"

/** The contents of `schema.sql`: idempotent `CREATE … IF NOT EXISTS` statements. */
export const SCHEMA = `-- Gatehouse SQLite schema: the Auth.js models with their column names (camelCase, OAuth token fields snake_case).
-- Dates are INTEGER milliseconds since the epoch; accounts.expires_at is INTEGER seconds (the OAuth convention);
-- booleans are 0/1. Every statement is idempotent: the adapter runs this file on every start.

CREATE TABLE IF NOT EXISTS users (
  id            TEXT NOT NULL PRIMARY KEY,
  name          TEXT,
  -- NULL for users without an address; several NULLs do not collide.
  email         TEXT UNIQUE,
  emailVerified INTEGER,
  image         TEXT
);

CREATE TABLE IF NOT EXISTS accounts (
  userId            TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type              TEXT NOT NULL,
  provider          TEXT NOT NULL,
  providerAccountId TEXT NOT NULL,
  refresh_token     TEXT,
  access_token      TEXT,
  expires_at        INTEGER,
  token_type        TEXT,
  scope             TEXT,
  id_token          TEXT,
  session_state     TEXT,
  -- One user per provider account: two racing first sign-ins cannot both link it.
  UNIQUE (provider, providerAccountId)
);
-- Child keys are indexed so that deleting a user does not scan the child tables (and so that the session check's
-- "is one of the user's accounts marked failed" is an index probe).
CREATE INDEX IF NOT EXISTS accounts_userId ON accounts (userId);

CREATE TABLE IF NOT EXISTS sessions (
  sessionToken   TEXT NOT NULL PRIMARY KEY,
  userId         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires        INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_userId ON sessions (userId);

-- Gatehouse's own tables beside Auth.js's, so that Auth.js's tables keep exactly Auth.js's columns. Each row hangs off
-- its Auth.js row by a foreign key that cascades: deleting a session, an account or a user deletes it too.

-- The session registry ("where am I signed in?"): when the user signed in, when the session was last seen
-- (milliseconds; written at most once per updateAge), and the User-Agent and client address of the sign-in. No row
-- (or NULL) where unknown.
CREATE TABLE IF NOT EXISTS session_metadata (
  session_token  TEXT NOT NULL PRIMARY KEY REFERENCES sessions (sessionToken) ON DELETE CASCADE ON UPDATE CASCADE,
  created_at     INTEGER,
  last_active_at INTEGER,
  user_agent     TEXT,
  ip             TEXT
);

-- The provider token refresh: until when a refresh is claimed (milliseconds; by the process calling the provider, or
-- as back-off after a failure), and whether the provider refused the refresh token for good (0/1). No row: no lease,
-- not failed.
CREATE TABLE IF NOT EXISTS account_refresh_state (
  provider            TEXT NOT NULL,
  provider_account_id TEXT NOT NULL,
  lease_until         INTEGER,
  failed              INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (provider, provider_account_id),
  FOREIGN KEY (provider, provider_account_id) REFERENCES accounts (provider, providerAccountId)
    ON DELETE CASCADE ON UPDATE CASCADE
);

-- Gatehouse's Password provider: per user, the PHC string of the password's hash and the stored form of the latest
-- password-reset token (each NULL when there is none), and when the record was written (milliseconds). No row: no
-- password.
CREATE TABLE IF NOT EXISTS user_passwords (
  user_id     TEXT NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE ON UPDATE CASCADE,
  hash        TEXT,
  reset_token TEXT,
  updated_at  INTEGER NOT NULL
);

-- Gatehouse's session registry: per user, the time of the latest revocation (milliseconds). A session cookie without
-- a record id (a JWT from before the registry, a next-auth v4 cookie) issued at or before it signs in no more.
${REVOCATIONS_TABLE}

CREATE TABLE IF NOT EXISTS verification_tokens (
  identifier TEXT NOT NULL,
  token      TEXT NOT NULL,
  expires    INTEGER NOT NULL,
  PRIMARY KEY (identifier, token)
);

CREATE TABLE IF NOT EXISTS authenticators (
  credentialID         TEXT NOT NULL PRIMARY KEY,
  userId               TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  providerAccountId    TEXT NOT NULL,
  credentialPublicKey  TEXT NOT NULL,
  counter              INTEGER NOT NULL,
  credentialDeviceType TEXT NOT NULL,
  credentialBackedUp   INTEGER NOT NULL CHECK (credentialBackedUp IN (0, 1)),
  transports           TEXT
);
CREATE INDEX IF NOT EXISTS authenticators_userId ON authenticators (userId);

-- Rate-limit counters (SqliteRateLimitStore): one row per key, its count in the current fixed window and when that
-- window ends (INTEGER milliseconds). Rows of ended windows stay until the store's prune() deletes them.
CREATE TABLE IF NOT EXISTS rate_limits (
  key      TEXT NOT NULL PRIMARY KEY,
  count    INTEGER NOT NULL,
  reset_at INTEGER NOT NULL
);
`

/**
 * What a file from an older Gatehouse kept in columns of Auth.js's tables, and the statement that copies it into
 * Gatehouse's own table (only rows that hold something: no row means unknown, or no lease and not failed).
 */
const OLDER_COLUMNS = [
  {
    table: "sessions",
    columns: [
      ["created_at", "INTEGER"],
      ["last_active_at", "INTEGER"],
      ["user_agent", "TEXT"],
      ["ip", "TEXT"],
    ],
    copy: `INSERT INTO session_metadata (session_token, created_at, last_active_at, user_agent, ip)
  SELECT sessionToken, created_at, last_active_at, user_agent, ip FROM sessions
  WHERE created_at IS NOT NULL OR last_active_at IS NOT NULL OR user_agent IS NOT NULL OR ip IS NOT NULL
  ON CONFLICT (session_token) DO NOTHING;`,
  },
  {
    table: "accounts",
    columns: [
      ["refresh_lease_until", "INTEGER"],
      ["refresh_failed", "INTEGER NOT NULL DEFAULT 0"],
    ],
    copy: `INSERT INTO account_refresh_state (provider, provider_account_id, lease_until, failed)
  SELECT provider, providerAccountId, refresh_lease_until, refresh_failed FROM accounts
  WHERE refresh_lease_until IS NOT NULL OR refresh_failed = 1
  ON CONFLICT (provider, provider_account_id) DO NOTHING;`,
  },
] as const

/**
 * The SQL `migrate` runs after `SCHEMA` on a file from an older Gatehouse, for `gatehousejs migrate --dry-run`: per
 * table, the copy and the dropped columns (a column an even older version lacked is first added, so the copy can
 * name it; on a file that has none of them nothing runs).
 */
export const OLDER_COLUMNS_SQL = OLDER_COLUMNS.map(({ table, columns, copy }) =>
  [copy, ...columns.map(([column]) => `ALTER TABLE ${table} DROP COLUMN ${column};`)].join("\n"),
).join("\n")

/**
 * Creates the tables and indexes that are missing, and moves what a file from an older Gatehouse kept in columns of
 * `sessions` and `accounts` into `session_metadata` and `account_refresh_state`, dropping those columns, so that
 * Auth.js's tables have exactly Auth.js's columns. Idempotent: a migrated file is only read (`pragma_table_info`).
 *
 * `BEGIN IMMEDIATE` takes the write lock first: two processes starting at once wait for each other (busy timeout)
 * instead of one failing half-way through, or both moving the same columns.
 */
export function migrate(db: Database.Database): void {
  db.transaction(() => {
    db.exec(SCHEMA)
    const present = db.prepare<[string, string], 1>("SELECT 1 FROM pragma_table_info(?) WHERE name = ?").pluck()
    for (const { table, columns, copy } of OLDER_COLUMNS) {
      const found = columns.filter(([column]) => present.get(table, column) !== undefined)
      if (found.length === 0) continue
      for (const [column, definition] of columns) {
        if (!found.some(([name]) => name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`)
      }
      db.exec(copy)
      for (const [column] of columns) db.exec(`ALTER TABLE ${table} DROP COLUMN ${column}`)
    }
  }).immediate()
}
