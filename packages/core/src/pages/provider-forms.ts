/**
 * The forms of the sign-in page, one per provider type, as Auth.js renders them: an OAuth/OIDC button posting to
 * the provider's `signinUrl`, the e-mail form posting there too, and the credentials form posting to the
 * provider's `callbackUrl`. Each carries the CSRF token and the callback URL as hidden fields.
 */
import { contrastRatio, contrastingTextColor, safeCssColor, safeImageSrc } from "./css-values.js"
import { escapeHtml } from "./escape.js"
import type { Messages } from "./locales/index.js"
import { textFor } from "./locales/localized-text.js"
import type { PageContext, PageProvider } from "./types.js"

/** A rendered form, and the CSS rules it needs (built from validated values only). */
export interface RenderedForm {
  html: string
  css: string
}

type FormContext = Pick<PageContext, "csrfToken" | "callbackUrl" | "locale"> & { messages: Messages }

// The factories' English names: left as they are, they would read "Войти через Credentials" (or "Sign in with
// Nodemailer", naming a mail transport); the page says the whole sentence in its language instead. A name the app
// chose is its own and is used as given.
const defaultButtons = {
  email: { names: ["Email", "Nodemailer", "Resend", "SendGrid", "Postmark", "Mailgun", "Loops", "Forward Email"], text: "withEmail" },
  credentials: { names: ["Credentials"], text: "withCredentials" },
  webauthn: { names: ["Passkey"], text: "withPasskey" },
} as const

/** The text of a provider's button: "Sign in with <name>" in the page's language, the name in it too when given so. */
function buttonText(provider: PageProvider, ctx: FormContext): string {
  if (provider.password && provider.name === "Password" && !provider.names) return ctx.messages.password.signInButton
  const builtIn = defaultButtons[provider.type as keyof typeof defaultButtons]
  if (builtIn && (builtIn.names as readonly string[]).includes(provider.name) && !provider.names) return ctx.messages.signIn[builtIn.text]
  return ctx.messages.signIn.withProvider(textFor(provider.name, ctx.locale, provider.names) ?? provider.id)
}

function hiddenFields(ctx: FormContext): string {
  return [
    `<input type="hidden" name="csrfToken" value="${escapeHtml(ctx.csrfToken)}">`,
    `<input type="hidden" name="callbackUrl" value="${escapeHtml(ctx.callbackUrl)}">`,
  ].join("")
}

/** An id that is the Auth.js one (`input-email-for-email-provider`) when the names allow it, and always valid. */
function inputId(field: string, providerId: string): string {
  return `input-${field}-for-${providerId}-provider`.replace(/[^\w-]/g, "_")
}

/**
 * An OAuth/OIDC button. `index` (the provider's position) names its CSS class, so that no config value is ever
 * used as a selector. A provider whose brand asks for another look on dark backgrounds (Apple: a white button there)
 * sets `bgDark`, `textDark` and `logoDark`; the stylesheet switches with the colour scheme.
 */
export function oauthForm(provider: PageProvider, index: number, ctx: FormContext): RenderedForm {
  const style = provider.style
  const light = buttonColours(style?.bg ?? style?.brandColor, style?.text)
  const dark = buttonColours(style?.bgDark, style?.textDark) ?? light
  const className = `provider-${index}`
  const variant = light?.text ? " button-brand" : light ? " button-outline" : ""
  const logo = safeImageSrc(style?.logo)
  const logoDark = safeImageSrc(style?.logoDark)
  const css = light ? `.${className} { ${properties("", light)} ${properties("-dark", dark ?? light)} }\n` : ""
  const image = (src: string, className?: string): string =>
    `<img${className ? ` class="${className}"` : ""} src="${escapeHtml(src)}" alt="" width="24" height="24">`
  const logos = logo && logoDark ? image(logo, "logo-light") + image(logoDark, "logo-dark") : logo ? image(logo) : ""
  const html = [
    `<form class="provider" method="post" action="${escapeHtml(provider.signinUrl)}">`,
    hiddenFields(ctx),
    `<button type="submit" class="button${variant} ${className}">`,
    logos,
    `<span>${escapeHtml(buttonText(provider, ctx))}</span>`,
    "</button>",
    "</form>",
  ].join("")
  return { html, css }
}

function properties(suffix: string, colours: { brand: string; text?: string }): string {
  const text = colours.text ? ` --provider-text${suffix}: ${colours.text};` : ""
  return `--provider-brand${suffix}: ${colours.brand};${text}`
}

/**
 * A button's fill and text colour. The fill is `bg` (a brand's own button colour: Google's white) or the brand
 * colour; the text is the provider's `text` when it is readable on that fill (WCAG AA, 4.5:1), else black or white,
 * whichever contrasts more. When the fill cannot be read for contrast (a named or `hsl()` colour) the given text
 * colour is used, and without one the button keeps the neutral fill with a fill-coloured border.
 */
