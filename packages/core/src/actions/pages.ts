/**
 * The page actions: `GET /signin`, `GET /signout`, `GET /error`, `GET /verify-request`. Each renders the built-in page
 * or, when `pages` names a custom one, redirects there (with the same parameters Auth.js passes).
 *
 * The renderer is imported on first use: an API that only checks sessions never loads page code (style rule 10).
 */
import type { Context } from "../context.js"
import type { Cookie } from "../http/cookie.js"
import type { ResponseInternal } from "../http/response.js"
import type { HtmlPage, PageContext, PageProvider } from "../pages/index.js"
import type { CredentialsConfig, OAuthConfig, WebAuthnConfigInternal } from "../providers/types.js"
import { isPasswordProvider } from "../passwords/is-password.js"
import { newGiven } from "../pipeline/given.js"
import type { Given } from "../pipeline/route.js"
import { callbackUrl, pageUrl, publicProvider } from "./shared.js"

type Pages = typeof import("../pages/index.js")
let pagesModule: Promise<Pages> | undefined
const loadPages = (): Promise<Pages> => (pagesModule ??= import("../pages/index.js"))

async function pageContext(pages: Pages, ctx: Context, csrfToken: string, callback: string): Promise<PageContext> {
  return {
    theme: ctx.config.theme,
    locale: await pages.chooseLocale(ctx.config.locale, ctx.req.request, ctx.config.logger),
    baseUrl: ctx.baseUrl,
    csrfToken,
    callbackUrl: callback,
  }
}

/**
 * A built-in page of Gatehouse's own endpoints (the `Password` forms), rendered with this request's context: its
 * language, theme, CSRF token and callback URL. `status` overrides the page's.
 */
export async function builtInPage(ctx: Context, given: Given, render: (context: PageContext) => HtmlPage | Promise<HtmlPage>): Promise<ResponseInternal> {
  const callback = await callbackUrl(ctx, given.cookies)
  const token = await given.csrfToken()
  const pages = await loadPages()
  return page(await render(await pageContext(pages, ctx, token, callback)), given.cookies)
}

/** The page language of this request, for what leaves it in words (a mail). */
export async function localeOf(ctx: Context): Promise<PageContext["locale"]> {
  const pages = await loadPages()
  return pages.chooseLocale(ctx.config.locale, ctx.req.request, ctx.config.logger)
}

function page(result: HtmlPage, cookies: Cookie[] = []): ResponseInternal {
  return { status: result.status, headers: result.headers, body: result.html, cookies }
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined
}

/**
 * The sign-in page; with `retryAfter`, the answer to a rate-limited sign-in POST (RT-09, RL-01): the same page with
 * status 429, its message and the address typed.
 */
export async function signInPage(ctx: Context, given: Given, retryAfter?: number): Promise<ResponseInternal> {
  const { cookies } = given
  const callback = await callbackUrl(ctx, cookies)
  const { query } = ctx.req
  if (ctx.config.pages.signIn) {
    const error = retryAfter === undefined ? text(query.error) : "TooManyRequests"
    const redirect = pageUrl(ctx, ctx.config.pages.signIn, { callbackUrl: callback, error, code: text(query.code) })
    return { redirect, cookies, headers: retryAfter === undefined ? undefined : { "Retry-After": String(retryAfter) } }
  }
  const token = await given.csrfToken()
  const pages = await loadPages()
  const providers: PageProvider[] = ctx.config.providers.map((provider) => ({
    ...publicProvider(ctx, provider),
    // The name as configured: given per locale, the page picks its language's (the JSON endpoint shows one string).
    name: provider.name,
    names: provider.names,
    style: (provider as OAuthConfig).style,
    credentials: provider.type === "credentials" ? (provider as CredentialsConfig).credentials : undefined,
    // `Password()`: the page links its forgot and sign-up pages under the form.
    ...(isPasswordProvider(provider) && { password: true as const }),
    ...(provider.type === "webauthn" ? webAuthnFields(provider as WebAuthnConfigInternal) : {}),
  }))
  // The WebAuthn scripts (the vendored browser library and its driver) are loaded only for a page that needs them.
  const withScript = ctx.config.providers.some((p) => p.type === "webauthn" && (p as WebAuthnConfigInternal).simpleWebAuthnBrowserVersion !== false)
  const webAuthnScripts = withScript ? (await import("../webauthn/page-script.js")).webAuthnPageScripts : undefined
  const html = pages.renderSignIn(await pageContext(pages, ctx, token, callback), {
    providers,
    error: retryAfter === undefined ? text(query.error) : undefined,
    code: text(query.code),
    email: retryAfter === undefined ? text(query.email) : text(ctx.req.body.email),
    webAuthnScripts,
    retryAfter,
    limited: ctx.config.providersById.get(ctx.req.providerId ?? "")?.type === "email" ? "email" : "attempts",
  })
  const answer = page(html, cookies)
  if (retryAfter !== undefined) answer.headers = { ...answer.headers, "Retry-After": String(retryAfter) }
  return answer
}

