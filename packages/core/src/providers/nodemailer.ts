/**
 * Magic links over SMTP with `nodemailer` (an optional peer dependency: `npm install nodemailer`).
 *
 * `server` is a nodemailer transport: an SMTP URL (`smtp://user:pass@smtp.example.com:587`), transport options, or a
 * ready transport. Environment: `AUTH_NODEMAILER_…` is not read; pass `server` and `from` explicitly.
 *
 * @example
 * Nodemailer({ server: process.env.EMAIL_SERVER, from: "Sign in <no-reply@example.com>" })
 */
import type { EmailConfig, SendVerificationRequestParams } from "./types.js"
import { EMAIL_MAX_AGE } from "./email.js"
import { signInMessage } from "./email-message.js"
import { transportOf, type Transport } from "../email/nodemailer-transport.js"

export interface NodemailerConfig extends Omit<EmailConfig, "type" | "options" | "sendVerificationRequest"> {
  /** SMTP URL, nodemailer transport options, or a transport with `sendMail`. */
  server?: string | Record<string, unknown> | Transport
  from?: string
  sendVerificationRequest?: EmailConfig["sendVerificationRequest"]
}

export type NodemailerUserConfig = Partial<NodemailerConfig>

export default function Nodemailer(options: NodemailerUserConfig): EmailConfig {
  return {
    id: "nodemailer",
    name: "Nodemailer",
    type: "email",
    from: "Gatehouse <no-reply@localhost>",
    maxAge: EMAIL_MAX_AGE,
    server: { host: "localhost", port: 25, auth: { user: "", pass: "" } },
    sendVerificationRequest: sendWithNodemailer,
    options: options as Partial<EmailConfig>,
  }
}

async function sendWithNodemailer(params: SendVerificationRequestParams): Promise<void> {
  const { identifier, url, provider, theme } = params
  const transport = await transportOf(provider.server)
  const message = signInMessage({ url, theme })
  const result = await transport.sendMail({ to: identifier, from: provider.from, ...message })
  const failed = [...(result.rejected ?? []), ...(result.pending ?? [])].filter(Boolean)
  if (failed.length) throw new Error(`The mail server refused the message (${failed.length} recipient(s)).`)
}
