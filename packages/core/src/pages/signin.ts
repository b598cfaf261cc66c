/**
 * The built-in sign-in page (`GET <base>/signin`): a button per OAuth/OIDC provider, the e-mail form, the
 * credentials form when it has fields, the first two groups separated by an "or" divider and the rest by a plain
 * rule (Auth.js puts an "or" between every two; see `renderSignIn`); and, after a failed attempt, a
 * fixed message for the `?error=` value.
 */
import type { SignInPageErrorParam } from "../types.js"
import { escapeHtml } from "./escape.js"
import { renderDocument } from "./layout.js"
import { messagesFor, type Messages } from "./locales/index.js"
import { credentialsForm, emailForm, oauthForm, passwordLinks, webAuthnForm, type RenderedForm } from "./provider-forms.js"
import type { HtmlPage, PageContext, PageProvider } from "./types.js"

export interface SignInPageParams {
  providers: PageProvider[]
  /** `?error=`: selects a fixed message; the value itself is never shown. */
  error?: string
  /** `?code=` of a `CredentialsSignin` error: for custom pages; the built-in page does not show it. */
  code?: string
  /** `?email=`: pre-fills the e-mail form. */
  email?: string
  /**
   * The inline scripts of the WebAuthn forms (`webauthn/page-script.ts`), passed in by the caller so that pages
   * without a WebAuthn form never load them. Without them WebAuthn forms are rendered but do nothing
   * (`simpleWebAuthnBrowserVersion: false`).
   */
  webAuthnScripts?: readonly string[]
  /** A sign-in was rate-limited (RT-09, RL-01): status 429 and a message saying when to try again, in whole seconds. */
  retryAfter?: number
  /** What was limited: e-mails to an address (`"email"`), or attempts (default). */
  limited?: "email" | "attempts"
}

const signInErrors: readonly SignInPageErrorParam[] = [
  "Signin",
  "OAuthSignin",
  "OAuthCallbackError",
  "OAuthCreateAccount",
  "EmailCreateAccount",
  "Callback",
  "OAuthAccountNotLinked",
  "EmailSignin",
  "CredentialsSignin",
  "SessionRequired",
  "MissingCSRF",
]

/**
 * Renders the sign-in page. Providers appear in config order; credentials providers only when they declare fields.
 * Status 200, or 429 with `retryAfter`.
 *
 * @example
 * renderSignIn(ctx, { providers, error: url.searchParams.get("error") ?? undefined })
 */
export function renderSignIn(ctx: PageContext, params: SignInPageParams): HtmlPage {
  const messages = messagesFor(ctx.locale)
  const formContext = { csrfToken: ctx.csrfToken, callbackUrl: ctx.callbackUrl, locale: ctx.locale, messages }
  const shown = params.providers.filter(isShown)

  const sections: RenderedForm[][] = []
  shown.forEach((provider, index) => {
    if (provider.type === "oauth" || provider.type === "oidc") {
      const form = oauthForm(provider, index, formContext)
      // Consecutive OAuth buttons share a section; every other form is a section of its own.
      const previous = shown[index - 1]
      const last = sections.at(-1)
      if (last && (previous?.type === "oauth" || previous?.type === "oidc")) last.push(form)
      else sections.push([form])
    } else if (provider.type === "email") {
      sections.push([emailForm(provider, { ...formContext, email: params.email })])
    } else if (provider.type === "webauthn") {
      sections.push([webAuthnForm(provider, { ...formContext, optionsUrl: webAuthnOptionsUrl(ctx, provider) })])
    } else if (provider.password) {
      // The password provider's form, then its links: forgot password, create an account.
      const form = credentialsForm(provider, formContext)
      const links = passwordLinks({ ...formContext, baseUrl: ctx.baseUrl })
      sections.push([{ html: form.html + links.html, css: form.css + links.css }])
    } else {
      sections.push([credentialsForm(provider, formContext)])
    }
  })

  // One "or", at the first boundary (the OAuth buttons and the forms, usually); later forms are set apart by a plain
  // rule: an "or" above every form made the demo's card 923 px tall.
  const divider = `<div class="divider" role="separator"><span>${escapeHtml(messages.signIn.or)}</span></div>`
  const rule = `<hr class="rule">`
  const content = [
    `<h1>${escapeHtml(messages.signIn.heading)}</h1>`,
    params.retryAfter !== undefined
      ? alert((params.limited === "email" ? messages.signIn.tooManyEmails : messages.signIn.tooManyAttempts)(params.retryAfter))
      : params.error === undefined
        ? ""
        : errorBox(params.error, messages),
    sections
      .map((forms, index) => (index === 0 ? "" : index === 1 ? `${divider}\n` : `${rule}\n`) + forms.map((form) => form.html).join("\n"))
      .join("\n"),
  ].join("\n")

  const hasOAuth = shown.some((provider) => provider.type === "oauth" || provider.type === "oidc")
  const webAuthn = shown.filter((provider) => provider.type === "webauthn")
  const scripts = webAuthn.length ? (params.webAuthnScripts ?? []) : []
  return renderDocument(ctx, {
    status: params.retryAfter === undefined ? 200 : 429,
    title: messages.signIn.title,
    pageClass: "signin",
    content,
    css: sections.flat().map((form) => form.css).join(""),
    formAction: {
      targets: [
        ctx.baseUrl,
        ctx.callbackUrl,
        ...shown.map((provider) => (provider.type === "credentials" || provider.type === "webauthn" ? provider.callbackUrl : provider.signinUrl)),
      ],
      // An OAuth sign-in POST redirects to the provider's authorization endpoint (see FormActionSources). OAuth 2.0
      // requires TLS there (RFC 6749 §3.1), so only https is allowed — and http as well on an http (development) site.
      schemes: hasOAuth ? (ctx.baseUrl.startsWith("http:") ? ["https:", "http:"] : ["https:"]) : [],
    },
    scripts,
    // A path ending in "/" matches every URL below it (CSP3 §6.7.2.9): the options of each WebAuthn provider.
    // …and each WebAuthn callback, where the script posts a registration to show its outcome in place.
    connect: scripts.length ? [`${ctx.baseUrl}/webauthn-options/`, ...webAuthn.map((provider) => provider.callbackUrl)] : [],
  })
}

function isShown(provider: PageProvider): boolean {
  switch (provider.type) {
    case "oauth":
    case "oidc":
    case "email":
      return true
    case "credentials":
      return Object.keys(provider.credentials ?? {}).length > 0
    case "webauthn":
      // As Auth.js: shown when the provider has form fields (its factories always give it some).
      return typeof provider.formFields === "object" && provider.formFields !== null
    default:
      return false
  }
}

/** `<baseUrl>/webauthn-options/<id>`: where the form's script fetches the ceremony options. */
function webAuthnOptionsUrl(ctx: PageContext, provider: PageProvider): string {
  return `${ctx.baseUrl}/webauthn-options/${encodeURIComponent(provider.id)}`
}

/** The message box: a fixed text per known error, the default text otherwise; never the raw value. */
function errorBox(error: string, messages: Messages): string {
  // A credentials or passkey account refused for the same reason as an OAuth one gets its words.
  const shown = error === "AccountNotLinked" ? "OAuthAccountNotLinked" : error
  const known = signInErrors.find((name) => name === shown)
  return alert(messages.signIn.errors[known ?? "default"])
}

function alert(text: string): string {
  return `<div class="alert" role="alert"><p>${escapeHtml(text)}</p></div>`
}