function buttonColours(fill: string | undefined, text: string | undefined): { brand: string; text?: string } | undefined {
  const brand = safeCssColor(fill)
  if (!brand) return undefined
  const own = safeCssColor(text)
  const ratio = own ? contrastRatio(brand, own) : undefined
  const chosen = own && ratio !== undefined && ratio >= 4.5 ? own : (contrastingTextColor(brand) ?? own)
  return chosen ? { brand, text: chosen } : { brand }
}

/** The e-mail form: one required e-mail input, pre-filled with `email` (e.g. after an `EmailSignin` error). */
export function emailForm(provider: PageProvider, ctx: FormContext & { email?: string }): RenderedForm {
  const id = inputId("email", provider.id)
  const html = [
    `<form class="provider" method="post" action="${escapeHtml(provider.signinUrl)}">`,
    hiddenFields(ctx),
    `<label for="${id}">${escapeHtml(ctx.messages.signIn.emailLabel)}</label>`,
    `<input id="${id}" type="email" name="email" required autocomplete="email"`,
    ` placeholder="${escapeHtml(ctx.messages.signIn.emailPlaceholder)}"`,
    ctx.email ? ` value="${escapeHtml(ctx.email)}">` : ">",
    `<button type="submit" class="button button-primary">`,
    `${escapeHtml(buttonText(provider, ctx))}</button>`,
    "</form>",
  ].join("")
  return { html, css: "" }
}

// The input types a credentials field may have; anything else (including `hidden`, `file`, `submit`) becomes text.
const inputTypes = new Set([
  "text", "password", "email", "tel", "url", "number", "search", "date", "datetime-local", "time", "month", "week",
])

// Attributes a credentials field may pass through to its input. Keys are compared case-insensitively, so the
// camelCase of Auth.js configs (`minLength`) works. Event handlers and the like are never on this list.
const passThroughAttributes = new Set([
  "autocomplete", "autocapitalize", "autocorrect", "spellcheck", "inputmode", "enterkeyhint", "pattern", "minlength",
  "maxlength", "min", "max", "step", "size", "required", "readonly", "disabled", "autofocus", "value", "title",
])

type FieldConfig = NonNullable<PageProvider["credentials"]>

/** One labelled input per configured field; `marker` is an extra attribute for every input (e.g. `data-form-field`). */
function fieldInputs(fieldConfig: FieldConfig, providerId: string, ctx: FormContext, marker = ""): string[] {
  return Object.entries(fieldConfig).map(([key, field]) => {
    const id = inputId(key, providerId)
    const type = typeof field.type === "string" && inputTypes.has(field.type) ? field.type : "text"
    const attributes = [`id="${id}"`, `type="${type}"`, `name="${escapeHtml(key)}"`]
    if (marker) attributes.push(marker)
    const placeholder = textFor(field.placeholder, ctx.locale, field.placeholders)
    if (placeholder) attributes.push(`placeholder="${escapeHtml(placeholder)}"`)
    const extra = extraAttributes(field)
    const hint = autocompleteHint(key, type)
    if (hint && !extra.has("autocomplete")) extra.set("autocomplete", hint)
    for (const [name, value] of extra) attributes.push(value === true ? name : `${name}="${escapeHtml(value)}"`)
    const label = textFor(field.label, ctx.locale, field.labels) ?? key
    return `<label for="${id}">${escapeHtml(label)}</label><input ${attributes.join(" ")}>`
  })
}

/**
 * The WebAuthn form (Auth.js: posts to the provider's callback URL, inputs marked `data-form-field`). Its script
 * (see `webauthn/page-script.ts`) fetches the options from `optionsUrl`, runs the ceremony and submits `action` and
 * `data` with the form; a failure shows the message in the status line. The second button creates a passkey, whose
 * registration the script posts itself, so that a pending one can say "check your e-mail" in place.
 */
