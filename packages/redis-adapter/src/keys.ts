/**
 * The key layout, in one place. Every key starts with the adapter's prefix (default `gatehouse:`):
 *
 * | key                                           | value                                   | TTL                |
 * |-----------------------------------------------|-----------------------------------------|--------------------|
 * | `user:<id>`                                   | user JSON                               | –                  |
 * | `user:email:<email>`                          | user id (unique e-mail index)           | –                  |
 * | `account:<provider>:<providerAccountId>`      | account JSON (unique account index)     | –                  |
 * | `account:by-user:<userId>`                    | set of `<provider>:<providerAccountId>` | –                  |
 * | `account:failed-by-user:<userId>`             | set of `<provider>:<providerAccountId>` | –                  |
 * | `account-refresh:<provider>:<providerAccountId>` | refresh state JSON                   | –                  |
 * | `session:<sessionToken>`                      | session JSON                            | `expires` − now    |
 * | `session-metadata:<sessionToken>`             | session metadata JSON                   | `expires` − now    |
 * | `session:by-user:<userId>`                    | set of session tokens                   | –                  |
 * | `session-not-before:<userId>`                 | latest revocation, milliseconds (RT-12) | –                  |
 * | `verification-token:<identifier>:<token>`     | verification token JSON                 | `expires` − now    |
 * | `authenticator:<credentialID>`                | authenticator JSON                      | –                  |
 * | `authenticator:by-user:<userId>`              | set of credential ids                   | –                  |
 * | `authenticator:order-by-user:<userId>`        | sorted set: credential id by registration time (µs) | –      |
 * | `user-password:<userId>`                      | password record JSON (`Password` provider) | –               |
 *
 * The account and session records hold exactly what Auth.js stores (so Auth.js's adapter suite reads them back as
 * it wrote them); Gatehouse's own state is in keys of its own beside them. `account-refresh:…` is the token refresh's
 * state (`token-refresh-scripts.ts`): `{"leaseUntil": <milliseconds>, "failed": true}`, each field only when set, no
 * key for "no lease, not failed". The accounts marked failed are also members of `account:failed-by-user:<userId>`,
 * kept by the scripts that set and clear the mark, so that the session check can tell whether a user has one without
 * reading every account; the set exists only while it has a member. `session-metadata:…` is the session registry's
 * metadata of a session (`createdAt`, `lastActiveAt` as ISO strings, `userAgent`, `ip`; only the known ones), with the
 * session's TTL; no key when none is known. Deleting a session, an account or a user deletes these keys with it.
 * An older Gatehouse kept both inside the records: `migrate()` (`migrate.ts`) moves them out. `user-password:…` is the
 * `Password` provider's record of a user (`passwords.ts`): `{"hash", "resetToken", "updatedAt"}` (the first two a string
 * or null, `updatedAt` an ISO string); no key when the user has no password. It is written only while the user exists,
 * and `deleteUser` deletes it.
 *
 * The shape follows Auth.js's upstash-redis adapter. `<token>` of a verification token is SHA-256 hex (no `:`), so
 * `<identifier>:<token>` cannot be read two ways; provider ids do not contain `:` either.
 *
 * Lua scripts build the keys of records they discover (a session's user, a user's accounts) from the `stems` below,
 * so these keys are not declared to Redis: the adapter runs on a single Redis (or a primary behind Sentinel), not on
 * Redis Cluster.
 */

/** Key prefixes that Lua scripts complete with an id read from the store. */
export interface KeyStems {
  user: string
  userByEmail: string
  account: string
  accountsByUser: string
  /** The user's accounts marked failed by the token refresh. */
  refreshFailedByUser: string
  /** An account's token-refresh state. */
  refreshState: string
  session: string
  /** A session's metadata (the session registry's). */
  sessionMetadata: string
  sessionsByUser: string
  authenticator: string
  authenticatorsByUser: string
}

export interface Keys {
  stems: KeyStems
  user(id: string): string
  userByEmail(email: string): string
  /** The member of `accountsByUser` that names an account. */
  accountMember(provider: string, providerAccountId: string): string
  account(provider: string, providerAccountId: string): string
  accountsByUser(userId: string): string
  refreshFailedByUser(userId: string): string
  refreshState(provider: string, providerAccountId: string): string
  session(sessionToken: string): string
  sessionMetadata(sessionToken: string): string
  sessionsByUser(userId: string): string
  /** The user's latest revocation time: a cookie without a record id issued at or before it signs in no more. */
  sessionsNotBefore(userId: string): string
  verificationToken(identifier: string, token: string): string
  authenticator(credentialID: string): string
  authenticatorsByUser(userId: string): string
  /** The user's credential ids scored by the time of registration (the server's clock), to list them newest first. */
  authenticatorOrderByUser(userId: string): string
  /** The user's password record (the `Password` provider). */
  userPassword(userId: string): string
}

/** The keys of an adapter whose keys all start with `prefix`. */
export function keyLayout(prefix: string): Keys {
  const stems: KeyStems = {
    user: `${prefix}user:`,
    userByEmail: `${prefix}user:email:`,
    account: `${prefix}account:`,
    accountsByUser: `${prefix}account:by-user:`,
    refreshFailedByUser: `${prefix}account:failed-by-user:`,
    refreshState: `${prefix}account-refresh:`,
    session: `${prefix}session:`,
    sessionMetadata: `${prefix}session-metadata:`,
    sessionsByUser: `${prefix}session:by-user:`,
    authenticator: `${prefix}authenticator:`,
    authenticatorsByUser: `${prefix}authenticator:by-user:`,
  }
  const accountMember = (provider: string, providerAccountId: string): string => `${provider}:${providerAccountId}`
  return {
    stems,
    user: (id) => stems.user + id,
    userByEmail: (email) => stems.userByEmail + email,
    accountMember,
    account: (provider, providerAccountId) => stems.account + accountMember(provider, providerAccountId),
    accountsByUser: (userId) => stems.accountsByUser + userId,
    refreshFailedByUser: (userId) => stems.refreshFailedByUser + userId,
    refreshState: (provider, providerAccountId) => stems.refreshState + accountMember(provider, providerAccountId),
    session: (sessionToken) => stems.session + sessionToken,
    sessionMetadata: (sessionToken) => stems.sessionMetadata + sessionToken,
    sessionsByUser: (userId) => stems.sessionsByUser + userId,
    sessionsNotBefore: (userId) => `${prefix}session-not-before:${userId}`,
    verificationToken: (identifier, token) => `${prefix}verification-token:${identifier}:${token}`,
    authenticator: (credentialID) => stems.authenticator + credentialID,
    authenticatorsByUser: (userId) => stems.authenticatorsByUser + userId,
    authenticatorOrderByUser: (userId) => `${prefix}authenticator:order-by-user:${userId}`,
    userPassword: (userId) => `${prefix}user-password:${userId}`,
  }
}
