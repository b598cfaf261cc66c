/**
 * The sign-in mail of the built-in email providers: a short HTML message with one button, and the same as plain
 * text. It names the site, never the address it was sent to (CVE-2022-31127: a crafted address must not become mail
 * content), and every value is escaped.
 */
import type { Theme } from "../types.js"

export interface SignInMessage {
  subject: string
  text: string
  html: string
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }
const escape = (value: string): string => value.replace(/[&<>"']/g, (c) => escapes[c]!)
const safeColor = (value: string | undefined, fallback: string): string =>
  value && /^#[0-9a-fA-F]{3,8}$/.test(value) ? value : fallback

export function signInMessage(params: { url: string; theme: Theme }): SignInMessage {
  const { host } = new URL(params.url)
  const brand = safeColor(params.theme.brandColor, "#346df1")
  const buttonText = safeColor(params.theme.buttonText, "#ffffff")
  const site = escape(host)
  const link = escape(params.url)
  return {
    subject: `Sign in to ${host}`,
    text: `Sign in to ${host}\n${params.url}\n\nIf you did not request this email you can safely ignore it.\n`,
    html: `<!doctype html><html><body style="background:#f9f9f9;margin:0;padding:24px;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" style="max-width:600px;margin:auto;background:#fff;border-radius:10px;padding:20px">
<tr><td align="center" style="font-size:22px;color:#444;padding:10px 0">Sign in to <strong>${site}</strong></td></tr>
<tr><td align="center" style="padding:20px 0"><a href="${link}" target="_blank" style="display:inline-block;padding:10px 20px;border-radius:5px;background:${brand};color:${buttonText};font-size:18px;text-decoration:none;font-weight:bold">Sign in</a></td></tr>
<tr><td align="center" style="font-size:16px;color:#444;padding:0 0 10px">If you did not request this email you can safely ignore it.</td></tr>
</table></body></html>`,
  }
}
