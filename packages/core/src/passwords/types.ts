/** What the `Password` provider's endpoints, pages and mails share: error codes, mail purposes, the rules shown. */
import type { Locale } from "../pages/locales/index.js"

/**
 * Why a password form was refused: the `error` of the JSON answer and the `?error=` of the page, the same codes.
 * `invalid-email`: not an address; `too-short` / `too-long` / `breached`: the rules (rules.ts); `invalid-token`: a
 * verification or reset link that is unknown, used, expired or superseded; `wrong-password`: the current password of a
 * change; `rate-limited`: a budget is spent (429, `Retry-After`); `unavailable`: the store did not answer (503).
 */
export type PasswordError =
  | "invalid-email"
  | "too-short"
  | "too-long"
  | "breached"
  | "invalid-token"
  | "wrong-password"
  | "rate-limited"
  | "unavailable"

/** Why a mail is sent: the link proving a new address, the reset link, or "someone tried to sign up with your address". */
export type PasswordMailPurpose = "verify-email" | "reset-password" | "account-exists"

/** The rules a form shows before the user types (NIST SP 800-63B-4 §3.1.1.2: tell the user the rules). */
export interface PasswordRulesShown {
  minLength: number
  maxLength: number
}

/** A mail of the `Password` provider, as `sendMail` receives it: the default text is rendered; send it or your own. */
export interface PasswordMail {
  to: string
  purpose: PasswordMailPurpose
  /** The link: the verify-email or reset page; for `account-exists`, the sign-in page. */
  url: string
  /** For `account-exists`: the forgot-password page. */
  resetUrl?: string
  /** The page locale of the request that caused the mail. */
  locale: Locale
  /** When the link stops working (verify-email, reset-password). */
  expires?: Date
  subject: string
  text: string
  html: string
}
