/**
 * The demo's mail transport: instead of sending an e-mail (a sign-in link, or the `Password` provider's confirm,
 * reset and "you already have an account" mails), it keeps it in an in-memory outbox, which the `/outbox` page lists —
 * so that a link can be clicked on a machine with no mail server and no network.
 *
 * The outbox is bounded (the newest `limit` messages), newest first, and a message leaves it when its link expires.
 * It holds every address's links: anyone who can open `/outbox` can sign in as anyone. That is the point of a local
 * demo, and the reason the demo listens on loopback only; a real app sends the mail (see the Nodemailer or Resend
 * providers) and keeps no copy.
 */
import { randomUUID } from "node:crypto"

const htmlEscapes = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }
const escape = (value) => String(value).replace(/[&<>"']/g, (char) => htmlEscapes[char])

/**
 * @example
 * const outbox = createOutbox()
 * Email({ sendVerificationRequest: outbox.sendVerificationRequest })
 * Password({ sendMail: outbox.sendMail })
 * outbox.list() // [{ id, to, subject, link, links: [{ label, href }], singleUse, text, html, time, expires }], newest first
 * // `link` is the first of `links` (examples/hono and examples/sveltekit show only that one)
 */
export function createOutbox({ limit = 50, now = () => Date.now() } = {}) {
  /** Oldest first; `list()` reverses. */
  let messages = []

  const prune = () => {
    const time = now()
    messages = messages.filter((message) => message.expires.valueOf() > time).slice(-limit)
  }

  return {
    /**
     * An Email provider's `sendVerificationRequest`: "sends" the sign-in mail by storing it. The message names the
     * site, never the address (a crafted address must not become mail content), like Gatehouse's own.
     */
    async sendVerificationRequest({ identifier, url, expires }) {
      const link = httpUrl(url)
      const links = [{ label: `Sign in as ${identifier}`, href: link.href }]
      messages.push({ id: randomUUID(), to: identifier, ...signInMail(link, expires), link: link.href, links, singleUse: true, time: new Date(now()), expires })
      prune()
    },

    /**
     * The `Password` provider's `sendMail`: keeps the mail it rendered (subject, text, HTML in the language of the
     * page that caused it) with its links as the outbox's buttons. The "you already have an account" mail's links (the
     * sign-in and forgot pages) do not expire; it is kept for a day.
     */
    async sendMail({ to, purpose, url, resetUrl, expires, subject, text, html }) {
      const links = passwordMailLinks({ to, purpose, url: httpUrl(url).href, resetUrl: resetUrl && httpUrl(resetUrl).href })
      const time = new Date(now())
      const kept = expires ?? new Date(time.valueOf() + DAY_MS)
      messages.push({ id: randomUUID(), to, subject, text, html, link: links[0].href, links, singleUse: purpose !== "account-exists", time, expires: kept })
      prune()
    },

    /** The messages whose link has not expired, newest first. */
    list() {
      prune()
      return messages.toReversed()
    },

    /** One message by id, or undefined (unknown or expired). */
    get(id) {
      prune()
      return messages.find((message) => message.id === id)
    },
  }
}

const DAY_MS = 24 * 60 * 60 * 1000

/** A link of a mail, which must be http(s): the outbox makes it a button. */
function httpUrl(url) {
  const link = new URL(url)
  if (link.protocol !== "http:" && link.protocol !== "https:") throw new Error("A link in a mail must be http(s).")
  return link
}

/** The buttons of a `Password` mail on the outbox page, named for what each link does. */
function passwordMailLinks({ to, purpose, url, resetUrl }) {
  if (purpose === "verify-email") return [{ label: `Confirm the address ${to}`, href: url }]
  if (purpose === "reset-password") return [{ label: `Reset the password of ${to}`, href: url }]
  // account-exists: someone signed up with an address that has an account; its owner may sign in or reset.
  return [{ label: `Sign in as ${to}`, href: url }, ...(resetUrl ? [{ label: `Reset the password of ${to}`, href: resetUrl }] : [])]
}

/** Subject, plain text and HTML of the sign-in mail. */
function signInMail(link, expires) {
  const host = link.host
  const until = expires.toISOString().slice(11, 16)
  return {
    subject: `Sign in to ${host}`,
    text: `Sign in to ${host} with this link:\n\n${link.href}\n\nIt works once, until ${until} UTC.\nIf you did not ask for it, ignore this message.\n`,
    html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in to ${escape(host)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font:16px/1.5 system-ui,sans-serif;color:#111827">
<div style="max-width:32rem;margin:auto;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-size:20px">Sign in to <strong>${escape(host)}</strong></p>
<p style="margin:0 0 16px"><a href="${escape(link.href)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#2563eb;color:#fff;font-weight:600;text-decoration:none">Sign in</a></p>
<p style="margin:0;color:#4b5563">The link works once, until ${escape(until)} UTC. If you did not ask for it, ignore this message.</p>
</div>
</body></html>
`,
  }
}
