/**
 * A sign-in or sign-out posted from server code as the browser's own form would be, answered as the endpoint answers
 * that form with `X-Auth-Return-Redirect`: where the browser goes next — a refused sign-in included (the sign-in page
 * with `?error=…`) — or, for the refusals that have no page (too many attempts, a broken configuration), the error and
 * status. For a framework whose server actions stand in for the browser's form (Qwik); `Gatehouse().signIn` throws
 * refusals instead, for apps that catch them.
 */
import { engine } from "../auth.js"
import type { ResolvedConfig } from "../config/resolved-config.js"
import type { Cookie } from "../http/cookie.js"
import { serverContext, type ServerCall } from "../pipeline/server-request.js"

export type FormPost =
  | { to: "signin"; provider?: string; fields: Record<string, string>; authorizationParams?: Record<string, string> }
  | { to: "signout"; fields: Record<string, string> }

export interface FormAnswer {
  /** Where the browser goes next; absent for a refusal without a page. */
  url?: string
  /** That refusal's type (`TooManyRequests`, `InvalidCallbackUrl`, `Configuration`) and status. */
  error?: string
  status: number
  /** Seconds until a rate-limited client may try again. */
  retryAfter?: number
  cookies: Cookie[]
}

export async function formPost(config: ResolvedConfig, request: Request, post: FormPost): Promise<FormAnswer> {
  const { ctx, route } = serverContext(config, request, callOf(config, post))
  ctx.req.headers.set("x-auth-return-redirect", "1")
  const answer = await engine(ctx, route, {})
  const cookies = answer.cookies ?? []
  if (answer.redirect !== undefined) return { url: answer.redirect, status: 200, cookies }
  const body = (answer.body ?? {}) as { error?: unknown; retryAfter?: unknown }
  const status = answer.status ?? 500
  return {
    error: typeof body.error === "string" ? body.error : status === 500 ? "Configuration" : "AuthError",
    status,
    ...(typeof body.retryAfter === "number" && { retryAfter: body.retryAfter }),
    cookies,
  }
}

/** Credentials sign in at their callback, other providers at `/signin/:id`; no provider or an unknown one: the page. */
function callOf(config: ResolvedConfig, post: FormPost): ServerCall {
  if (post.to === "signout") return { method: "POST", action: "signout", body: post.fields }
  const known = post.provider === undefined ? undefined : config.providersById.get(post.provider)
  if (!known) return { method: "POST", action: "signin", body: post.fields }
  return { method: "POST", action: known.type === "credentials" ? "callback" : "signin", providerId: known.id, body: post.fields, query: post.authorizationParams }
}
