/**
 * Magic links through Postmark's Email API (`POST https://api.postmarkapp.com/email`), with the provider's fetch (its
 * `[customFetch]`, a time-out, a cap on the answer). Needs an adapter, as every e-mail provider.
 *
 * Environment: `AUTH_POSTMARK_KEY` becomes `apiKey`: the Server API token (sent as `X-Postmark-Server-Token`), not
 * the account token. `from` must be a confirmed Sender Signature or an address on a verified domain.
 *
 * @example
 * import Postmark from "@gatehousejs/core/providers/postmark"
 *
 * Gatehouse({ adapter, providers: [Postmark({ from: "Sign in <no-reply@example.com>" })] }) // AUTH_POSTMARK_KEY
 *
 * Quirks:
 * - The message goes to the server's default transactional stream, `outbound`.
 * - Errors are `{ ErrorCode, Message }` (422 for a refused message, 401 for a wrong token); the `Message` is kept in
 *   the logged error, the token never is.
 * - Links live 10 minutes (`maxAge`), not Auth.js's 24 hours.
 */
import { apiKeyOf, parseSender, refusedSend } from "../email/http-service.js"
import { providerFetch } from "../oauth/http.js"
import { EMAIL_MAX_AGE, type EmailUserConfig } from "./email.js"
import { signInMessage } from "./email-message.js"
import type { EmailConfig, SendVerificationRequestParams } from "./types.js"

/** The Postmark provider: one `/email` request per link, HTML and text. */
export default function Postmark(config: EmailUserConfig = {}): EmailConfig {
  return {
    id: "postmark",
    type: "email",
    name: "Postmark",
    from: "Gatehouse <no-reply@localhost>",
    maxAge: EMAIL_MAX_AGE,
    sendVerificationRequest: sendWithPostmark,
    options: config as Partial<EmailConfig>,
  }
}

/** https://postmarkapp.com/developer/user-guide/send-email-with-api */
async function sendWithPostmark(params: SendVerificationRequestParams): Promise<void> {
  const { identifier, url, token, provider, theme } = params
  const apiKey = apiKeyOf(provider, "Postmark")
  // Postmark takes "Name <address>" as it is; parsing only refuses a malformed sender before it is sent.
  parseSender(provider.from)
  const message = signInMessage({ url, theme })
  const response = await providerFetch(provider)("https://api.postmarkapp.com/email", {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json", "x-postmark-server-token": apiKey },
    body: JSON.stringify({
      From: provider.from,
      To: identifier,
      Subject: message.subject,
      TextBody: message.text,
      HtmlBody: message.html,
      MessageStream: "outbound",
    }),
  })
  if (!response.ok) throw await refusedSend("Postmark", response, [apiKey, url, token])
}
