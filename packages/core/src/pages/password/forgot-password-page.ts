/**
 * The "Forgot your password?" page (`GET <base>/password/forgot`): one e-mail field posted to the same path. After
 * the POST the same page says a link was sent if an account exists: the same words for every address, so the page
 * never tells who has an account.
 */
import type { PasswordError, PasswordRulesShown } from "../../passwords/types.js"
import { escapeHtml } from "../escape.js"
import { renderDocument } from "../layout.js"
import { messagesFor } from "../locales/index.js"
import type { HtmlPage, PageContext } from "../types.js"
import {
  emailInput, hiddenInput, noticeBox, passwordAlert, passwordPageCss, rulesParagraph, signInLink, submitButton,
} from "./password-page-parts.js"

export interface ForgotPasswordPageParams {
  /** When given, the rules of the new password are shown too, so the user knows them before the reset page. */
  rules?: PasswordRulesShown
  /** The refusal to show; a value that is not a `PasswordError` shows the generic text, never itself. */
  error?: PasswordError
  /** Rate-limited: the wait in seconds, status 429. */
  retryAfter?: number
  /** The form was accepted: show "If an account exists for that address, we sent a link…". */
  sent?: boolean
  /** What the user typed, shown again (escaped). */
  email?: string
}

/**
 * Renders the form: `csrfToken` (hidden) and `email`, posted to `${baseUrl}/password/forgot`. Status 200; with an
 * error 400, 429 (`rate-limited` or `retryAfter`) or 503 (`unavailable`).
 *
 * @example
 * renderForgotPassword(ctx, { sent: true, email })
 */
export function renderForgotPassword(ctx: PageContext, params: ForgotPasswordPageParams): HtmlPage {
  const messages = messagesFor(ctx.locale)
  const text = messages.password
  const action = `${ctx.baseUrl}/password/forgot`
  const alert = passwordAlert(text, params.error, params.retryAfter)
  const content = [
    `<h1>${escapeHtml(text.forgot.heading)}</h1>`,
    alert?.html ?? (params.sent ? noticeBox(text.forgot.sent) : ""),
    `<p class="message">${escapeHtml(text.forgot.message)}</p>`,
    params.rules ? rulesParagraph(params.rules, text) : "",
    `<form class="password-form" method="post" action="${escapeHtml(action)}">`,
    hiddenInput("csrfToken", ctx.csrfToken),
    emailInput(messages, params.email),
    submitButton(text.forgot.button),
    "</form>",
    signInLink(ctx, messages),
  ]
    .filter(Boolean)
    .join("\n")
  return renderDocument(ctx, {
    status: alert?.status ?? 200,
    title: text.forgot.title,
    pageClass: "forgot-password",
    content,
    css: passwordPageCss,
    formAction: { targets: [action, ctx.baseUrl] },
  })
}
