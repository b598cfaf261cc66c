/**
 * Which passwords are accepted (NIST SP 800-63B-4 §3.1.1.2; OWASP ASVS 5.0 V6.2): at least 15 characters while the
 * password is the only factor (configurable, never below 8), at least 64 accepted, any Unicode, compared after NFKC
 * normalisation, with no composition rules; a password found in a list of breached or common ones is refused
 * (`breached`, a function the caller gives: the bundled list, a range query, or the app's own).
 */

/** The longest password accepted, in characters: well above NIST's 64, and a bound on the work a request can cause. */
export const MAX_PASSWORD_LENGTH = 256

/** NIST SP 800-63B-4 §3.1.1.2: 15 for a single-factor password, and never fewer than 8. */
export const DEFAULT_MIN_LENGTH = 15
export const LOWEST_MIN_LENGTH = 8

export interface PasswordRules {
  minLength: number
  /** Whether the (normalised) password is on a breached or common list. */
  breached?: (password: string) => Promise<boolean> | boolean
}

export type PasswordProblem = "too-short" | "too-long" | "breached"

/** NFKC, as NIST asks before hashing, so that the same password typed on another keyboard matches. */
export function normalizePassword(password: string): string {
  return password.normalize("NFKC")
}

/** The rules with `minLength` checked: a number of at least 8 (a configuration error otherwise). */
export function passwordRules(options: { minLength?: number; breached?: PasswordRules["breached"] } = {}): PasswordRules {
  const minLength = options.minLength ?? DEFAULT_MIN_LENGTH
  if (!Number.isSafeInteger(minLength) || minLength < LOWEST_MIN_LENGTH || minLength > MAX_PASSWORD_LENGTH) {
    throw new TypeError(`Password minLength must be a whole number from ${LOWEST_MIN_LENGTH} to ${MAX_PASSWORD_LENGTH} (NIST SP 800-63B-4 §3.1.1.2), got ${String(options.minLength)}.`)
  }
  return { minLength, breached: options.breached }
}

/** What is wrong with a new password, or `undefined`. Length counts characters (code points) after normalisation. */
export async function passwordProblem(password: string, rules: PasswordRules): Promise<PasswordProblem | undefined> {
  const length = [...normalizePassword(password)].length
  if (length < rules.minLength) return "too-short"
  if (length > MAX_PASSWORD_LENGTH) return "too-long"
  if (rules.breached && (await rules.breached(normalizePassword(password)))) return "breached"
  return undefined
}
