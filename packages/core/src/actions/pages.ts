/**
 * The page actions: `GET /signin`, `GET /signout`, `GET /error`, `GET /verify-request`. Each renders the built-in page
 * or, when `pages` names a custom one, redirects there (with the same parameters Auth.js passes).
 */
import type { Context } from "../context.js"
import type { Cookie } from "../http/cookie.js"
import type { ResponseInternal } from "../http/response.js"
import {
  pickLocale,
  renderError,
  renderSignIn,
  renderSignOut,
  renderVerifyRequest,
  type HtmlPage,
  type PageContext,
  type PageProvider,
} from "../pages/index.js"
import type { CredentialsConfig, OAuthConfig } from "../providers/types.js"
import { callbackUrl, csrf, pageUrl, publicProvider } from "./shared.js"

function pageContext(ctx: Context, csrfToken: string, callback: string): PageContext {
  return {
    theme: ctx.config.theme,
    locale: pickLocale(ctx.req.headers.get("accept-language")),
    baseUrl: ctx.baseUrl,
    csrfToken,
    callbackUrl: callback,
  }
}

function page(result: HtmlPage, cookies: Cookie[] = []): ResponseInternal {
  return { status: result.status, headers: result.headers, body: result.html, cookies }
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined
}

export async function signInPage(ctx: Context): Promise<ResponseInternal> {
  const cookies: Cookie[] = []
  const callback = await callbackUrl(ctx, cookies)
  const { query } = ctx.req
  if (ctx.config.pages.signIn) {
    const redirect = pageUrl(ctx, ctx.config.pages.signIn, { callbackUrl: callback, error: text(query.error), code: text(query.code) })
    return { redirect, cookies }
  }
  const { token } = await csrf(ctx, cookies)
  const providers: PageProvider[] = ctx.config.providers.map((provider) => ({
    ...publicProvider(ctx, provider),
    style: (provider as OAuthConfig).style,
    credentials: provider.type === "credentials" ? (provider as CredentialsConfig).credentials : undefined,
  }))
  const html = renderSignIn(pageContext(ctx, token, callback), {
    providers,
    error: text(query.error),
    code: text(query.code),
    email: text(query.email),
  })
  return page(html, cookies)
}

export async function signOutPage(ctx: Context): Promise<ResponseInternal> {
  const cookies: Cookie[] = []
  const callback = await callbackUrl(ctx, cookies)
  if (ctx.config.pages.signOut) return { redirect: pageUrl(ctx, ctx.config.pages.signOut, {}), cookies }
  const { token } = await csrf(ctx, cookies)
  return page(renderSignOut(pageContext(ctx, token, callback)), cookies)
}

export function errorPage(ctx: Context, error = text(ctx.req.query.error)): ResponseInternal {
  if (ctx.config.pages.error) return { redirect: pageUrl(ctx, ctx.config.pages.error, { error }) }
  return page(renderError(pageContext(ctx, "", ctx.req.origin), { error }))
}

export function verifyRequestPage(ctx: Context): ResponseInternal {
  if (ctx.config.pages.verifyRequest) {
    const params = Object.fromEntries(Object.entries(ctx.req.query))
    return { redirect: pageUrl(ctx, ctx.config.pages.verifyRequest, params) }
  }
  return page(renderVerifyRequest(pageContext(ctx, "", ctx.req.origin), { provider: text(ctx.req.query.provider) }))
}
