/**
 * The fields of Auth.js's models, as `@auth/core/adapters` declares them and its adapters store them (one column or
 * property each): what Auth.js's shared adapter suite finds when it reads a user, an account, a session or a
 * verification token straight from the store and compares it with `toEqual`. A store's own data (Gatehouse's session
 * metadata and token-refresh state) is kept beside these, never among them.
 */
const user = ["id", "name", "email", "emailVerified", "image"] as const
const account = [
  "userId",
  "type",
  "provider",
  "providerAccountId",
  "refresh_token",
  "access_token",
  "expires_at",
  "token_type",
  "scope",
  "id_token",
  "session_state",
] as const
const session = ["sessionToken", "userId", "expires"] as const
const verificationToken = ["identifier", "token", "expires"] as const
const authenticator = [
  "credentialID",
  "userId",
  "providerAccountId",
  "credentialPublicKey",
  "counter",
  "credentialDeviceType",
  "credentialBackedUp",
  "transports",
] as const

export const AUTHJS_FIELDS = {
  user: new Set<string>(user),
  account: new Set<string>(account),
  session: new Set<string>(session),
  verificationToken: new Set<string>(verificationToken),
  authenticator: new Set<string>(authenticator),
  /** Every field of every model. */
  all: new Set<string>([...user, ...account, ...session, ...verificationToken, ...authenticator]),
}
