/**
 * `GET /session` (check) and `POST /session` (update). The body is the `session` callback's result or `null`.
 * An update needs the CSRF token (`csrfToken` in the body, checked by the pipeline) and sends its `data` to the `jwt`
 * and `session` callbacks; any failure of an update is `400 null`, as in Auth.js.
 */
import type { Context } from "../context.js"
import type { ResponseInternal } from "../http/response.js"
import { json } from "../http/response.js"
import type { Given } from "../pipeline/route.js"
import { databaseSession } from "../session/database-session.js"
import { jwtSession, type SessionResult } from "../session/jwt-session.js"

export async function session(ctx: Context, given: Given): Promise<ResponseInternal> {
  const result = await readSession(ctx, ctx.req.method === "POST" ? { data: ctx.req.body.data } : undefined)
  const cookies = given.cookies.length ? [...given.cookies, ...result.cookies] : result.cookies
  return json(result.session, result.unavailable ? 503 : 200, cookies)
}

/** The session of the request (updated with `data`), for the route and for `auth()` / `unstable_update()`. */
export function readSession(ctx: Context, update?: { data: unknown }): Promise<Pick<SessionResult, "session" | "cookies" | "unavailable">> {
  return ctx.config.session.strategy === "database" ? databaseSession(ctx, update) : jwtSession(ctx, update)
}
