/**
 * What the pages of the `Password` provider share: the rules shown before the user types (NIST SP 800-63B-4
 * §3.1.1.2: tell the user what is accepted, so a refusal is never a surprise), the e-mail and password inputs with the
 * attributes password managers read, the fixed message for a `PasswordError` (the raw `?error=` value is never
 * shown), and the way back to sign-in.
 */
import type { PasswordError, PasswordRulesShown } from "../../passwords/types.js"
import { escapeHtml } from "../escape.js"
import type { Messages } from "../locales/index.js"
import type { PageContext } from "../types.js"
import { passwordFieldMarker } from "./show-password-script.js"

/** The id of the rules paragraph; each new-password input points at it with `aria-describedby`. */
const rulesId = "password-rules"

const passwordErrors: readonly PasswordError[] = [
  "invalid-email", "too-short", "too-long", "breached", "invalid-token", "wrong-password", "rate-limited", "unavailable",
]

/** Whether `value` (a `?error=` from the query, say) is one of the codes; anything else shows the generic text. */
export function isPasswordError(value: string | undefined): value is PasswordError {
  return value !== undefined && (passwordErrors as readonly string[]).includes(value)
}

/** The rules paragraph: "At least 15 characters. At most 256 characters. Any characters… Common … are refused." */
export function rulesParagraph(rules: PasswordRulesShown, messages: Messages["password"]): string {
  const text = [
    messages.rules.minLength(rules.minLength),
    messages.rules.maxLength(rules.maxLength),
    messages.rules.anyCharacters,
    messages.rules.refused,
  ].join(" ")
  return `<p class="rules" id="${rulesId}">${escapeHtml(text)}</p>`
}

/**
 * A labelled password input. A new password (`autocomplete="new-password"`) carries the rules as `minlength` and
 * `maxlength` and points at the rules paragraph; a current one carries neither: it was set under the rules of its
 * day. The browser counts UTF-16 code units where the server counts characters after NFKC, so the browser's
 * `minlength` is never stricter than the server; the server's answer decides.
 */
export function passwordInput(input: {
  id: string
  name: string
  label: string
  autocomplete: "new-password" | "current-password"
  rules?: PasswordRulesShown
}): string {
  const attributes = [
    `id="${input.id}"`,
    'type="password"',
    `name="${escapeHtml(input.name)}"`,
    passwordFieldMarker,
    "required",
    `autocomplete="${input.autocomplete}"`,
  ]
  if (input.rules) {
    const { minLength, maxLength } = input.rules
    if (isCount(minLength)) attributes.push(`minlength="${minLength}"`)
    if (isCount(maxLength)) attributes.push(`maxlength="${maxLength}"`)
    attributes.push(`aria-describedby="${rulesId}"`)
  }
  return `<label for="${input.id}">${escapeHtml(input.label)}</label><input ${attributes.join(" ")}>`
}

/** The labelled e-mail input, pre-filled (escaped) with what the user typed. */
export function emailInput(messages: Messages, email: string | undefined): string {
  const value = email ? ` value="${escapeHtml(email)}"` : ""
  return [
    `<label for="password-email">${escapeHtml(messages.signIn.emailLabel)}</label>`,
    `<input id="password-email" type="email" name="email" required autocomplete="email"`,
    ` placeholder="${escapeHtml(messages.signIn.emailPlaceholder)}"${value}>`,
  ].join("")
}

/** A hidden form field; name and value escaped. */
export function hiddenInput(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`
}

/**
 * The link back to the sign-in page. The pages whose form carries the callback URL (sign-up, verify-email) pass it on,
 * so that signing in instead still ends where it would have; the others link to the plain page, which therefore reads
 * the same whatever the request carried (the forgot page must not differ between two answers, PW-05).
 */
export function signInLink(ctx: PageContext, messages: Messages, callbackUrl?: string): string {
  const query = callbackUrl ? `?callbackUrl=${encodeURIComponent(callbackUrl)}` : ""
  const href = `${ctx.baseUrl}/signin${query}`
  return `<p class="way-back"><a class="site" href="${escapeHtml(href)}">${escapeHtml(messages.error.backToSignIn)}</a></p>`
}

/** A page's alert for a refused form, and the status it answers with: 429 rate-limited, 503 unavailable, else 400. */
export interface PasswordAlert {
  html: string
  status: number
}

/**
 * The alert for `error` (a `PasswordError`; any other value shows the generic text, never itself) or for a
 * `retryAfter` wait ("Too many attempts. Try again in 42 s."); `undefined` when there is neither.
 */
export function passwordAlert(messages: Messages["password"], error: string | undefined, retryAfter: number | undefined): PasswordAlert | undefined {
  const wait = retryAfter !== undefined && Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.ceil(retryAfter) : undefined
  if (wait !== undefined && (error === undefined || error === "rate-limited")) {
    return { html: alertBox(messages.tryAgainIn(wait)), status: 429 }
  }
  if (error === undefined) return undefined
  const known = isPasswordError(error) ? error : "default"
  const status = known === "rate-limited" ? 429 : known === "unavailable" ? 503 : 400
  return { html: alertBox(messages.errors[known]), status }
}

function alertBox(text: string): string {
  return `<div class="alert" role="alert"><p>${escapeHtml(text)}</p></div>`
}

/** A notice that something worked ("we sent a link", "password changed"): announced, not an alert. */
export function noticeBox(text: string): string {
  return `<div class="notice" role="status"><p>${escapeHtml(text)}</p></div>`
}

/** The submit button of a page's one form. */
export function submitButton(text: string): string {
  return `<button type="submit" class="button button-primary">${escapeHtml(text)}</button>`
}

/** The CSS the password pages add to the base stylesheet (fixed text: no value of the config or request in it). */
export const passwordPageCss = `
.rules { margin: 0 0 0.5rem; text-align: left; color: var(--color-muted); font-size: 0.875rem; }
.password-form .button { margin-top: 0.25rem; }
.way-back { margin: 1.25rem 0 0; }
`

/** The rules come from the config: only a whole number reaches an attribute. */
function isCount(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0
}
