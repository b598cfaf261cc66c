import type { OAuthProviderButtonStyles, ProviderType, Theme } from "../types.js"
import type { Locale } from "./locales/index.js"
import type { Translations } from "./locales/localized-text.js"

/** A provider as the sign-in page shows it. */
export interface PageProvider {
  id: string
  name: string
  /** `name` per locale, as configured. */
  names?: Translations
  type: ProviderType
  /** Absolute URL: the POST target of oauth/oidc/email buttons. */
  signinUrl: string
  /** Absolute URL: the POST target of the credentials form. */
  callbackUrl: string
  style?: OAuthProviderButtonStyles
  /**
   * Credentials providers: the form fields, as in Auth.js:
   * `credentials: { username: { label: "Username", type: "text", placeholder: "jsmith" } }`.
   * Besides `label`, `type` and `placeholder`, a few input attributes pass through (`required`, `autocomplete`,
   * `pattern`, `minlength`, `maxlength`, `min`, `max`, `step`, `inputmode`, …); anything else is ignored.
   */
  credentials?: Record<string, { label?: string; labels?: Translations; type?: string; placeholder?: string; placeholders?: Translations; [attr: string]: unknown }>
  /** WebAuthn providers: the form fields (same shape as `credentials`). */
  formFields?: Record<string, { label?: string; labels?: Translations; type?: string; placeholder?: string; placeholders?: Translations; [attr: string]: unknown }>
  /** WebAuthn providers: offer passkeys in the browser's autofill. */
  enableConditionalUI?: boolean
  /**
   * The `Password` provider (a credentials provider): the sign-in page links to `${baseUrl}/password/forgot` and
   * `${baseUrl}/signup` under its form.
   */
  password?: true
}

/** What every page needs from the request and the config. */
export interface PageContext {
  /** colorScheme "auto" | "dark" | "light", logo, brandColor, buttonText; the empty string means unset. */
  theme: Required<Theme>
  /** From `pickLocale`. */
  locale: Locale
  /**
   * `${origin}${basePath}`, e.g. "https://app.example/api/auth". Every link and form target of the pages is built
   * from it, never from the URL of the current request.
   */
  baseUrl: string
  csrfToken: string
  /** Already validated, absolute. */
  callbackUrl: string
}

/** A rendered page: the action code turns it into a `Response`. */
export interface HtmlPage {
  status: number
  html: string
  headers: Record<string, string>
}
