/**
 * The `database` session strategy: the cookie holds an opaque session token; the adapter holds the session.
 *
 * One adapter call per check (`getSessionAndUser`), an extension write at most once per `updateAge`. An expired
 * session is deleted. A store outage is answered as docs/design.md#session-store-outage decides: `null` with status
 * 503, the cookie kept (a blip must not sign anyone out), `SessionTokenError` logged.
 */
import type { AdapterSession, AdapterUser, SessionMetadata } from "../adapters.js"
import type { Context } from "../context.js"
import { SessionTokenError } from "../errors.js"
import type { Cookie } from "../http/cookie.js"
import { keepsSessionMetadata } from "../session-registry/registry.js"
import type { Session } from "../types.js"
import { hasDuplicateSessionCookie } from "./jwt-session.js"
import { readV4Cookie } from "./v4-cookie.js"

export interface DatabaseSessionResult {
  session: Session | null
  cookies: Cookie[]
  /** True when the store could not be reached. */
  unavailable?: boolean
  /** A live session's user id: for `getAccessToken`. */
  userId?: string
}

export async function databaseSession(ctx: Context, update?: { data: unknown }): Promise<DatabaseSessionResult> {
  const { config, req } = ctx
  const { name, options } = ctx.cookies.sessionToken
  // No v5 cookie: a next-auth v4 one holds the same opaque token; it is moved to the v5 name on this response.
  const v4 = req.cookies[name] || hasDuplicateSessionCookie(ctx) ? undefined : readV4Cookie(ctx)
  const sessionToken = v4 ? v4.value : req.cookies[name]
  if (!sessionToken) return { session: null, cookies: v4 ? v4.clear : [] }
  const clear: Cookie[] = v4 ? v4.clear : [{ name, value: "", options: { ...options, maxAge: 0, expires: new Date(0) } }]
  if (hasDuplicateSessionCookie(ctx)) return { session: null, cookies: clear }
  const adapter = config.adapter!

  let found: { session: AdapterSession; user: AdapterUser } | null | undefined
  try {
    found = await adapter.getSessionAndUser!(sessionToken)
  } catch (error) {
    config.logger.error(new SessionTokenError(error as Error))
    return { session: null, cookies: [], unavailable: true }
  }
  // A session whose user is gone (an adapter that reads the user in a second query, racing its deletion: Prisma's).
  if (!found || !found.user) return { session: null, cookies: clear }

  const { session: stored, user } = found
  const now = config.now()
  // `session.absoluteMaxAge` counts from sign-in, recorded by adapters with the session registry.
  const createdAt = (stored as Partial<SessionMetadata>).createdAt
  const end = config.session.absoluteMaxAge && createdAt ? createdAt.valueOf() + config.session.absoluteMaxAge * 1000 : Infinity
  if (stored.expires.valueOf() < now || end <= now) {
    try {
      await adapter.deleteSession!(sessionToken)
    } catch (error) {
      config.logger.error(error as Error) // the session is refused either way
    }
    return { session: null, cookies: clear }
  }

  const { maxAge, updateAge } = config.session
  let expires = stored.expires
  const cookies: Cookie[] = v4 ? [...v4.clear, { name, value: sessionToken, options: { ...options, expires } }] : []
  if (stored.expires.valueOf() - maxAge * 1000 + updateAge * 1000 <= now && stored.expires.valueOf() < end) {
    // From here the callback, `/session` and the cookie all report this expiry, the one the store now holds; Auth.js
    // hands the callback the one read before the extension (docs/differences.md row 144).
    expires = new Date(Math.min(now + maxAge * 1000, end))
    try {
      // The registry's "last active" moves with the extension: at most one write per `updateAge`, not per request.
      await adapter.updateSession!({ sessionToken, expires, ...(keepsSessionMetadata(adapter) ? { lastActiveAt: new Date(now) } : {}) })
      if (v4) cookies.pop()
      cookies.push({ name, value: sessionToken, options: { ...options, expires } })
    } catch (error) {
      config.logger.error(error as Error)
      expires = stored.expires // extension failed: keep serving the session until its current expiry
    }
  }

  // The session callback's result goes to the client: the session token is kept out of what it is given, so that a
  // callback returning `session` as it is cannot expose it to page scripts (Auth.js passes it in).
  // The registry's metadata stays out too: it is for `GET /sessions`, not for every page's session.
  const { sessionToken: _token, refreshFailed, createdAt: _c, lastActiveAt: _l, userAgent: _u, ip: _i, ...visible } = stored as AdapterSession &
    Partial<SessionMetadata> & { refreshFailed?: boolean }
  const session = await config.callbacks.session({
    session: { ...visible, expires, user } as unknown as Session & AdapterSession,
    user,
    ...(update ? { newSession: update.data, trigger: "update" as const } : {}),
  } as Parameters<typeof config.callbacks.session>[0])
  // A provider refused its refresh token for good (token-refresh/): read with the session, in the same round trip.
  const marked = session as (Session & { error?: unknown }) | null
  if (refreshFailed && marked && marked.error === undefined) marked.error = "RefreshTokenError"
  await config.events.session?.({ session: session as Session })
  return { session: session as Session, cookies, userId: user.id }
}
