/**
 * Per-request pieces several actions need, computed only by the actions that need them so that the session check
 * stays lean: the CSRF state and the callback URL, each adding its cookie to the response when it changed.
 */
import { defaultLocale } from "../pages/locales/codes.js"
import { textFor } from "../pages/locales/localized-text.js"
import type { Context } from "../context.js"
import type { Cookie } from "../http/cookie.js"
import { csrfState, type CsrfState } from "../http/csrf.js"
import { resolveCallbackUrl } from "../http/callback-url.js"
import type { PublicProvider } from "../types.js"
import type { ProviderConfig } from "../providers/types.js"

/**
 * The CSRF state of the request. A POST whose `Origin` names another origin is never verified, whatever its token
 * (docs/design.md#origin-check: defence in depth on top of the double-submit cookie; a missing `Origin` relies on the
 * token).
 */
export async function csrf(ctx: Context, cookies: Cookie[]): Promise<CsrfState> {
  const origin = ctx.req.headers.get("origin")
  const crossOrigin = ctx.req.method === "POST" && origin !== null && origin !== ctx.req.origin
  const state = await csrfState({
    cookieValue: ctx.req.cookies[ctx.cookies.csrfToken.name],
    bodyToken: ctx.req.body.csrfToken,
    isPost: ctx.req.method === "POST",
    secrets: ctx.config.secrets,
    cookie: ctx.cookies.csrfToken,
  })
  if (state.cookie) cookies.push(state.cookie)
  if (crossOrigin && state.verified) {
    ctx.config.logger.debug("csrf-cross-origin", { origin: origin.slice(0, 200) })
    return { ...state, verified: false }
  }
  return state
}

export async function callbackUrl(ctx: Context, cookies: Cookie[]): Promise<string> {
  const { req } = ctx
  const result = await resolveCallbackUrl({
    paramValue: req.body.callbackUrl ?? req.query.callbackUrl,
    cookieValue: req.cookies[ctx.cookies.callbackUrl.name],
    origin: req.origin,
    redirect: ctx.config.callbacks.redirect,
    cookie: ctx.cookies.callbackUrl,
  })
  if (result.cookie) cookies.push(result.cookie)
  return result.callbackUrl
}

/** The app-facing record of a provider: its public fields and its two URLs. */
export function publicProvider(ctx: Context, provider: ProviderConfig): PublicProvider {
  const id = encodeURIComponent(provider.id)
  return {
    id: provider.id,
    // One string, as Auth.js clients expect: the English text of a name given per locale.
    name: textFor(provider.name, defaultLocale) ?? provider.id,
    type: provider.type,
    signinUrl: `${ctx.baseUrl}/signin/${id}`,
    callbackUrl: `${ctx.baseUrl}/callback/${id}`,
  }
}

/** `origin + path`, with `params` appended to whatever query the path already has. */
export function pageUrl(ctx: Context, path: string, params: Record<string, string | undefined>): string {
  const url = new URL(path.startsWith("/") ? `${ctx.req.origin}${path}` : path)
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value)
  return url.href
}
