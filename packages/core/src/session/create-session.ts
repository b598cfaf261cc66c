/**
 * Starting a session after a successful sign-in, for either strategy. Always a fresh session token: a session cookie
 * planted before sign-in is replaced, and with the database strategy its row is deleted (no fixation, ASVS 7.2.4).
 */
import type { AdapterUser } from "../adapters.js"
import type { Context } from "../context.js"
import type { Cookie } from "../http/cookie.js"
import { clearSessionCookie } from "../http/session-store.js"
import type { Account, JWT, Profile, User } from "../types.js"
import { entryFromSignIn, withTokens } from "../token-refresh/session-tokens.js"
import { sessionCookies } from "./jwt-session.js"

export interface NewSession {
  user: User | AdapterUser
  account: Account | null
  profile?: Profile
  isNewUser: boolean
}

/** The cookies of the new session. */
export async function createSession(ctx: Context, signIn: NewSession): Promise<Cookie[]> {
  const { config, req } = ctx
  const { name, options } = ctx.cookies.sessionToken
  const expires = new Date(Date.now() + config.session.maxAge * 1000)

  if (config.session.strategy === "database" && config.adapter?.createSession) {
    const previous = req.cookies[name]
    if (previous) {
      try {
        await config.adapter.deleteSession?.(previous)
      } catch (error) {
        // The new session does not depend on it; the old row expires by itself.
        config.logger.error(error as Error)
      }
    }
    const sessionToken = config.session.generateSessionToken()
    await config.adapter.createSession({ sessionToken, userId: signIn.user.id!, expires })
    const stale = clearSessionCookie(req.cookies, name, options).filter((c) => c.name !== name)
    return [...stale, { name, value: sessionToken, options: { ...options, expires } }]
  }

  const { user, account, profile, isNewUser } = signIn
  let defaultToken: JWT = { name: user.name, email: user.email, picture: user.image, sub: user.id?.toString() }
  // Without an adapter the provider's tokens have nowhere else to live: they ride in the encrypted session token,
  // where getAccessToken finds and refreshes them (token-refresh/). The app's jwt callback sees them and may drop them.
  const keep = config.session.providerTokens
  const kept =
    !config.adapter && account && (account.type === "oauth" || account.type === "oidc") && (keep === true || (Array.isArray(keep) && keep.includes(account.provider)))
      ? entryFromSignIn(account, account.providerAccountId)
      : undefined
  if (kept) defaultToken = withTokens(defaultToken, account!.provider, kept)
  const token = await config.callbacks.jwt({
    token: defaultToken,
    user,
    account,
    profile,
    isNewUser,
    trigger: isNewUser ? "signUp" : "signIn",
  })
  if (!token) return clearSessionCookie(req.cookies, name, options)
  return sessionCookies(ctx, token, expires)
}
