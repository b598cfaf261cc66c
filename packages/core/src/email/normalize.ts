/**
 * The email address a magic link is sent to and a user is found by. Normalised (NFKC, trimmed, lower-cased) and
 * refused when it could address anyone else: quotes, commas, angle brackets, CR/LF, whitespace, not exactly one `@`
 * after NFKC (catches the fullwidth U+FF20 and small U+FE6B homoglyphs), or longer than 320 characters (RFC 5321).
 * Security catalog §3.5 and cases EC-02 … EC-06; GHSA-5jpx-9hw9-2fx4, GHSA-7rqj-j65f-68wh.
 */

/** Why an address was refused; never shown to the user beyond "could not send". */
export class InvalidEmail extends Error {}

const MAX_LENGTH = 320

/** The normalised address, or throws `InvalidEmail`. */
export function normalizeEmail(raw: unknown): string {
  if (typeof raw !== "string") throw new InvalidEmail("The email address is missing.")
  if (raw.length > MAX_LENGTH * 2) throw new InvalidEmail("The email address is too long.")
  // Before trimming: a line break anywhere is an attempt at header injection, not stray whitespace.
  if (/[\r\n]/.test(raw)) throw new InvalidEmail("The email address contains a line break.")
  const email = raw.normalize("NFKC").trim().toLowerCase()
  if (!email || email.length > MAX_LENGTH) throw new InvalidEmail("The email address is empty or too long.")
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[",<>;:\\()[\]\s]/.test(email) || /[\u0000-\u001f\u007f\u2028\u2029]/.test(email)) {
    throw new InvalidEmail("The email address contains a character that is not allowed.")
  }
  const at = email.indexOf("@")
  if (at <= 0 || at !== email.lastIndexOf("@") || at === email.length - 1) {
    throw new InvalidEmail("The email address must contain exactly one @ between a name and a domain.")
  }
  const domain = email.slice(at + 1)
  if (!/^[^.]+(\.[^.]+)*$/.test(domain)) throw new InvalidEmail("The email address's domain is malformed.")
  return email
}
