/**
 * The `database` session strategy: the cookie holds an opaque session token; the adapter holds the session.
 *
 * One adapter call per check (`getSessionAndUser`), an extension write at most once per `updateAge`. An expired
 * session is deleted. A store outage is answered as design §3 decides: `null` with status 503, the cookie kept (a blip
 * must not sign anyone out), `SessionTokenError` logged.
 */
import type { AdapterSession, AdapterUser } from "../adapters.js"
import type { Context } from "../context.js"
import { SessionTokenError } from "../errors.js"
import type { Cookie } from "../http/cookie.js"
import type { Session } from "../types.js"
import { hasDuplicateSessionCookie } from "./jwt-session.js"
import { readV4Cookie } from "./v4-cookie.js"

export interface DatabaseSessionResult {
  session: Session | null
  cookies: Cookie[]
  /** True when the store could not be reached. */
  unavailable?: boolean
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
  if (!found) return { session: null, cookies: clear }

  const { session: stored, user } = found
  const now = Date.now()
  if (stored.expires.valueOf() < now) {
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
  if (stored.expires.valueOf() - maxAge * 1000 + updateAge * 1000 <= now) {
    expires = new Date(now + maxAge * 1000)
    try {
      await adapter.updateSession!({ sessionToken, expires })
      if (v4) cookies.pop()
      cookies.push({ name, value: sessionToken, options: { ...options, expires } })
    } catch (error) {
      config.logger.error(error as Error)
      expires = stored.expires // extension failed: keep serving the session until its current expiry
    }
  }

  // The session callback's result goes to the client: the session token is kept out of what it is given, so that a
  // callback returning `session` as it is cannot expose it to page scripts (Auth.js passes it in).
  const { sessionToken: _token, ...visible } = stored
  const session = await config.callbacks.session({
    session: { ...visible, expires, user } as unknown as Session & AdapterSession,
    user,
    ...(update ? { newSession: update.data, trigger: "update" as const } : {}),
  } as Parameters<typeof config.callbacks.session>[0])
  await config.events.session?.({ session: session as Session })
  return { session: session as Session, cookies }
}
