/** The `Password` provider's options, and the provider of a configuration. */
import type { Awaitable } from "../util/awaitable.js"
import type { PasswordMail } from "./types.js"

export interface PasswordOptions {
  /**
   * The fewest characters a new password may have. Default 15, NIST SP 800-63B-4 §3.1.1.2's minimum while the password
   * is the only factor; never below 8. Up to 256 are accepted.
   */
  minLength?: number
  /**
   * How new passwords are checked against breached and common ones (NIST SP 800-63B-4 §3.1.1.2, ASVS 5.0 6.2.12):
   * `"common"` (default), a bundled list of the most common passwords; `"haveibeenpwned"`, that list and then the
   * Pwned Passwords range API (k-anonymity: only five hex digits of a SHA-1 leave the server; unreachable, the check
   * passes with a warning unless `failClosed`); your function; or `false`.
   */
  breachedPasswords?:
    | "common"
    | "haveibeenpwned"
    | { haveibeenpwned: { baseUrl?: string; timeoutMs?: number; failClosed?: boolean } }
    | ((password: string) => Awaitable<boolean>)
    | false
  /** Default true: an unverified address signs in to nothing; its correct password answers the verify-request page. */
  requireVerifiedEmail?: boolean
  /**
   * Sends the provider's mails (`purpose`: `"verify-email"`, `"reset-password"`, `"account-exists"`), with the default
   * text rendered in the page's language. Required unless a Nodemailer provider is configured, whose transport is used.
   */
  sendMail?: (mail: PasswordMail) => Awaitable<void>
  /** Seconds a reset link works. Default 3600. */
  resetMaxAge?: number
  /** Seconds a verification link works. Default 86400. */
  verifyMaxAge?: number
}
