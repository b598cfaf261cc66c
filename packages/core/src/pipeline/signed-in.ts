/**
 * Who is signed in, for an entry that declares `signedIn`: a live session only — expired, revoked or past
 * `session.absoluteMaxAge` is signed out (RT-11). With a session registry its record decides (and gives the handle a
 * JWT session is listed by); without one, the adapter's row or the token itself. Loaded only by such entries.
 */
import type { SessionMetadata } from "../adapters.js"
import type { Context } from "../context.js"
import { readSessionCookie } from "../http/session-store.js"
import { decodeSessionToken } from "../session/token.js"
import { AUTH_TIME_CLAIM, checkJwtSession } from "../session-registry/jwt-gate.js"
import { currentSession } from "../session-registry/sessions.js"
import { Refused } from "./refused.js"
import type { SignedIn } from "./route.js"

export async function readSignedIn(ctx: Context): Promise<SignedIn | null> {
  const { config, req } = ctx
  if (config.sessionRegistry) return currentSession(ctx)
  const { name } = ctx.cookies.sessionToken
  const sent = readSessionCookie(req.cookies, name)
  if (!sent) return null
  if (config.session.strategy === "database") {
    let found
    try {
      found = await config.adapter!.getSessionAndUser!(sent)
    } catch (error) {
      throw new Refused("unavailable", "The session store could not be reached; try again.", { cause: error })
    }
    if (!found) return null
    const createdAt = (found.session as Partial<SessionMetadata>).createdAt
    const absolute = config.session.absoluteMaxAge
    const end = absolute && createdAt ? createdAt.valueOf() + absolute * 1000 : Infinity
    if (Math.min(found.session.expires.valueOf(), end) <= config.now()) return null
    return { userId: found.user.id, sessionToken: sent, authTime: createdAt ? Math.floor(createdAt.valueOf() / 1000) : undefined }
  }
  const token = await decodeSessionToken(config, name, sent)
  if (!token || typeof token.sub !== "string") return null
  const gate = await checkJwtSession(ctx, token)
  if (!gate.live) return null
  const authTime = gate.claims[AUTH_TIME_CLAIM]
  return { userId: token.sub, authTime: typeof authTime === "number" ? authTime : undefined }
}
