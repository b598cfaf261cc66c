-- Gatehouse PostgreSQL schema (@gatehousejs/pg-adapter), PostgreSQL 13 or later.
--
-- The Auth.js tables and column names (camelCase in quotes, OAuth token fields snake_case), with what
-- @auth/pg-adapter's schema lacks: string ids, foreign keys that cascade, and a unique key per account and per e-mail
-- address, so a duplicated callback cannot create a second account or an orphan row.
--
-- Names are unqualified: PostgresAdapter(pool, { schema }).migrate() runs this file with search_path set to the
-- chosen schema (default public). Every statement is idempotent. Run it by hand with
--   psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -f schema.sql

CREATE TABLE IF NOT EXISTS users (
  id              TEXT PRIMARY KEY DEFAULT gen_random_uuid()::text,
  name            TEXT,
  email           TEXT UNIQUE,
  "emailVerified" TIMESTAMPTZ,
  image           TEXT
);

CREATE TABLE IF NOT EXISTS accounts (
  "userId"            TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type                TEXT NOT NULL,
  provider            TEXT NOT NULL,
  "providerAccountId" TEXT NOT NULL,
  refresh_token       TEXT,
  access_token        TEXT,
  expires_at          BIGINT,
  token_type          TEXT,
  scope               TEXT,
  id_token            TEXT,
  session_state       TEXT,
  PRIMARY KEY (provider, "providerAccountId")
);
-- Also serves the session check's "is one of the user's accounts marked failed" (an EXISTS on userId).
CREATE INDEX IF NOT EXISTS accounts_user_id_idx ON accounts ("userId");

CREATE TABLE IF NOT EXISTS sessions (
  "sessionToken" TEXT PRIMARY KEY,
  "userId"       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires        TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user_id_idx ON sessions ("userId");

-- Gatehouse's own tables beside Auth.js's, so that Auth.js's tables keep exactly Auth.js's columns (a SELECT * on
-- them reads what @auth/pg-adapter's would). Each row hangs off its Auth.js row by a foreign key that cascades:
-- deleting a session, an account or a user deletes it too. (authenticator_registrations, below, is another.)

-- The session registry ("where am I signed in?"): when the user signed in, when the session was last seen (written at
-- most once per updateAge), and the User-Agent and client address of the sign-in. No row (or NULL) where unknown.
CREATE TABLE IF NOT EXISTS session_metadata (
  session_token  TEXT PRIMARY KEY REFERENCES sessions ("sessionToken") ON DELETE CASCADE ON UPDATE CASCADE,
  created_at     TIMESTAMPTZ,
  last_active_at TIMESTAMPTZ,
  user_agent     TEXT,
  ip             TEXT
);

-- The provider token refresh: until when a refresh is claimed (by the process calling the provider, or as back-off
-- after a failure), and whether the provider refused the refresh token for good. No row: no lease, not failed.
CREATE TABLE IF NOT EXISTS account_refresh_state (
  provider            TEXT NOT NULL,
  provider_account_id TEXT NOT NULL,
  lease_until         TIMESTAMPTZ,
  failed              BOOLEAN NOT NULL DEFAULT false,
  PRIMARY KEY (provider, provider_account_id),
  FOREIGN KEY (provider, provider_account_id) REFERENCES accounts (provider, "providerAccountId")
    ON DELETE CASCADE ON UPDATE CASCADE
);

-- A database from an older Gatehouse kept this state in columns of sessions and accounts: it is copied into the tables
-- above and the columns are dropped. The catalog is read first, so a migrated database is neither written nor locked.
-- A column an even older version lacked is added first, so that the copy can name all of them.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'sessions'::regclass AND NOT attisdropped
               AND attname IN ('created_at', 'last_active_at', 'user_agent', 'ip')) THEN
    ALTER TABLE sessions
      ADD COLUMN IF NOT EXISTS created_at TIMESTAMPTZ,
      ADD COLUMN IF NOT EXISTS last_active_at TIMESTAMPTZ,
      ADD COLUMN IF NOT EXISTS user_agent TEXT,
      ADD COLUMN IF NOT EXISTS ip TEXT;
    INSERT INTO session_metadata (session_token, created_at, last_active_at, user_agent, ip)
      SELECT "sessionToken", created_at, last_active_at, user_agent, ip FROM sessions
        WHERE created_at IS NOT NULL OR last_active_at IS NOT NULL OR user_agent IS NOT NULL OR ip IS NOT NULL
      ON CONFLICT (session_token) DO NOTHING;
    ALTER TABLE sessions DROP COLUMN created_at, DROP COLUMN last_active_at, DROP COLUMN user_agent, DROP COLUMN ip;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'accounts'::regclass AND NOT attisdropped
               AND attname IN ('refresh_lease_until', 'refresh_failed')) THEN
    ALTER TABLE accounts
      ADD COLUMN IF NOT EXISTS refresh_lease_until TIMESTAMPTZ,
      ADD COLUMN IF NOT EXISTS refresh_failed BOOLEAN NOT NULL DEFAULT false;
    INSERT INTO account_refresh_state (provider, provider_account_id, lease_until, failed)
      SELECT provider, "providerAccountId", refresh_lease_until, refresh_failed FROM accounts
        WHERE refresh_lease_until IS NOT NULL OR refresh_failed
      ON CONFLICT (provider, provider_account_id) DO NOTHING;
    ALTER TABLE accounts DROP COLUMN refresh_lease_until, DROP COLUMN refresh_failed;
  END IF;
