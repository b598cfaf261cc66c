/**
 * The default mails of the `Password` provider, in the language of the request that caused them: confirming a new
 * address, resetting a password, and "someone tried to create an account with your address" (sign-up answers the same
 * for a known address, so the owner is told by mail instead, PW-01). Like the magic-link mail
 * (`providers/email-message.ts`): a short HTML message and the same as plain text, every value escaped, no image or
 * remote resource (nothing that reports an opening), each link also written out as text, and the site named, never
 * the address the mail goes to (CVE-2022-31127).
 */
import { messagesFor, type Locale } from "../pages/locales/index.js"
import type { PasswordMailText } from "../pages/locales/messages.js"
import type { Theme } from "../types.js"
import type { PasswordMailPurpose } from "./types.js"

export interface PasswordMailContent {
  subject: string
  text: string
  html: string
}

export interface PasswordMailParams {
  /** The link: the verify-email or reset page; for `account-exists`, the sign-in page. Must be http(s). */
  url: string
  /** For `account-exists`: the forgot-password page (the second link). */
  resetUrl?: string
  /** The site's host name, as the mail names it ("app.example"). */
  host: string
  locale: Locale
  /** The button colours; anything but a hex colour is ignored. */
  theme?: Pick<Theme, "brandColor" | "buttonText">
  /** When the link stops working: "This link expires in 1 hour." */
  expires?: Date
  /** The time the expiry is counted from (tests freeze it); default: now. */
  now?: Date
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }
const escape = (value: string): string => value.replace(/[&<>"']/g, (c) => escapes[c]!)
const safeColor = (value: string | undefined, fallback: string): string =>
  value && /^#[0-9a-fA-F]{3,8}$/.test(value) ? value : fallback
// A subject is a header: whatever the host or a translation holds, it stays on one line.
const oneLine = (value: string): string => value.replace(/[\r\n\u2028\u2029]+/g, " ").trim()

/**
 * The subject, plain text and HTML of the mail of `purpose`, in `params.locale`. Throws a `TypeError` when a link is
 * not an http(s) URL (a configuration mistake, never the user's input).
 *
 * @example
 * const mail = passwordMailContent("reset-password", { url, host: "app.example", locale: "de", expires })
 * await sendMail({ to, purpose: "reset-password", url, locale: "de", expires, ...mail })
 */
export function passwordMailContent(purpose: PasswordMailPurpose, params: PasswordMailParams): PasswordMailContent {
  const all = messagesFor(params.locale).passwordMail
  const words: PasswordMailText & { resetButton?: string } = all[purpose]
  const links = [{ label: words.button, url: httpUrl(params.url) }]
  if (purpose === "account-exists" && params.resetUrl !== undefined) {
    links.push({ label: all["account-exists"].resetButton, url: httpUrl(params.resetUrl) })
  }
  const duration = params.expires ? durationText(params.locale, params.expires.getTime() - (params.now ?? new Date()).getTime()) : undefined
  const expiry = duration ? all.expires(duration) : undefined
  const host = oneLine(params.host)
  const subject = oneLine(words.subject(host))
  const heading = words.heading(host)

  const text = [
    heading,
    words.body,
    ...links.map((link) => `${link.label}:\n${link.url}`),
    expiry,
    words.footer,
  ]
    .filter((part): part is string => part !== undefined)
    .join("\n\n") + "\n"

  const brand = safeColor(params.theme?.brandColor, "#346df1")
  const buttonText = safeColor(params.theme?.buttonText, "#ffffff")
  const row = (style: string, content: string): string => `<tr><td style="${style}">${content}</td></tr>`
  const button = (link: { label: string; url: string }): string =>
    row(
      "padding:12px 0",
      `<a href="${escape(link.url)}" target="_blank" rel="noopener" style="display:inline-block;padding:10px 20px;border-radius:5px;background:${brand};color:${buttonText};font-size:16px;text-decoration:none;font-weight:bold">${escape(link.label)}</a>`,
    )
  const written = (link: { label: string; url: string }): string =>
    row(
      "font-size:13px;color:#555;padding:4px 0;word-break:break-all",
      `${escape(link.label)}: <a href="${escape(link.url)}" target="_blank" rel="noopener" style="color:#555">${escape(link.url)}</a>`,
    )
  const html = [
    `<!doctype html><html lang="${escape(params.locale)}"><head><meta charset="utf-8"><title>${escape(subject)}</title></head>`,
    `<body style="background:#f9f9f9;margin:0;padding:24px;font-family:Helvetica,Arial,sans-serif">`,
    `<table role="presentation" width="100%" style="max-width:600px;margin:auto;background:#fff;border-radius:10px;padding:20px">`,
    row("font-size:20px;color:#222;padding:10px 0", escape(heading)),
    row("font-size:16px;color:#444;padding:6px 0", escape(words.body)),
    ...links.map(button),
    expiry ? row("font-size:14px;color:#444;padding:6px 0", escape(expiry)) : "",
    row("font-size:13px;color:#555;padding:12px 0 4px", escape(all.linkIntro)),
    ...links.map(written),
    row("font-size:14px;color:#444;padding:16px 0 0", escape(words.footer)),
    "</table></body></html>",
  ]
    .filter(Boolean)
    .join("\n")

  return { subject, text, html }
}

/** `url` when it is an absolute http(s) URL: a mail must never carry a `javascript:` or relative link. */
function httpUrl(url: string): string {
  let protocol: string | undefined
  try {
    protocol = new URL(url).protocol
  } catch {
    protocol = undefined
  }
  if (protocol !== "https:" && protocol !== "http:") throw new TypeError("A password mail link must be an absolute http(s) URL.")
  return url
}

/**
 * How long until the link expires, in words of `locale` ("1 hour", "30 minutes", "2 days"), rounded to the unit that
 * reads naturally; `undefined` when it has already expired. The mail is sent a moment after the link was made, so
 * the remaining time is rounded, not floored: 59 min 59 s still reads "1 hour".
 */
export function durationText(locale: Locale, milliseconds: number): string | undefined {
  if (!(milliseconds > 0)) return undefined
  const minutes = Math.max(1, Math.round(milliseconds / 60_000))
  const [unit, count] =
    minutes >= 2 * 24 * 60
      ? (["day", Math.round(minutes / (24 * 60))] as const)
      : minutes >= 120 || minutes % 60 === 0
        ? (["hour", Math.round(minutes / 60)] as const)
        : (["minute", minutes] as const)
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(count)
}
