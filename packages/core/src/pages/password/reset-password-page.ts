/**
 * The page a reset link opens (`GET <base>/password/reset?token=…`): the new password, with the rules above it,
 * posted with the token to `<base>/password/reset`. Opening it consumes nothing.
 */
import type { PasswordError, PasswordRulesShown } from "../../passwords/types.js"
import { escapeHtml } from "../escape.js"
import { renderDocument } from "../layout.js"
import { messagesFor } from "../locales/index.js"
import type { HtmlPage, PageContext } from "../types.js"
import {
  hiddenInput, passwordAlert, passwordInput, passwordPageCss, rulesParagraph, signInLink, submitButton,
} from "./password-page-parts.js"
import { showPasswordCss, showPasswordScript, showPasswordToggle } from "./show-password-script.js"

export interface ResetPasswordPageParams {
  /** From the link; a missing or blank token shows the `invalid-token` message and no form. */
  token: string
  rules: PasswordRulesShown
  /** The refusal to show; `invalid-token` also removes the form (a new link is needed). */
  error?: PasswordError
  /** Rate-limited: the wait in seconds, status 429. */
  retryAfter?: number
}

/**
 * Renders the form: `csrfToken`, `token` (hidden) and `password`, posted to `${baseUrl}/password/reset`. Status 200;
 * 400 for a missing token or an error, 429 (`rate-limited` or `retryAfter`) or 503 (`unavailable`). With
 * `invalid-token` the page links to the forgot-password page for a new link.
 *
 * @example
 * renderResetPassword(ctx, { token, rules: { minLength: 15, maxLength: 256 } })
 */
export function renderResetPassword(ctx: PageContext, params: ResetPasswordPageParams): HtmlPage {
  const messages = messagesFor(ctx.locale)
  const text = messages.password
  const action = `${ctx.baseUrl}/password/reset`
  const token = params.token.trim()
  const error = token ? params.error : "invalid-token"
  const alert = passwordAlert(text, error, params.retryAfter)
  const hasForm = error !== "invalid-token"
  const form = hasForm
    ? [
        `<form class="password-form" method="post" action="${escapeHtml(action)}">`,
        hiddenInput("csrfToken", ctx.csrfToken),
        hiddenInput("token", params.token),
        rulesParagraph(params.rules, text),
        passwordInput({ id: "password-new", name: "password", label: text.newPasswordLabel, autocomplete: "new-password", rules: params.rules }),
        showPasswordToggle(text.showPassword),
        submitButton(text.reset.button),
        "</form>",
      ].join("\n")
    : `<p><a class="button button-primary" href="${escapeHtml(`${ctx.baseUrl}/password/forgot`)}">${escapeHtml(text.forgotLink)}</a></p>`
  const content = [`<h1>${escapeHtml(text.reset.heading)}</h1>`, alert?.html ?? "", form, signInLink(ctx, messages)]
    .filter(Boolean)
    .join("\n")
  return renderDocument(ctx, {
    status: alert?.status ?? 200,
    title: text.reset.title,
    pageClass: "reset-password",
    content,
    css: passwordPageCss + (hasForm ? showPasswordCss : ""),
    scripts: hasForm ? [showPasswordScript] : [],
    // The POST redirects to the sign-in page (or signs in and goes to the callback URL), or back here with an error.
    formAction: { targets: [action, ctx.baseUrl, ctx.callbackUrl] },
  })
}
