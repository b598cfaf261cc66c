/**
 * The example's "mail": instead of sending an e-mail — a sign-in link (the Email provider's `sendVerificationRequest`)
 * or the `Password` provider's confirm, reset and "you already have an account" mails (its `sendMail`) — it keeps it in
 * memory, and the `/outbox` page lists it with its links as buttons, so that a link can be clicked with no mail server
 * and no network. Anyone who can open `/outbox` can sign in as anyone: fine on a loopback demo, never in a real app
 * (use the Nodemailer or Resend provider there, and keep no copy).
 *
 * One outbox per server process, kept on `globalThis`: Next.js may load this module more than once (once for the
 * route handler that "sends" the mail, once for the page that lists it; again after a hot reload in `next dev`).
 */
import type { SendVerificationRequestParams } from "@gatehousejs/core/providers/email"
import type { PasswordMail } from "@gatehousejs/next/providers/password"

export interface OutboxMessage {
  id: string
  to: string
  subject: string
  /** The mail's links, each a button named for what it does ("Sign in as …", "Confirm the address …"). */
  links: { label: string; href: string }[]
  expires: Date
}

const LIMIT = 50
/** How long a mail whose links do not expire (account-exists: the sign-in and forgot pages) stays. */
const DAY_MS = 24 * 60 * 60 * 1000
const key = Symbol.for("gatehouse.example.outbox")
const store = globalThis as typeof globalThis & { [key]?: OutboxMessage[] }

function messages(): OutboxMessage[] {
  const now = Date.now()
  store[key] = (store[key] ?? []).filter((message) => message.expires.valueOf() > now).slice(-LIMIT)
  return store[key]
}

function httpUrl(url: string): string {
  const link = new URL(url)
  if (link.protocol !== "http:" && link.protocol !== "https:") throw new Error("A link in a mail must be http(s).")
  return link.href
}

/** The Email provider's transport: stores the message instead of sending it. */
export async function sendVerificationRequest({ identifier, url, expires }: SendVerificationRequestParams): Promise<void> {
  const links = [{ label: `Sign in as ${identifier}`, href: httpUrl(url) }]
  messages().push({ id: crypto.randomUUID(), to: identifier, subject: "Sign in", links, expires })
}

/** The `Password` provider's transport: stores the mail it rendered, its links as buttons. */
export async function sendMail({ to, purpose, url, resetUrl, expires, subject }: PasswordMail): Promise<void> {
  const links =
    purpose === "verify-email"
      ? [{ label: `Confirm the address ${to}`, href: httpUrl(url) }]
      : purpose === "reset-password"
        ? [{ label: `Reset the password of ${to}`, href: httpUrl(url) }]
        : [{ label: `Sign in as ${to}`, href: httpUrl(url) }, ...(resetUrl ? [{ label: `Reset the password of ${to}`, href: httpUrl(resetUrl) }] : [])]
  messages().push({ id: crypto.randomUUID(), to, subject, links, expires: expires ?? new Date(Date.now() + DAY_MS) })
}

/** The messages whose link has not expired, newest first. */
export function listOutbox(): OutboxMessage[] {
  return messages().toReversed()
}
