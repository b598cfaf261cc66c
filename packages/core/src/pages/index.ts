/**
 * The built-in HTML pages: pure functions from a `PageContext` (theme, locale, base URL, CSRF token, callback URL)
 * and the page's parameters to `{ status, html, headers }`. No I/O, no remote asset, no script but the passkey form's
 * and the password pages' "Show password" (inline, allowed by hash); every value escaped;
 * a strict CSP on every page.
 *
 * @example
 * const locale = pickLocale(request.headers.get("accept-language"))
 * const ctx = { theme, locale, baseUrl, csrfToken, callbackUrl }
 * const page = renderError(ctx, { error: url.searchParams.get("error") ?? undefined })
 * return new Response(page.html, { status: page.status, headers: page.headers })
 */
export { renderError, type ErrorPageParams } from "./error.js"
export { type FormActionSources } from "./headers.js"
export { defaultLocale, supportedLocales, type Locale, type Messages } from "./locales/index.js"
export { textFor, type LocalizedText } from "./locales/localized-text.js"
export { chooseLocale, pickLocale, type LocaleFunction } from "./pick-locale.js"
export { renderSessions, type SessionsPageEntry, type SessionsPageNotice, type SessionsPageReason } from "./sessions.js"
export { renderSignIn, type SignInPageParams } from "./signin.js"
export { renderSignOut } from "./signout.js"
export type { HtmlPage, PageContext, PageProvider } from "./types.js"
export { renderVerifyRequest, type VerifyRequestPageParams } from "./verify-request.js"
