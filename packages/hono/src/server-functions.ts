/**
 * Gatehouse's server functions that `@hono/auth-js` has no counterpart for, in its style: helpers taking the context
 * `c` (for the request's cookies and configuration). Each is core's `Gatehouse()` function of the same name; see
 * docs/token-refresh.md and docs/sessions.md.
 */
import type { AccessToken, GetAccessTokenOptions, SessionInfo } from "@gatehousejs/core"
import type { Context } from "hono"
import { engineOf } from "./engine.js"
import { forwardCookies } from "./web-request.js"

/**
 * The signed-in user's access token at `providerId`, refreshed first when it expires within `minValidity` seconds
 * (default 60); `null` when signed out, not linked to that provider, or the refresh failed. A session cookie re-issued
 * by the refresh (JWT sessions without an adapter) is sent with this request's response.
 *
 * @example
 * const token = await getAccessToken(c, "github")
 * if (token) await fetch("https://api.github.com/user", { headers: { Authorization: `Bearer ${token.accessToken}` } })
 */
export async function getAccessToken(c: Context, providerId: string, options: GetAccessTokenOptions = {}): Promise<AccessToken | null> {
  const { gatehouse, serverRequest } = await engineOf(c)
  const headers = new Headers()
  const token = await gatehouse.getAccessToken(serverRequest(), providerId, { ...options, headers })
  forwardCookies(c, headers)
  return token
}

/** The signed-in user's sessions, newest first, this browser's marked `current`; `null` when signed out. */
export async function listSessions(c: Context): Promise<SessionInfo[] | null> {
  const { gatehouse, serverRequest } = await engineOf(c)
  return gatehouse.listSessions(serverRequest())
}

/** Ends the signed-in user's session with this id (from `listSessions`); false when the user has none with it. */
export async function revokeSession(c: Context, id: string): Promise<boolean> {
  const { gatehouse, serverRequest } = await engineOf(c)
  return gatehouse.revokeSession(serverRequest(), id)
}

/** Ends every session of the signed-in user but this browser's ("sign out everywhere else"); how many ended. */
export async function revokeOtherSessions(c: Context): Promise<number> {
  const { gatehouse, serverRequest } = await engineOf(c)
  return gatehouse.revokeOtherSessions(serverRequest())
}

/** Ends every session of the user `userId` on every device (after a password change, or a ban); how many ended. */
export async function revokeUserSessions(c: Context, userId: string): Promise<number> {
  const { gatehouse, serverRequest } = await engineOf(c)
  return gatehouse.revokeUserSessions(userId, serverRequest())
}
