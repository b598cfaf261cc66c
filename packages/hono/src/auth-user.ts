/**
 * How `c.get("authUser")` learns what the engine gave the `session` callback, as `@hono/auth-js` does it: by wrapping
 * the callback. The wrapper runs the app's callback (or the engine's default), then hangs the callback's input on the
 * result under a symbol. A symbol-keyed, non-enumerable property is not serialised, so `GET {basePath}/session` sends
 * exactly what it would without the wrapper; the server-side lookup (core's `auth()`) hands back the object itself.
 * Nothing is kept between requests: the input travels with the one session object it belongs to.
 */
import type { CallbacksOptions, Session } from "@gatehousejs/core"
import type { AuthUser } from "./types.js"

type SessionCallback = CallbacksOptions["session"]
type SessionParams = Parameters<SessionCallback>[0]

const AUTH_USER = Symbol("gatehousejs.hono.authUser")

/** `own` (the app's `session` callback, or the default when it has none) with the callback's input kept on the result. */
export function capturingSession(own: SessionCallback | undefined): SessionCallback {
  return async (params) => {
    const result = await (own ?? defaultSession)(params)
    if (!result || typeof result !== "object") return result
    // A copy: the app's callback may return an object it shares between requests.
    const copy = { ...result }
    Object.defineProperty(copy, AUTH_USER, { value: authUserOf(params), enumerable: false })
    return copy
  }
}

/** The `AuthUser` kept on a session the wrapped callback returned; `null` for no session (signed out). */
export function authUserIn(session: unknown): AuthUser | null {
  if (!session || typeof session !== "object") return null
  return (session as { [AUTH_USER]?: AuthUser })[AUTH_USER] ?? null
}

/** `session` and, by strategy, `token` (JWT) or `user` (database): the keys `@hono/auth-js` users read. */
function authUserOf(params: SessionParams): AuthUser {
  const authUser: AuthUser = { session: params.session }
  if ("token" in params && params.token) authUser.token = params.token
  if ("user" in params && params.user) authUser.user = params.user
  return authUser
}

/**
 * The engine's default `session` callback (core's config/default-callbacks.ts, not exported by core): the client sees
 * `name`, `email`, `image` and `expires`, nothing else of the user or the token.
 */
function defaultSession({ session }: SessionParams): Session {
  const expires = session.expires as string | Date
  return {
    user: { name: session.user?.name, email: session.user?.email, image: session.user?.image },
    expires: expires instanceof Date ? expires.toISOString() : expires,
  } as Session
}
