/** `GET /csrf`: the current CSRF token (minting one, and its cookie, when there is none). 404 with `skipCSRFCheck`. */
import type { Context } from "../context.js"
import { json, type ResponseInternal } from "../http/response.js"
import type { Given } from "../pipeline/route.js"

export async function csrfToken(ctx: Context, given: Given): Promise<ResponseInternal> {
  if (ctx.config.skipCSRFCheck) {
    const { name, options } = ctx.cookies.csrfToken
    return json(null, 404, [{ name, value: "", options: { ...options, maxAge: 0 } }])
  }
  const token = await given.csrfToken()
  return json({ csrfToken: token }, 200, given.cookies)
}
