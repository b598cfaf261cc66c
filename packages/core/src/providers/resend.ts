/**
 * Magic links through the Resend HTTP API, with the provider's fetch (its `[customFetch]`, a time-out).
 *
 * Environment: `AUTH_RESEND_KEY` becomes `apiKey`.
 *
 * @example
 * Resend({ from: "Sign in <no-reply@example.com>" }) // apiKey from AUTH_RESEND_KEY
 */
import { apiKeyOf, parseSender, refusedSend } from "../email/http-service.js"
import { providerFetch } from "../oauth/http.js"
import { EMAIL_MAX_AGE } from "./email.js"
import { signInMessage } from "./email-message.js"
import type { EmailConfig, SendVerificationRequestParams } from "./types.js"

export type ResendUserConfig = Partial<Omit<EmailConfig, "type" | "options">>

export default function Resend(options: ResendUserConfig = {}): EmailConfig {
  return {
    id: "resend",
    name: "Resend",
    type: "email",
    from: "Gatehouse <no-reply@localhost>",
    maxAge: EMAIL_MAX_AGE,
    sendVerificationRequest: sendWithResend,
    options: options as Partial<EmailConfig>,
  }
}

async function sendWithResend(params: SendVerificationRequestParams): Promise<void> {
  const { identifier, url, token, provider, theme } = params
  const apiKey = apiKeyOf(provider, "Resend")
  // Resend takes "Name <address>" as it is; parsing only refuses a malformed sender before it is sent.
  parseSender(provider.from)
  const message = signInMessage({ url, theme })
  const response = await providerFetch(provider)("https://api.resend.com/emails", {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ from: provider.from, to: identifier, ...message }),
  })
  if (!response.ok) throw await refusedSend("Resend", response, [apiKey, url, token])
}
