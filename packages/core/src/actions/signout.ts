/**
 * `POST /signout` (CSRF-checked by the pipeline): ends the session — the JWT cookie is cleared (and its registry record
 * deleted, when there is a registry), or the database row deleted and its cookie cleared — fires `signOut`, and
 * redirects to the callback URL. `GET /signout` only shows the
 * confirmation page (a GET never signs anyone out).
 *
 * When the store cannot delete the row (RT-05) the cookie is still cleared, but the answer is `SignOutError`, never
 * success: the row, and any copy of its token, stays valid until it expires. `signOut` is not fired then, since its
 * message (`{ session }`) means "this session ended" to every handler written for Auth.js.
 */
import type { AdapterSession } from "../adapters.js"
import type { Context } from "../context.js"
import { SignOutError } from "../errors.js"
import type { Given } from "../pipeline/route.js"
import type { Cookie } from "../http/cookie.js"
import type { ResponseInternal } from "../http/response.js"
import { clearSessionCookie, readSessionCookie } from "../http/session-store.js"
import { decodeSessionToken } from "../session/token.js"
import { forgetSessions, SESSION_ID_CLAIM } from "../session-registry/jwt-gate.js"
import { withoutProviderTokens } from "../session/provider-tokens.js"
import { callbackUrl } from "./shared.js"

export async function signOut(ctx: Context, given: Given): Promise<ResponseInternal> {
  const { cookies } = given
  const redirect = await callbackUrl(ctx, cookies)
  const { config, req } = ctx
  const { name, options } = ctx.cookies.sessionToken
  cookies.push(...clearSessionCookie(req.cookies, name, options))

  if (config.session.strategy === "database") {
    // The opaque token is never chunked: read as the session check reads it, so a planted `name.0` cannot hide it.
    const sessionToken = req.cookies[name]
    if (!sessionToken) return { redirect, cookies }
    let session: AdapterSession | null | undefined | void
    try {
      session = await config.adapter?.deleteSession?.(sessionToken)
    } catch (error) {
      throw signOutFailed(ctx, cookies, error)
    }
    await config.events.signOut?.({ session })
    return { redirect, cookies }
  }

  const sent = readSessionCookie(req.cookies, name)
  const registry = config.sessionRegistry
  if (!sent || (!registry && !config.events.signOut)) return { redirect, cookies }
  const token = await decodeSessionToken(config, name, sent)
  // With a registry the session's record goes too: a copy of the cookie is signed out with it (RT-11).
  const id = token?.[SESSION_ID_CLAIM]
  if (registry && typeof id === "string" && id !== "") {
    try {
      await registry.deleteSession(id)
    } catch (error) {
      throw signOutFailed(ctx, cookies, error)
    }
    forgetSessions(registry, [id])
  }
  await config.events.signOut?.({ token: token && withoutProviderTokens(token) })
  return { redirect, cookies }
}

function signOutFailed(ctx: Context, cookies: Cookie[], error: unknown): SignOutError {
  const failed = new SignOutError(
    "Sign-out did not complete: the store could not delete the session, which stays valid until it expires. The cookie was cleared.",
    { cause: { err: error as Error } },
  )
  failed.cookies = cookies
  ctx.failureCookies.push(...cookies)
  return failed
}
