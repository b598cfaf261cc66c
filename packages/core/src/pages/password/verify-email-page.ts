/**
 * The page a verification link opens (`GET <base>/verify-email?token=…`): a "Confirm your address" button posting the
 * token to `<base>/verify-email`. Opening the link consumes nothing, so a mail scanner that follows every link does
 * not confirm the address (nor burn the token) for the user.
 */
import type { PasswordError } from "../../passwords/types.js"
import { escapeHtml } from "../escape.js"
import { renderDocument } from "../layout.js"
import { messagesFor } from "../locales/index.js"
import type { HtmlPage, PageContext } from "../types.js"
import { hiddenInput, passwordAlert, passwordPageCss, signInLink, submitButton } from "./password-page-parts.js"

export interface VerifyEmailPageParams {
  /** From the link; a missing or blank token shows the `invalid-token` message and no button. */
  token: string
  /** The refusal to show; `invalid-token` also removes the button (pressing it again cannot help). */
  error?: PasswordError
  /** The address being confirmed, when the page knows it: named in the text (escaped). */
  email?: string
}

/**
 * Renders the confirmation form: `csrfToken`, `token`, `callbackUrl` (hidden), posted to `${baseUrl}/verify-email`.
 * Status 200; 400 for a missing token or an error, 429 (`rate-limited`) or 503 (`unavailable`).
 *
 * @example
 * renderVerifyEmail(ctx, { token: url.searchParams.get("token") ?? "" })
 */
export function renderVerifyEmail(ctx: PageContext, params: VerifyEmailPageParams): HtmlPage {
  const messages = messagesFor(ctx.locale)
  const text = messages.password
  const action = `${ctx.baseUrl}/verify-email`
  const token = params.token.trim()
  const error = token ? params.error : "invalid-token"
  const alert = passwordAlert(text, error, undefined)
  const canConfirm = error !== "invalid-token"
  const intro = params.email ? text.verifyEmail.confirmAddress(params.email) : text.verifyEmail.message
  const content = [
    `<h1>${escapeHtml(text.verifyEmail.heading)}</h1>`,
    alert?.html ?? "",
    canConfirm ? `<p class="message">${escapeHtml(intro)}</p>` : "",
    canConfirm
      ? [
          `<form class="password-form" method="post" action="${escapeHtml(action)}">`,
          hiddenInput("csrfToken", ctx.csrfToken),
          hiddenInput("token", params.token),
          hiddenInput("callbackUrl", ctx.callbackUrl),
          submitButton(text.verifyEmail.button),
          "</form>",
        ].join("\n")
      : "",
    signInLink(ctx, messages, ctx.callbackUrl),
  ]
    .filter(Boolean)
    .join("\n")
  return renderDocument(ctx, {
    status: alert?.status ?? 200,
    title: text.verifyEmail.title,
    pageClass: "verify-email",
    content,
    css: passwordPageCss,
    // The POST signs the user in and redirects to the callback URL, or back here with an error.
    formAction: { targets: [action, ctx.baseUrl, ctx.callbackUrl] },
  })
}
