/** `GET /csrf`: the current CSRF token (minting one, and its cookie, when there is none). 404 with `skipCSRFCheck`. */
import type { Context } from "../context.js"
import type { Cookie } from "../http/cookie.js"
import { json, type ResponseInternal } from "../http/response.js"
import { csrf } from "./shared.js"

export async function csrfToken(ctx: Context): Promise<ResponseInternal> {
  if (ctx.config.skipCSRFCheck) {
    const { name, options } = ctx.cookies.csrfToken
    return json(null, 404, [{ name, value: "", options: { ...options, maxAge: 0 } }])
  }
  const cookies: Cookie[] = []
  const { token } = await csrf(ctx, cookies)
  return json({ csrfToken: token }, 200, cookies)
}
