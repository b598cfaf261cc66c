/**
 * Magic links through Forward Email's outbound SMTP API (`POST https://api.forwardemail.net/v1/emails`), with the
 * provider's fetch (its `[customFetch]`, a time-out, a cap on the answer). Needs an adapter, as every e-mail provider.
 *
 * Environment: `AUTH_FORWARDEMAIL_KEY` becomes `apiKey` (the API token of your account; sent as the Basic user name
 * with an empty password). `from` must be an alias on a domain with outbound SMTP enabled.
 *
 * @example
 * import ForwardEmail from "@gatehousejs/core/providers/forwardemail"
 *
 * Gatehouse({ adapter, providers: [ForwardEmail({ from: "Sign in <no-reply@example.com>" })] }) // AUTH_FORWARDEMAIL_KEY
 *
 * Quirks:
 * - The message fields are Nodemailer's (`from`, `to`, `subject`, `text`, `html`); `from` may carry a display name.
 * - Errors are `{ statusCode, error, message }`; the `message` is kept in the logged error, the token never is
 *   (Auth.js reads every error body as JSON, so a non-JSON answer replaces the real error with a parse error).
 * - Links live 10 minutes (`maxAge`), not Auth.js's 24 hours.
 */
import { apiKeyOf, parseSender, refusedSend } from "../email/http-service.js"
import { providerFetch } from "../oauth/http.js"
import { EMAIL_MAX_AGE, type EmailUserConfig } from "./email.js"
import { signInMessage } from "./email-message.js"
import type { EmailConfig, SendVerificationRequestParams } from "./types.js"

/** The Forward Email provider: one outbound e-mail request per link, HTML and text. */
export default function ForwardEmail(config: EmailUserConfig = {}): EmailConfig {
  return {
    id: "forwardemail",
    type: "email",
    name: "Forward Email",
    from: "Gatehouse <no-reply@localhost>",
    maxAge: EMAIL_MAX_AGE,
    sendVerificationRequest: sendWithForwardEmail,
    options: config as Partial<EmailConfig>,
  }
}

/** https://forwardemail.net/en/email-api#create-outbound-smtp-email */
async function sendWithForwardEmail(params: SendVerificationRequestParams): Promise<void> {
  const { identifier, url, token, provider, theme } = params
  const apiKey = apiKeyOf(provider, "Forward Email")
  // Sent as written (a display name included); parsing only refuses a malformed sender before it is sent.
  parseSender(provider.from)
  const message = signInMessage({ url, theme })
  const response = await providerFetch(provider)("https://api.forwardemail.net/v1/emails", {
    method: "POST",
    headers: { authorization: `Basic ${btoa(`${apiKey}:`)}`, "content-type": "application/json" },
    body: JSON.stringify({ from: provider.from, to: identifier, ...message }),
  })
  if (!response.ok) throw await refusedSend("Forward Email", response, [apiKey, url, token])
}
