/**
 * Magic links through Twilio SendGrid's v3 Mail Send API (`POST https://api.sendgrid.com/v3/mail/send`), with the
 * provider's fetch (its `[customFetch]`, a time-out, a cap on the answer). Needs an adapter, as every e-mail provider.
 *
 * Environment: `AUTH_SENDGRID_KEY` becomes `apiKey` (an API key with the "Mail Send" permission). `from` must be a
 * verified Sender Identity or an address on an authenticated domain.
 *
 * @example
 * import SendGrid from "@gatehousejs/core/providers/sendgrid"
 *
 * Gatehouse({ adapter, providers: [SendGrid({ from: "Sign in <no-reply@example.com>" })] }) // AUTH_SENDGRID_KEY
 *
 * Quirks:
 * - SendGrid takes the sender as an object, `{ email, name }`. Auth.js puts the whole `from` string into `email`, so
 *   its own default (`"Auth.js <no-reply@authjs.dev>"`) or any `"Name <address>"` sender is refused with a 400; here
 *   `from` is split into the two fields.
 * - The plain-text part comes first in `content`, as SendGrid requires when both are sent.
 * - Success is `202 Accepted` with an empty body; errors are `{ errors: [{ message, field }] }`, and their messages
 *   are kept in the logged error (the API key never is).
 * - Links live 10 minutes (`maxAge`), not Auth.js's 24 hours.
 */
import { apiKeyOf, parseSender, refusedSend } from "../email/http-service.js"
import { providerFetch } from "../oauth/http.js"
import { EMAIL_MAX_AGE, type EmailUserConfig } from "./email.js"
import { signInMessage } from "./email-message.js"
import type { EmailConfig, SendVerificationRequestParams } from "./types.js"

/** The SendGrid provider: one Mail Send request per link, HTML and text. */
export default function SendGrid(config: EmailUserConfig = {}): EmailConfig {
  return {
    id: "sendgrid",
    type: "email",
    name: "SendGrid",
    from: "Gatehouse <no-reply@localhost>",
    maxAge: EMAIL_MAX_AGE,
    sendVerificationRequest: sendWithSendGrid,
    options: config as Partial<EmailConfig>,
  }
}

/** https://www.twilio.com/docs/sendgrid/api-reference/mail-send/mail-send */
async function sendWithSendGrid(params: SendVerificationRequestParams): Promise<void> {
  const { identifier, url, token, provider, theme } = params
  const apiKey = apiKeyOf(provider, "SendGrid")
  const sender = parseSender(provider.from)
  const message = signInMessage({ url, theme })
  const response = await providerFetch(provider)("https://api.sendgrid.com/v3/mail/send", {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({
      personalizations: [{ to: [{ email: identifier }] }],
      from: sender.name ? { email: sender.address, name: sender.name } : { email: sender.address },
      subject: message.subject,
      content: [
        { type: "text/plain", value: message.text },
        { type: "text/html", value: message.html },
      ],
    }),
  })
  if (!response.ok) throw await refusedSend("SendGrid", response, [apiKey, url, token])
}
