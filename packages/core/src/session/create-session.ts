/**
 * Starting a session after a successful sign-in, for either strategy. Always a fresh session token: a session cookie
 * planted before sign-in is replaced, and with the database strategy its row is deleted (no fixation, ASVS 7.2.4).
 */
import type { AdapterUser } from "../adapters.js"
import type { Context } from "../context.js"
import type { Cookie } from "../http/cookie.js"
import { clearSessionCookie } from "../http/session-store.js"
import type { Account, JWT, Profile, User } from "../types.js"
import { entryFromSignIn, withProviderTokens } from "./provider-tokens.js"
import { absoluteEnd, AUTH_TIME_CLAIM, startJwtSession } from "../session-registry/jwt-gate.js"
import { newSessionMetadata } from "../session-registry/metadata.js"
import { keepsSessionMetadata } from "../session-registry/registry.js"
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
  const now = config.now()
  const expires = new Date(now + config.session.maxAge * 1000)

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
    const absolute = config.session.absoluteMaxAge ? new Date(now + config.session.absoluteMaxAge * 1000) : expires
    const ends = absolute < expires ? absolute : expires
    // Adapters with the session registry record when, where from and in which browser (session-registry/).
    const metadata = keepsSessionMetadata(config.adapter) ? newSessionMetadata(ctx, new Date(now)) : {}
    await config.adapter.createSession({ sessionToken, userId: signIn.user.id!, expires: ends, ...metadata })
    const stale = clearSessionCookie(req.cookies, name, options).filter((c) => c.name !== name)
    return [...stale, { name, value: sessionToken, options: { ...options, expires: ends } }]
  }

  const { user, account, profile, isNewUser } = signIn
  const defaultToken: JWT = { name: user.name, email: user.email, picture: user.image, sub: user.id?.toString() }
  // Without an adapter the provider's tokens have nowhere else to live: they ride in the encrypted session token,
  // where getAccessToken finds and refreshes them (token-refresh/). They are put on after the jwt callback, which does
  // not see them in `token` (`account` still carries the provider's answer, as in Auth.js): RT-15.
  const keep = config.session.providerTokens
  const kept =
    !config.adapter && account && (account.type === "oauth" || account.type === "oidc") && (keep === true || (Array.isArray(keep) && keep.includes(account.provider)))
      ? entryFromSignIn(account, account.providerAccountId, Math.floor(now / 1000))
      : undefined
  const returned = await config.callbacks.jwt({
    token: defaultToken,
    user,
    account,
    profile,
    isNewUser,
    trigger: isNewUser ? "signUp" : "signIn",
  })
  if (!returned) return clearSessionCookie(req.cookies, name, options)
  const token = withProviderTokens(returned, kept ? { [account!.provider]: kept } : undefined)
  // Recorded in the registry when there is one; the sign-in time for `absoluteMaxAge` (session-registry/jwt-gate.ts).
  const claims = await startJwtSession(ctx, typeof token.sub === "string" ? token.sub : user.id?.toString(), expires)
  const end = absoluteEnd(ctx, claims[AUTH_TIME_CLAIM] as number | undefined)
  return sessionCookies(ctx, Object.assign(token, claims), end !== undefined && end < expires.valueOf() ? new Date(end) : expires)
}
