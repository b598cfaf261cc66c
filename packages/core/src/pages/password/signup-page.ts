/**
 * The sign-up page of the `Password` provider (`GET <base>/signup`): e-mail, password and an optional name, posted to
 * `<base>/signup/password`. The rules are shown above the password field, before the user types.
 */
import type { PasswordError, PasswordRulesShown } from "../../passwords/types.js"
import { escapeHtml } from "../escape.js"
import { renderDocument } from "../layout.js"
import { messagesFor } from "../locales/index.js"
import type { HtmlPage, PageContext } from "../types.js"
import {
  emailInput, hiddenInput, passwordAlert, passwordInput, passwordPageCss, rulesParagraph, signInLink, submitButton,
} from "./password-page-parts.js"
import { showPasswordCss, showPasswordScript, showPasswordToggle } from "./show-password-script.js"

export interface SignUpPageParams {
  rules: PasswordRulesShown
  /** The refusal to show; a value that is not a `PasswordError` shows the generic text, never itself. */
  error?: PasswordError
  /** Rate-limited: the wait in seconds ("Try again in 42 s"), status 429. */
  retryAfter?: number
  /** What the user typed, shown again (escaped). Never a password. */
  email?: string
  name?: string
}

/**
 * Renders the sign-up form: `csrfToken`, `callbackUrl` (hidden), `email`, `password`, `name`, posted to
 * `${baseUrl}/signup/password`. Status 200; with an error 400, 429 (`rate-limited` or `retryAfter`) or 503
 * (`unavailable`).
 *
 * @example
 * renderSignUp(ctx, { rules: { minLength: 15, maxLength: 256 }, error: "breached", email })
 */
export function renderSignUp(ctx: PageContext, params: SignUpPageParams): HtmlPage {
  const messages = messagesFor(ctx.locale)
  const text = messages.password
  const action = `${ctx.baseUrl}/signup/password`
  const alert = passwordAlert(text, params.error, params.retryAfter)
  const name = params.name ? ` value="${escapeHtml(params.name)}"` : ""
  const content = [
    `<h1>${escapeHtml(text.signUp.heading)}</h1>`,
    alert?.html ?? "",
    `<form class="password-form" method="post" action="${escapeHtml(action)}">`,
    hiddenInput("csrfToken", ctx.csrfToken),
    hiddenInput("callbackUrl", ctx.callbackUrl),
    emailInput(messages, params.email),
    `<label for="password-name">${escapeHtml(text.nameLabel)}</label>`,
    `<input id="password-name" type="text" name="name" autocomplete="name"${name}>`,
    rulesParagraph(params.rules, text),
    passwordInput({ id: "password-new", name: "password", label: text.passwordLabel, autocomplete: "new-password", rules: params.rules }),
    showPasswordToggle(text.showPassword),
    submitButton(text.signUp.button),
    "</form>",
    signInLink(ctx, messages, ctx.callbackUrl),
  ].join("\n")
  return renderDocument(ctx, {
    status: alert?.status ?? 200,
    title: text.signUp.title,
    pageClass: "signup",
    content,
    css: passwordPageCss + showPasswordCss,
    scripts: [showPasswordScript],
    // The POST redirects to the "check your email" page (under baseUrl) or back here with an error.
    formAction: { targets: [action, ctx.baseUrl, ctx.callbackUrl] },
  })
}
