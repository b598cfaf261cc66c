/**
 * `POST /signout`: with a valid CSRF token, ends the session — the JWT cookie is cleared, or the database row deleted
 * and its cookie cleared — fires `signOut`, and redirects to the callback URL. `GET /signout` only shows the
 * confirmation page (a GET never signs anyone out).
 */
import type { Context } from "../context.js"
import { MissingCSRF } from "../errors.js"
import type { Cookie } from "../http/cookie.js"
import type { ResponseInternal } from "../http/response.js"
import { clearSessionCookie, readSessionCookie } from "../http/session-store.js"
import { decodeSessionToken } from "../session/token.js"
import { callbackUrl, csrf } from "./shared.js"

export async function signOut(ctx: Context): Promise<ResponseInternal> {
  const cookies: Cookie[] = []
  const state = await csrf(ctx, cookies)
  if (!ctx.skipCSRFCheck && !state.verified) throw new MissingCSRF("CSRF token was missing or did not match its cookie.")
  const redirect = await callbackUrl(ctx, cookies)
  const { config, req } = ctx
  const { name, options } = ctx.cookies.sessionToken
  const sent = readSessionCookie(req.cookies, name)
  cookies.push(...clearSessionCookie(req.cookies, name, options))
  if (!sent) return { redirect, cookies }

  if (config.session.strategy === "database") {
    try {
      const session = await config.adapter?.deleteSession?.(sent)
      await config.events.signOut?.({ session })
    } catch (error) {
      config.logger.error(error as Error) // the cookie is cleared all the same
    }
  } else if (config.events.signOut) {
    const token = await decodeSessionToken(config, name, sent)
    await config.events.signOut({ token })
  }
  return { redirect, cookies }
}
