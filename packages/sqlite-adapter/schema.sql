-- Gatehouse SQLite schema: the Auth.js models with their column names (camelCase, OAuth token fields snake_case).
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
CREATE TABLE IF NOT EXISTS session_revocations (
  user_id    TEXT NOT NULL PRIMARY KEY,
  not_before INTEGER NOT NULL
);

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
