/**
 * A `token.conform` for providers that report token errors with HTTP 200 (GitHub, Naver, TikTok, Zoho): such an answer
 * becomes the 400 of RFC 6749 §5.2, its body unchanged, so the OAuth client reads it as the error it is.
 */
export async function tokenErrorsSentWith200(response: Response): Promise<Response | undefined> {
  if (response.status !== 200) return undefined
  let body: unknown
  try {
    body = await response.clone().json()
  } catch {
    return undefined
  }
  if (typeof body !== "object" || body === null || typeof (body as { error?: unknown }).error !== "string") return undefined
  return Response.json(body, { status: 400 })
}
