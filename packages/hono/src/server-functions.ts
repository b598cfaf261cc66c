/**
 * Gatehouse's server functions that `@hono/auth-js` has no counterpart for, in its style: helpers taking the context
 * `c` (for the request's cookies and configuration). Each is core's `Gatehouse()` function of the same name; see
 * docs/token-refresh.md and docs/sessions.md.
 */
import type { AccessToken, GetAccessTokenOptions, SessionInfo } from "@gatehousejs/core"
import type { Context } from "hono"
import { engineOf } from "./engine.js"
import { forwardCookies, serverRequest } from "./web-request.js"

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
  const { gatehouse, authUrl } = engineOf(c)
  const headers = new Headers()
  const token = await gatehouse.getAccessToken(serverRequest(c, authUrl), providerId, { ...options, headers })
  forwardCookies(c, headers)
  return token
}

/** The signed-in user's sessions, newest first, this browser's marked `current`; `null` when signed out. */
export function listSessions(c: Context): Promise<SessionInfo[] | null> {
  const { gatehouse, authUrl } = engineOf(c)
  return gatehouse.listSessions(serverRequest(c, authUrl))
}

/** Ends the signed-in user's session with this id (from `listSessions`); false when the user has none with it. */
export function revokeSession(c: Context, id: string): Promise<boolean> {
  const { gatehouse, authUrl } = engineOf(c)
  return gatehouse.revokeSession(serverRequest(c, authUrl), id)
}

/** Ends every session of the signed-in user but this browser's ("sign out everywhere else"); how many ended. */
export function revokeOtherSessions(c: Context): Promise<number> {
  const { gatehouse, authUrl } = engineOf(c)
  return gatehouse.revokeOtherSessions(serverRequest(c, authUrl))
}

/** Ends every session of the user `userId` on every device (after a password change, or a ban); how many ended. */
export function revokeUserSessions(c: Context, userId: string): Promise<number> {
  const { gatehouse, authUrl } = engineOf(c)
  return gatehouse.revokeUserSessions(userId, serverRequest(c, authUrl))
}
