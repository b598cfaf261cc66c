/**
 * Per-request pieces several actions need, computed only by the actions that need them so that the session check
 * stays lean: the callback URL (adding its cookie to the response when it changed), a provider's public record, page
 * URLs. The CSRF state is the pipeline's (pipeline/given.ts).
 */
import { defaultLocale } from "../pages/locales/codes.js"
import { textFor } from "../pages/locales/localized-text.js"
import type { Context } from "../context.js"
import type { Cookie } from "../http/cookie.js"
import { resolveCallbackUrl } from "../http/callback-url.js"
import type { PublicProvider } from "../types.js"
import type { ProviderConfig } from "../providers/types.js"

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
