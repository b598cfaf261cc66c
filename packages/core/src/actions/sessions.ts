/**
 * `GET /sessions` (the signed-in user's sessions: JSON, or the built-in page for a browser asking for HTML) and
 * `POST /sessions/revoke` (`id=<handle>` or `all=true`, with the CSRF token; JSON `{ revoked }`, or back to the page
 * for its own forms). The work is in session-registry/sessions.ts.
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
import { currentSession, listSessionsOf, RegistryProblem, revokeOne, revokeOthers } from "../session-registry/sessions.js"
import type { SessionInfo } from "../session-registry/sessions.js"
import type { SessionsPageNotice, SessionsPageReason } from "../pages/index.js"
import { csrf, pageUrl } from "./shared.js"

/** The header naming why a `200` list is empty though the user is signed in. */
export const SESSIONS_REASON_HEADER = "Gatehouse-Sessions-Reason"

export async function sessions(ctx: Context): Promise<ResponseInternal> {
  const cookies: Cookie[] = []
  try {
    if (ctx.req.method === "GET") return await list(ctx, cookies)
    return await revoke(ctx, cookies)
  } catch (error) {
    if (!(error instanceof RegistryProblem)) throw error
    if (error.status === 503) ctx.config.logger.error((error.cause as Error | undefined) ?? error)
    const reason = error.status === 501 ? "unsupported" : "unavailable"
    if (ctx.req.method === "GET" && wantsHtml(ctx)) return page(ctx, cookies, [], undefined, { reason })
    return json({ error: error.status === 501 ? "SessionRegistryUnsupported" : "SessionStoreUnavailable", reason, message: error.message }, error.status, cookies)
  }
}

async function list(ctx: Context, cookies: Cookie[]): Promise<ResponseInternal> {
  const html = wantsHtml(ctx)
  const current = await currentSession(ctx)
  if (!current) return signedOut(ctx, html, cookies)
  const entries = await listSessionsOf(ctx.config, current)
  // A JWT session without a record id: the registry does not hold the user (jwt-gate.ts `recordSession`).
  const notRecorded = ctx.config.session.strategy === "jwt" && !current.sessionToken
  if (!html) {
    const answer = json(entries, 200, cookies)
    if (notRecorded) answer.headers = { ...answer.headers, [SESSIONS_REASON_HEADER]: "not-recorded" }
    return answer
  }
  const { query } = ctx.req
  const revoked = Number(query.revoked)
  const notice = query.notFound === "1" ? { notFound: true as const } : Number.isInteger(revoked) && revoked >= 0 && query.revoked !== undefined ? { revoked } : undefined
  return page(ctx, cookies, entries, notice, { reason: notRecorded ? "not-recorded" : undefined })
}

/** The built-in page: the list, or why there is none. */
async function page(
  ctx: Context,
  cookies: Cookie[],
  entries: SessionInfo[],
  notice: SessionsPageNotice | undefined,
  why: { reason?: SessionsPageReason; signInUrl?: string },
): Promise<ResponseInternal> {
  // Forms only where there is a list to act on: a page saying why there is none needs no CSRF cookie.
  const token = entries.length ? (await csrf(ctx, cookies)).token : ""
  const pages = await import("../pages/index.js")
  const locale = await pages.chooseLocale(ctx.config.locale, ctx.req.request, ctx.config.logger)
  const context = { theme: ctx.config.theme, locale, baseUrl: ctx.baseUrl, csrfToken: token, callbackUrl: `${ctx.baseUrl}/sessions` }
  const rendered = pages.renderSessions(context, entries, notice, why)
  return { status: rendered.status, headers: rendered.headers, body: rendered.html, cookies }
}

async function revoke(ctx: Context, cookies: Cookie[]): Promise<ResponseInternal> {
  const state = await csrf(ctx, cookies)
  if (!ctx.skipCSRFCheck && !state.verified) return json({ error: "MissingCSRF", message: "The CSRF token is missing or does not match." }, 403, cookies)
  const form = isPageForm(ctx)
  const current = await currentSession(ctx)
  // The page's own form, signed out meanwhile (revoked from another device, expired): back to the page, which says so.
  if (!current) return form ? { redirect: `${ctx.baseUrl}/sessions`, cookies } : signedOut(ctx, false, cookies)
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

/**
 * No live session in this browser (none, expired, revoked): 401 JSON, or the page saying so with a "Sign in" link that
 * comes back here — not a silent redirect to the sign-in page, which would not say why.
 */
function signedOut(ctx: Context, html: boolean, cookies: Cookie[]): ResponseInternal | Promise<ResponseInternal> {
  if (!html) return json({ error: "Unauthorized", reason: "signed-out", message: "Sign in to see and revoke your sessions." }, 401, cookies)
  const signIn = ctx.config.pages.signIn ?? `${ctx.baseUrl}/signin`
  return page(ctx, cookies, [], undefined, { reason: "signed-out", signInUrl: pageUrl(ctx, signIn, { callbackUrl: `${ctx.baseUrl}/sessions` }) })
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
