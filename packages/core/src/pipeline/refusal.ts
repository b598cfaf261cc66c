/**
 * One answer to every refusal, in the style the entry declares (route.ts `Answers`), so that each route keeps its
 * Auth.js answer: `MissingCSRF` thrown to the sign-in page for the browser flows, `400 null` for `POST /session`,
 * JSON with a status (or the entry's page, for a browser asking for HTML) for Gatehouse's own endpoints.
 */
import type { Context } from "../context.js"
import { AdapterError, AuthError, MissingCSRF } from "../errors.js"
import { json, type ResponseInternal } from "../http/response.js"
import { registryNeeded } from "./refused.js"
import type { Given, Refusal, Route } from "./route.js"

const jsonAnswers: Record<Refusal, { status: number; error: string; message: string }> = {
  csrf: { status: 403, error: "MissingCSRF", message: "The CSRF token is missing or does not match." },
  origin: { status: 403, error: "MissingCSRF", message: "The CSRF token is missing or does not match." },
  "signed-out": { status: 401, error: "Unauthorized", message: "Sign in to use this endpoint." },
  "stale-sign-in": { status: 401, error: "Unauthorized", message: "Sign in again to do this: your sign-in is too old." },
  unsupported: { status: 501, error: "SessionRegistryUnsupported", message: registryNeeded },
  unavailable: { status: 503, error: "SessionStoreUnavailable", message: "The session store could not be reached; try again." },
  "rate-limited": { status: 429, error: "TooManyRequests", message: "Too many requests; try again later." },
}

export async function refuse(ctx: Context, route: Route, refusal: Refusal, given: Given, raised?: Error): Promise<ResponseInternal> {
  const { config } = ctx
  if (refusal === "unavailable") config.logger.error((raised?.cause as Error | undefined) ?? raised ?? new Error("The session store could not be reached."))
  else config.logger.debug("refused", { route: `${route.method} ${route.path}`, refusal })
  if (route.answers === "null") return json(null, 400, given.cookies)
  if (route.answers === "redirect") return redirectAnswer(ctx, refusal)
  const wait = refusal === "rate-limited" && given.retryAfter !== undefined ? given.retryAfter : undefined
  const retry: Record<string, string> = wait === undefined ? {} : { "Retry-After": String(wait) }
  if (route.page && (route.jsonWhenAsked ? !asksJson(ctx) : wantsPage(ctx))) {
    const page = await route.page(ctx, given, refusal)
    if (page) return { ...page, headers: { ...page.headers, ...retry } }
  }
  // A spent budget is answered as it always was (auth.ts `tooManyRequests`): `{ error: "TooManyRequests", retryAfter }`.
  if (wait !== undefined) return { ...json({ error: "TooManyRequests", retryAfter: wait }, 429, given.cookies), headers: { "Content-Type": "application/json", ...retry } }
  const answer = jsonAnswers[refusal]
  const reason = refusal === "csrf" || refusal === "origin" ? undefined : refusal
  return json({ error: answer.error, ...(reason && { reason }), message: raised?.message ?? answer.message }, answer.status, given.cookies)
}

/** The browser flows: a thrown error `auth.ts` turns into the sign-in or error page (JSON for a script). */
function redirectAnswer(ctx: Context, refusal: Refusal): ResponseInternal {
  if (refusal === "csrf" || refusal === "origin") throw new MissingCSRF("CSRF token was missing or did not match its cookie.")
  if (refusal === "signed-out" || refusal === "stale-sign-in") {
    // To the sign-in page, coming back here afterwards.
    const url = new URL(ctx.config.pages.signIn ?? `${ctx.config.basePath}/signin`, ctx.req.origin)
    url.searchParams.set("callbackUrl", ctx.req.url.href)
    return { redirect: url.href, cookies: ctx.failureCookies }
  }
  if (refusal === "unavailable") throw new AdapterError("The session store could not be reached.")
  if (refusal === "rate-limited") throw new Error("A `redirect` entry's spent budget is thrown as TooManyRequests, not refused.")
  throw new AuthError("This endpoint needs a session registry, which is not configured (docs/sessions.md).")
}

/** A client asking for JSON (`Accept: application/json`) or a script's `{ url }` (`X-Auth-Return-Redirect`). */
function asksJson(ctx: Context): boolean {
  const { headers } = ctx.req
  return (headers.get("accept") ?? "").toLowerCase().includes("application/json") || headers.has("x-auth-return-redirect")
}

/** A browser asking for a page: HTML accepted, not a script (`X-Auth-Return-Redirect`), a GET or a form post. */
function wantsPage(ctx: Context): boolean {
  const { headers, method } = ctx.req
  if (!(headers.get("accept") ?? "").toLowerCase().includes("text/html") || headers.has("x-auth-return-redirect")) return false
  return method === "GET" || (headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")
}