END $$;

-- Gatehouse's Password provider: per user, the PHC string of the password's hash and the stored form of the latest
-- password-reset token (each NULL when there is none), and when the record was written. No row: no password.
CREATE TABLE IF NOT EXISTS user_passwords (
  user_id     TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE ON UPDATE CASCADE,
  hash        TEXT,
  reset_token TEXT,
  updated_at  TIMESTAMPTZ NOT NULL
);

-- Gatehouse's session registry: per user, the time of the latest revocation. A session cookie without a record id
-- (a JWT from before the registry, a next-auth v4 cookie) issued at or before it signs in no more. No foreign key:
-- PostgresSessionStore keeps the same table without a users table.
CREATE TABLE IF NOT EXISTS session_revocations (
  user_id    TEXT PRIMARY KEY,
  not_before TIMESTAMPTZ NOT NULL
);

CREATE TABLE IF NOT EXISTS verification_token (
  identifier TEXT NOT NULL,
  token      TEXT NOT NULL,
  expires    TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (identifier, token)
);

CREATE TABLE IF NOT EXISTS authenticators (
  "credentialID"         TEXT PRIMARY KEY,
  "userId"               TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  "providerAccountId"    TEXT NOT NULL,
  "credentialPublicKey"  TEXT NOT NULL,
  counter                BIGINT NOT NULL,
  "credentialDeviceType" TEXT NOT NULL,
  "credentialBackedUp"   BOOLEAN NOT NULL,
  transports             TEXT
);
CREATE INDEX IF NOT EXISTS authenticators_user_id_idx ON authenticators ("userId");

-- The order authenticators were registered in, which Auth.js's authenticator columns do not keep: a user's
-- authenticators are listed newest first, as Auth.js's adapter suite expects. One registered before this table has no
-- row and is listed after the others.
CREATE TABLE IF NOT EXISTS authenticator_registrations (
  credential_id TEXT PRIMARY KEY REFERENCES authenticators ("credentialID") ON DELETE CASCADE ON UPDATE CASCADE,
  registration  BIGINT GENERATED ALWAYS AS IDENTITY
);

-- Rate-limit counters (PostgresRateLimitStore): one row per key, its count in the current fixed window and when that
-- window ends. Rows of ended windows stay until the store's prune() deletes them.
CREATE TABLE IF NOT EXISTS rate_limits (
  key      TEXT PRIMARY KEY,
  count    INTEGER NOT NULL,
  reset_at TIMESTAMPTZ NOT NULL
);
