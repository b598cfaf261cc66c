/**
 * The change-password page (`GET <base>/password/change`, signed in): the current password and the new one, posted
 * to `<base>/password/change`. After a change every other session has ended, and the page says so.
 */
import type { PasswordError, PasswordRulesShown } from "../../passwords/types.js"
import { escapeHtml } from "../escape.js"
import { renderDocument } from "../layout.js"
import { messagesFor } from "../locales/index.js"
import type { HtmlPage, PageContext } from "../types.js"
import { siteOf } from "../verify-request.js"
import {
  hiddenInput, noticeBox, passwordAlert, passwordInput, passwordPageCss, rulesParagraph, signInLink, submitButton,
} from "./password-page-parts.js"
import { showPasswordCss, showPasswordScript, showPasswordToggle } from "./show-password-script.js"

export interface ChangePasswordPageParams {
  rules: PasswordRulesShown
  /** The refusal to show; a value that is not a `PasswordError` shows the generic text, never itself. */
  error?: PasswordError
  /** Rate-limited: the wait in seconds, status 429. */
  retryAfter?: number
  /** The password was changed: "Password changed; other devices were signed out." instead of the form. */
  changed?: boolean
}

/**
 * Renders the form: `csrfToken` (hidden), `currentPassword` and `newPassword`, posted to
 * `${baseUrl}/password/change`. Status 200; with an error 400, 429 (`rate-limited` or `retryAfter`) or 503
 * (`unavailable`). The way back is to the site (the user is signed in) and to sign-in.
 *
 * @example
 * renderChangePassword(ctx, { rules, error: "wrong-password" })
 */
export function renderChangePassword(ctx: PageContext, params: ChangePasswordPageParams): HtmlPage {
  const messages = messagesFor(ctx.locale)
  const text = messages.password
  const action = `${ctx.baseUrl}/password/change`
  const alert = passwordAlert(text, params.error, params.retryAfter)
  const done = params.changed === true && !alert
  const site = siteOf(ctx.baseUrl)
  const content = [
    `<h1>${escapeHtml(text.change.heading)}</h1>`,
    alert?.html ?? (done ? noticeBox(text.change.changed) : ""),
    done
      ? ""
      : [
          `<form class="password-form" method="post" action="${escapeHtml(action)}">`,
          hiddenInput("csrfToken", ctx.csrfToken),
          passwordInput({ id: "password-current", name: "currentPassword", label: text.currentPasswordLabel, autocomplete: "current-password" }),
          rulesParagraph(params.rules, text),
          passwordInput({ id: "password-new", name: "newPassword", label: text.newPasswordLabel, autocomplete: "new-password", rules: params.rules }),
          showPasswordToggle(text.showPassword),
          submitButton(text.change.button),
          "</form>",
        ].join("\n"),
    site ? `<p class="way-back"><a class="site" href="${escapeHtml(site.origin)}">${escapeHtml(messages.backToSite)}</a></p>` : "",
    signInLink(ctx, messages),
  ]
    .filter(Boolean)
    .join("\n")
  return renderDocument(ctx, {
    status: alert?.status ?? 200,
    title: text.change.title,
    pageClass: "change-password",
    content,
    css: passwordPageCss + (done ? "" : showPasswordCss),
    scripts: done ? [] : [showPasswordScript],
    // The POST redirects back here (changed, or with an error).
    formAction: { targets: [action, ctx.baseUrl] },
  })
}
