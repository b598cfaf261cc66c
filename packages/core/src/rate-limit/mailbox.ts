/**
 * The mailbox an e-mail address delivers to, for the per-address mail budget only (security catalog RT-14): the
 * spellings of one inbox spend one budget, so `victim+1@…` … `victim+30@…` cannot put 30 mails in it.
 */
import { normalizeBudgetValue } from "./key.js"

/** Providers whose two domain names are one: both are counted as the first. */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"])

/**
 * The canonical mailbox of `address`, as the per-address e-mail budget counts it: lower-cased (as every budget
 * value is), a `+tag` after the local part dropped on every domain (sub-addressing, RFC 5233's `user+detail`), and
 * on Gmail the dots of the local part dropped and `googlemail.com` read as `gmail.com`. Other providers' aliasing
 * (a `-tag` on some hosts, dots elsewhere) is out of scope: each such spelling keeps a budget of its own.
 *
 * Anything unusual is left as it is, lower-cased — no `@`, several, a quoted or escaped local part, whitespace, or a
 * local part that would be left empty — so an odd address spends a budget of its own, never someone else's. Only
 * the budget uses this: the address itself (the link, the user) keeps the spelling it was given.
 *
 * @example
 * mailboxOf("Victim+news@Example.com") // "victim@example.com"
 * mailboxOf("v.ic.tim+1@googlemail.com") // "victim@gmail.com"
 */
export function mailboxOf(address: string): string {
  const normalized = normalizeBudgetValue(address)
  const at = normalized.indexOf("@")
  if (at <= 0 || at !== normalized.lastIndexOf("@") || /["\\\s]/.test(normalized)) return normalized
  let local = normalized.slice(0, at)
  let domain = normalized.slice(at + 1)
  const plus = local.indexOf("+")
  if (plus >= 0) local = local.slice(0, plus)
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "")
    domain = "gmail.com"
  }
  return local === "" || domain === "" ? normalized : `${local}@${domain}`
}
