/** The built-in error page (`GET <base>/error?error=…`). */
import type { ErrorPageParam } from "../types.js"
import { escapeHtml } from "./escape.js"
import { renderDocument } from "./layout.js"
import { messagesFor } from "./locales/index.js"
import type { HtmlPage, PageContext } from "./types.js"

export interface ErrorPageParams {
  /** `?error=`: selects the status and a fixed text; the value itself is never shown. */
  error?: string
}

// Auth.js statuses (reference §6.1). SignOutError: the store is down. Every page links back to sign-in, the
// Configuration one too (Auth.js shows none there): a visitor stuck on a 500 page with no way out leaves the site.
// `retry`: whether signing in again can help ("Sign in"), or the link is only the way back ("Back to sign-in").
const errorPages: Record<ErrorPageParam | "default", { status: number; retry: boolean }> = {
  Configuration: { status: 500, retry: false },
  AccessDenied: { status: 403, retry: true },
  Verification: { status: 403, retry: true },
  SignOutError: { status: 503, retry: false },
  default: { status: 200, retry: true },
}

function isErrorPageParam(error: string | undefined): error is ErrorPageParam {
  return error !== undefined && error !== "default" && Object.hasOwn(errorPages, error)
}

/**
 * Renders the error page: `Configuration` → 500, `AccessDenied` and `Verification` → 403, `SignOutError` → 503,
 * anything else (including a missing or unknown value) → the generic page with 200. The "Sign in" link is
 * `${baseUrl}/signin`.
 */
export function renderError(ctx: PageContext, params: ErrorPageParams): HtmlPage {
  const key = isErrorPageParam(params.error) ? params.error : "default"
  const { status, retry } = errorPages[key]
  const messages = messagesFor(ctx.locale).error
  const text = messages.pages[key]
  const signInUrl = `${ctx.baseUrl}/signin`
  const content = [
    `<h1>${escapeHtml(text.heading)}</h1>`,
    `<div class="message">${text.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}</div>`,
    `<a class="button button-primary" href="${escapeHtml(signInUrl)}">${escapeHtml(retry ? messages.signInLink : messages.backToSignIn)}</a>`,
  ].join("\n")
  return renderDocument(ctx, {
    status,
    title: messages.title,
    pageClass: "error",
    content,
    formAction: { targets: [ctx.baseUrl] },
  })
}
