/**
 * `GET /sessions` (the signed-in user's sessions: JSON, or the built-in page for a browser asking for HTML) and
 * `POST /sessions/revoke` (`id=<handle>` or `all=true`, with the CSRF token; JSON `{ revoked }`, or back to the page
 * for its own forms). The work is in session-registry/sessions.ts; the checks, and the answers to their refusals, are
 * the pipeline's (pipeline/routes.ts).
 *
 * Listing nothing, each answer says why (issue 25 item 9), the page in words and JSON by a `reason`: `signed-out`
 * (401), `unsupported` (no registry, 501), `unavailable` (the store did not answer, 503) in the error body; a JWT
 * session the registry could not record (`not-recorded`, warning `session-not-recorded`) answers its list (`[]`) with
 * the header `Gatehouse-Sessions-Reason: not-recorded`, the body staying the bare array.
 */
import type { Context } from "../context.js"
import type { Cookie } from "../http/cookie.js"
import { json, type ResponseInternal } from "../http/response.js"
import { clearSessionCookie } from "../http/session-store.js"
import type { Given, Refusal } from "../pipeline/route.js"
import { listSessionsOf, revokeOne, revokeOthers } from "../session-registry/sessions.js"
import type { SessionInfo } from "../session-registry/sessions.js"
import type { SessionsPageNotice, SessionsPageReason } from "../pages/index.js"
import { pageUrl } from "./shared.js"

/** The header naming why a `200` list is empty though the user is signed in. */
export const SESSIONS_REASON_HEADER = "Gatehouse-Sessions-Reason"

/** `GET /sessions`: the pipeline found the registry and the signed-in user (`given.signedIn`). */
export async function listSessionsRoute(ctx: Context, given: Given): Promise<ResponseInternal> {
  const { cookies } = given
  const current = given.signedIn!
  const entries = await listSessionsOf(ctx.config, current)
  // A JWT session without a record id: the registry does not hold the user (jwt-gate.ts `recordSession`).
  const notRecorded = ctx.config.session.strategy === "jwt" && !current.sessionToken
  if (!wantsHtml(ctx)) {
    const answer = json(entries, 200, cookies)
    if (notRecorded) answer.headers = { ...answer.headers, [SESSIONS_REASON_HEADER]: "not-recorded" }
    return answer
  }
  const { query } = ctx.req
  const revoked = Number(query.revoked)
  const notice = query.notFound === "1" ? { notFound: true as const } : Number.isInteger(revoked) && revoked >= 0 && query.revoked !== undefined ? { revoked } : undefined
  return page(ctx, given, entries, notice, { reason: notRecorded ? "not-recorded" : undefined })
}

/**
 * The page's answer to a refusal: for `GET /sessions`, the page saying why there is no list (signed out: with a "Sign
 * in" link that comes back here, not a silent redirect to the sign-in page, which would not say why); for the page's
 * own revoke form, signed out meanwhile (revoked from another device, expired), back to the page, which says so.
 */
export function sessionsRefusalPage(ctx: Context, given: Given, refusal: Refusal): Promise<ResponseInternal> | ResponseInternal | undefined {
  if (ctx.req.method === "POST") return refusal === "signed-out" ? { redirect: `${ctx.baseUrl}/sessions`, cookies: given.cookies } : undefined
  if (refusal === "unsupported" || refusal === "unavailable") return page(ctx, given, [], undefined, { reason: refusal })
  if (refusal !== "signed-out") return undefined
  const signIn = ctx.config.pages.signIn ?? `${ctx.baseUrl}/signin`
  return page(ctx, given, [], undefined, { reason: "signed-out", signInUrl: pageUrl(ctx, signIn, { callbackUrl: `${ctx.baseUrl}/sessions` }) })
}

/** The built-in page: the list, or why there is none. */
async function page(
  ctx: Context,
  given: Given,
  entries: SessionInfo[],
  notice: SessionsPageNotice | undefined,
  why: { reason?: SessionsPageReason; signInUrl?: string },
): Promise<ResponseInternal> {
  // Forms only where there is a list to act on: a page saying why there is none needs no CSRF cookie.
  const token = entries.length ? await given.csrfToken() : ""
  const pages = await import("../pages/index.js")
  const locale = await pages.chooseLocale(ctx.config.locale, ctx.req.request, ctx.config.logger)
  const context = { theme: ctx.config.theme, locale, baseUrl: ctx.baseUrl, csrfToken: token, callbackUrl: `${ctx.baseUrl}/sessions` }
  const rendered = pages.renderSessions(context, entries, notice, why)
  return { status: rendered.status, headers: rendered.headers, body: rendered.html, cookies: given.cookies }
}

/** `POST /sessions/revoke`: the pipeline checked the CSRF token and found the registry and the signed-in user. */
export async function revokeSessionsRoute(ctx: Context, given: Given): Promise<ResponseInternal> {
  const { cookies } = given
  const form = isPageForm(ctx)
  const current = given.signedIn!
  const { id, all } = ctx.req.body
  if (all === "true" || all === true) return done(ctx, form, { revoked: await revokeOthers(ctx.config, current) }, cookies)
  if (typeof id !== "string" || id === "" || id.length > 100) {
    return json({ error: "BadRequest", message: "Send id=<a session's id from GET /sessions> or all=true." }, 400, cookies)
  }
  const { revoked, endedCurrent } = await revokeOne(ctx.config, current, id)
  if (!revoked) {
    // Another user's handle and a handle that never existed get the same answer (SR-03).
    if (form) return { redirect: pageUrl(ctx, `${ctx.baseUrl}/sessions`, { notFound: "1" }), cookies }
    return json({ error: "SessionNotFound", message: "No session of yours has that id." }, 404, cookies)
  }
  if (endedCurrent) cookies.push(...signOutCookies(ctx))
  return done(ctx, form && !endedCurrent, { revoked }, cookies)
}

function done(ctx: Context, form: boolean, result: { revoked: number }, cookies: Cookie[]): ResponseInternal {
  if (form) return { redirect: pageUrl(ctx, `${ctx.baseUrl}/sessions`, { revoked: String(result.revoked) }), cookies }
  return json(result, 200, cookies)
}

function signOutCookies(ctx: Context): Cookie[] {
  const { name, options } = ctx.cookies.sessionToken
  return clearSessionCookie(ctx.req.cookies, name, options)
}

function wantsHtml(ctx: Context): boolean {
  return (ctx.req.headers.get("accept") ?? "").toLowerCase().includes("text/html")
}

/** The built-in page's own forms: a browser form post that is not a script asking for JSON. */
function isPageForm(ctx: Context): boolean {
  const { headers } = ctx.req
  return wantsHtml(ctx) && !headers.has("x-auth-return-redirect") && (headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")
}
