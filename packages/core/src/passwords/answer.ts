/**
 * How the `Password` endpoints answer: JSON to a client that accepts it (`{ ok: true, url? }`, or `{ error }` with the
 * codes of passwords/types.ts), else the form posts' redirects and pages of a browser (docs/passwords.md).
 */
import type { Context } from "../context.js"
import { TooManyRequests } from "../errors.js"
import { json, type ResponseInternal } from "../http/response.js"
import type { Given } from "../pipeline/route.js"
import type { PasswordError } from "./types.js"

/** A client that asked for JSON (`Accept: application/json`, or Auth.js's client with `X-Auth-Return-Redirect`). */
export function wantsJson(ctx: Context): boolean {
  const { headers } = ctx.req
  return (headers.get("accept") ?? "").toLowerCase().includes("application/json") || headers.has("x-auth-return-redirect")
}

/** Done: to `url` (a browser), or `{ ok: true, url }`. */
export function done(ctx: Context, given: Given, url: string): ResponseInternal {
  if (wantsJson(ctx)) return json({ ok: true, url }, 200, given.cookies)
  return { redirect: url, cookies: given.cookies }
}

export const statusOf: Record<PasswordError, number> = {
  "invalid-email": 400,
  "too-short": 400,
  "too-long": 400,
  breached: 400,
  "invalid-token": 400,
  "wrong-password": 400,
  "rate-limited": 429,
  unavailable: 503,
}

/** Refused: `{ error }` with its status (and `Retry-After`), or the form's page showing the error. */
export async function refused(
  ctx: Context,
  given: Given,
  error: PasswordError,
  page: (error: PasswordError, retryAfter?: number) => Promise<ResponseInternal>,
  retryAfter?: number,
): Promise<ResponseInternal> {
  const headers = retryAfter === undefined ? undefined : { "Retry-After": String(retryAfter) }
  if (wantsJson(ctx)) {
    // A spent budget reads as every other one does (`TooManyRequests`, the pipeline's and Auth.js-style answers').
    const code = error === "rate-limited" ? "TooManyRequests" : error
    const answer = json({ error: code, ...(retryAfter !== undefined && { retryAfter }) }, statusOf[error], given.cookies)
    return { ...answer, headers: { ...answer.headers, ...headers } }
  }
  const answer = await page(error, retryAfter)
  return { ...answer, headers: { ...answer.headers, ...headers } }
}

/** Runs `work`; a spent budget becomes the `rate-limited` refusal instead of the sign-in page. */
export async function withinBudget(
  ctx: Context,
  given: Given,
  page: (error: PasswordError, retryAfter?: number) => Promise<ResponseInternal>,
  work: () => Promise<ResponseInternal>,
): Promise<ResponseInternal> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof TooManyRequests) return refused(ctx, given, "rate-limited", page, error.retryAfter)
    throw error
  }
}
