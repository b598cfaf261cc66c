/**
 * Token endpoint answers that providers send out of spec, made readable for the OAuth client: `token.conform`
 * functions, and the one step they share.
 */

/**
 * The JSON object of a token answer, rewritten: `rewrite` gets the body of an answer with the status `when` allows
 * (default: any 2xx) and returns the body to answer instead (with `status`, default the original), or `undefined` to
 * leave the answer as it is — as is every answer that is not a JSON object.
 */
export async function rewriteTokenAnswer(
  response: Response,
  rewrite: (body: Record<string, unknown>) => { body: Record<string, unknown>; status?: number } | undefined,
  when: (status: number) => boolean = (status) => status >= 200 && status < 300,
): Promise<Response | undefined> {
  if (!when(response.status)) return undefined
  let body: unknown
  try {
    body = await response.clone().json()
  } catch {
    return undefined
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined
  const rewritten = rewrite(body as Record<string, unknown>)
  return rewritten && Response.json(rewritten.body, { status: rewritten.status ?? response.status })
}

/**
 * A `token.conform` for providers that report token errors with HTTP 200 (GitHub, Naver, TikTok, Zoho): such an answer
 * becomes the 400 of RFC 6749 §5.2, its body unchanged, so the OAuth client reads it as the error it is.
 */
export function tokenErrorsSentWith200(response: Response): Promise<Response | undefined> {
  return rewriteTokenAnswer(response, (body) => (typeof body.error === "string" ? { body, status: 400 } : undefined), (status) => status === 200)
}