export function webAuthnForm(provider: PageProvider, ctx: FormContext & { optionsUrl: string }): RenderedForm {
  const html = [
    `<form class="provider" method="post" action="${escapeHtml(provider.callbackUrl)}"`,
    ` id="${provider.id.replace(/[^\w-]/g, "_")}-form"`,
    ` data-webauthn-options="${escapeHtml(ctx.optionsUrl)}"`,
    ` data-conditional-ui="${provider.enableConditionalUI ? "true" : "false"}"`,
    ` data-webauthn-error="${escapeHtml(ctx.messages.signIn.webAuthnFailed)}"`,
    ` data-webauthn-check-email="${escapeHtml(ctx.messages.signIn.webAuthnCheckEmail)}"`,
    ` data-webauthn-sign-in-first="${escapeHtml(ctx.messages.signIn.webAuthnSignInFirst)}"`,
    ` data-webauthn-too-many="${escapeHtml(withSecondsMarker(ctx.messages.signIn.tooManyAttempts))}">`,
    hiddenFields(ctx),
    ...fieldInputs(withTranslatedEmailLabel(provider.formFields ?? {}, ctx), provider.id, ctx, "data-form-field"),
    `<p class="alert" role="alert" data-webauthn-status hidden></p>`,
    `<p class="message" role="status" data-webauthn-notice hidden></p>`,
    `<button type="submit" class="button button-primary">`,
    `${escapeHtml(buttonText(provider, ctx))}</button>`,
    // Signed out, the sign-in button never registers (RT-06: the answer cannot depend on the address), so creating a
    // passkey is asked for explicitly.
    `<button type="submit" class="button" value="register" data-webauthn-register>`,
    `${escapeHtml(ctx.messages.signIn.webAuthnRegister)}</button>`,
    "</form>",
  ].join("")
  // The script hides the form in a browser without WebAuthn, and shows the status line on failure.
  return { html, css: "[hidden] { display: none !important; }\n[data-webauthn-register] { margin-top: 0.5rem; }\n" }
}

/**
 * A message about a wait, with `{seconds}` where the number goes: the script fills in the `retryAfter` of a 429
 * (its text must not vary, so the page carries the words). Every language places the number by interpolation.
 */
function withSecondsMarker(message: (seconds: number) => string): string {
  return message("{seconds}" as unknown as number)
}

/** The WebAuthn factory labels its e-mail field "Email" in English: that label is the page's, like the e-mail form's. */
function withTranslatedEmailLabel(fields: FieldConfig, ctx: FormContext): FieldConfig {
  const email = fields.email
  if (email?.label !== "Email") return fields
  return { ...fields, email: { ...email, label: ctx.messages.signIn.emailLabel } }
}

/** The credentials form: one labelled input per configured field, posting to the provider's callback URL. */
export function credentialsForm(provider: PageProvider, ctx: FormContext): RenderedForm {
  const fieldConfig = provider.credentials ?? {}
  const fields = fieldInputs(provider.password ? withTranslatedPasswordLabels(fieldConfig, ctx) : fieldConfig, provider.id, ctx)
  const html = [
    `<form class="provider" method="post" action="${escapeHtml(provider.callbackUrl)}">`,
    hiddenFields(ctx),
    ...fields,
    `<button type="submit" class="button button-primary">`,
    `${escapeHtml(buttonText(provider, ctx))}</button>`,
    "</form>",
  ].join("")
  return { html, css: "" }
}

/**
 * The `Password` provider labels its fields "Email" and "Password" in English: those labels are the page's, in its
 * language, like the e-mail form's. A label the app set is used as given.
 */
function withTranslatedPasswordLabels(fields: FieldConfig, ctx: FormContext): FieldConfig {
  const out = { ...fields }
  if (out.email?.label === "Email" && !out.email.labels) out.email = { ...out.email, label: ctx.messages.signIn.emailLabel }
  if (out.password?.label === "Password" && !out.password.labels) out.password = { ...out.password, label: ctx.messages.password.passwordLabel }
  return out
}

/**
 * The links under the `Password` provider's form: "Forgot your password?" (`${baseUrl}/password/forgot`) and
 * "Create an account" (`${baseUrl}/signup`, carrying the callback URL so that the new account ends where signing in
 * would have).
 */
export function passwordLinks(ctx: FormContext & { baseUrl: string }): RenderedForm {
  const forgot = `${ctx.baseUrl}/password/forgot`
  const signUp = `${ctx.baseUrl}/signup?callbackUrl=${encodeURIComponent(ctx.callbackUrl)}`
  const html = [
    `<p class="password-links">`,
    `<a href="${escapeHtml(forgot)}">${escapeHtml(ctx.messages.password.forgotLink)}</a>`,
    `<a href="${escapeHtml(signUp)}">${escapeHtml(ctx.messages.password.signUpLink)}</a>`,
    "</p>",
  ].join("")
  const css =
    ".password-links { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0.5rem 1rem; margin: 0.75rem 0 0; font-size: 0.875rem; }\n" +
    ".password-links a { color: var(--color-link); }\n"
  return { html, css }
}

/** Lets password managers fill the form; a field's own `autocomplete` wins. */
function autocompleteHint(key: string, type: string): string | undefined {
  if (type === "password") return "current-password"
  if (key === "username") return "username"
  if (type === "email") return "email"
  return undefined
}

function extraAttributes(field: Record<string, unknown>): Map<string, string | true> {
  const out = new Map<string, string | true>()
  for (const [key, value] of Object.entries(field)) {
    const name = key.toLowerCase()
    if (!passThroughAttributes.has(name)) continue
    if (value === true) out.set(name, true)
    else if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value)))
      out.set(name, String(value))
  }
  return out
}