/**
 * A rate-limited request (RT-09, RL-01): 429 with `Retry-After`; JSON `{ error, retryAfter }` for a script (a JSON
 * body, `X-Auth-Return-Redirect`, an `Accept` of JSON, the WebAuthn options fetch), the sign-in page for a browser form.
 */
export function tooManyRequests(ctx: Context, retryAfter: number, returnRedirect: boolean): ResponseInternal | Promise<ResponseInternal> {
  const { headers } = ctx.req
  const script =
    returnRedirect ||
    ctx.req.action === "webauthn-options" ||
    (headers.get("content-type") ?? "").toLowerCase().startsWith("application/json") ||
    (headers.get("accept") ?? "").toLowerCase().startsWith("application/json")
  if (!script) return signInPage(ctx, newGiven(ctx), retryAfter)
  return {
    status: 429,
    headers: { "Content-Type": "application/json", "Retry-After": String(retryAfter) },
    body: { error: "TooManyRequests", retryAfter },
    cookies: ctx.failureCookies,
  }
}

function webAuthnFields(provider: WebAuthnConfigInternal): Pick<PageProvider, "formFields" | "enableConditionalUI"> {
  // Without its script the form cannot work, so the browser is not asked to offer passkeys either.
  return { formFields: provider.formFields, enableConditionalUI: provider.enableConditionalUI && provider.simpleWebAuthnBrowserVersion !== false }
}

export async function signOutPage(ctx: Context, given: Given): Promise<ResponseInternal> {
  const { cookies } = given
  const callback = await callbackUrl(ctx, cookies)
  if (ctx.config.pages.signOut) return { redirect: pageUrl(ctx, ctx.config.pages.signOut, {}), cookies }
  const token = await given.csrfToken()
  const pages = await loadPages()
  return page(pages.renderSignOut(await pageContext(pages, ctx, token, callback)), cookies)
}

export async function errorPage(ctx: Context, error = text(ctx.req.query.error)): Promise<ResponseInternal> {
  if (ctx.config.pages.error) return { redirect: pageUrl(ctx, ctx.config.pages.error, { error }) }
  const pages = await loadPages()
  return page(pages.renderError(await pageContext(pages, ctx, "", ctx.req.origin), { error }))
}

export async function verifyRequestPage(ctx: Context): Promise<ResponseInternal> {
  if (ctx.config.pages.verifyRequest) {
    const params = Object.fromEntries(Object.entries(ctx.req.query))
    return { redirect: pageUrl(ctx, ctx.config.pages.verifyRequest, params) }
  }
  const pages = await loadPages()
  const purpose = ctx.req.query.purpose === "verify-email" ? "verify-email" : undefined
  return page(pages.renderVerifyRequest(await pageContext(pages, ctx, "", ctx.req.origin), { provider: text(ctx.req.query.provider), purpose } as Parameters<Pages["renderVerifyRequest"]>[1]))
}
