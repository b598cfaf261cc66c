/**
 * The example's "mail": instead of sending the sign-in e-mail, the Email provider's `sendVerificationRequest` keeps it
 * in memory, and the `/outbox` page lists it, so that a magic link can be clicked with no mail server and no network.
 * Anyone who can open `/outbox` can sign in as anyone: fine on a loopback demo, never in a real app (use the
 * Nodemailer or Resend provider there, and keep no copy).
 *
 * One outbox per server process, kept on `globalThis`: Next.js may load this module more than once (once for the
 * route handler that "sends" the mail, once for the page that lists it; again after a hot reload in `next dev`).
 */
import type { SendVerificationRequestParams } from "@gatehousejs/core/providers/email"

export interface OutboxMessage {
  id: string
  to: string
  link: string
  expires: Date
}

const LIMIT = 50
const key = Symbol.for("gatehouse.example.outbox")
const store = globalThis as typeof globalThis & { [key]?: OutboxMessage[] }

function messages(): OutboxMessage[] {
  const now = Date.now()
  store[key] = (store[key] ?? []).filter((message) => message.expires.valueOf() > now).slice(-LIMIT)
  return store[key]
}

/** The Email provider's transport: stores the message instead of sending it. */
export async function sendVerificationRequest({ identifier, url, expires }: SendVerificationRequestParams): Promise<void> {
  const link = new URL(url)
  if (link.protocol !== "http:" && link.protocol !== "https:") throw new Error("A sign-in link must be http(s).")
  messages().push({ id: crypto.randomUUID(), to: identifier, link: link.href, expires })
}

/** The messages whose link has not expired, newest first. */
export function listOutbox(): OutboxMessage[] {
  return messages().toReversed()
}
