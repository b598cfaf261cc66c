/**
 * `GET /session` (check) and `POST /session` (update). The body is the `session` callback's result or `null`.
 * An update needs the CSRF token (`csrfToken` in the body) and sends its `data` to the `jwt` and `session` callbacks;
 * any failure of an update is `400 null`, as in Auth.js.
 */
import type { Context } from "../context.js"
import type { ResponseInternal } from "../http/response.js"
import { json } from "../http/response.js"
import type { Cookie } from "../http/cookie.js"
import { databaseSession } from "../session/database-session.js"
import { jwtSession } from "../session/jwt-session.js"
import { csrf } from "./shared.js"

export async function session(ctx: Context): Promise<ResponseInternal> {
  let update: { data: unknown } | undefined
  const cookies: Cookie[] = []
  if (ctx.req.method === "POST") {
    const state = await csrf(ctx, cookies)
    if (!ctx.skipCSRFCheck && !state.verified) return json(null, 400, cookies)
    update = { data: ctx.req.body.data }
  }
  if (ctx.config.session.strategy === "database") {
    const result = await databaseSession(ctx, update)
    return json(result.session, result.unavailable ? 503 : 200, [...cookies, ...result.cookies])
  }
  const result = await jwtSession(ctx, update)
  return json(result.session, result.unavailable ? 503 : 200, cookies.length ? [...cookies, ...result.cookies] : result.cookies)
}
