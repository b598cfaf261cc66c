/**
 * Magic links through Mailgun's Messages API (`POST https://api.mailgun.net/v3/{domain}/messages`, or
 * `api.eu.mailgun.net` for `region: "EU"`), with the provider's fetch (its `[customFetch]`, a time-out, a cap on the
 * answer). Needs an adapter, as every e-mail provider.
 *
 * Environment: `AUTH_MAILGUN_KEY` becomes `apiKey` (a Mailgun API key; sent as Basic `api:<key>`).
 *
 * @example
 * import Mailgun from "@gatehousejs/core/providers/mailgun"
 *
 * Gatehouse({ adapter, providers: [Mailgun({ from: "Sign in <no-reply@mg.example.com>" })] }) // AUTH_MAILGUN_KEY
 * Mailgun({ from: "Sign in <no-reply@example.com>", domain: "mg.example.com", region: "EU" })
 *
 * Quirks:
 * - The sending domain is part of the URL. It is `domain` when given, else the domain of the `from` address. Auth.js
 *   takes whatever follows the first `@` of `from`, so a `"Name <address>"` sender (its own default included) yields
 *   a domain ending in `>`, and it wraps `from` in another `Provider name <…>`; here `from` is sent as written.
 * - A domain created in the EU region answers only on `api.eu.mailgun.net`: pass `region: "EU"`.
 * - The body is `multipart/form-data`. Errors are `{ message }` (some are plain text); the reason is kept in the
 *   logged error, the key never is.
 * - Links live 10 minutes (`maxAge`), not Auth.js's 24 hours.
 */
import { apiKeyOf, parseSender, refusedSend } from "../email/http-service.js"
import { providerFetch } from "../oauth/http.js"
import { EMAIL_MAX_AGE, type EmailUserConfig } from "./email.js"
import { signInMessage } from "./email-message.js"
import type { EmailConfig, SendVerificationRequestParams } from "./types.js"

export type MailgunUserConfig = EmailUserConfig & {
  /** Where the Mailgun domain was created. Default `"US"`. */
  region?: "US" | "EU"
  /** The Mailgun sending domain (`mg.example.com`). Default: the domain of the `from` address. */
  domain?: string
}

const servers = { US: "api.mailgun.net", EU: "api.eu.mailgun.net" } as const

/** The Mailgun provider: one Messages request per link, HTML and text. */
export default function MailGun(config: MailgunUserConfig = {}): EmailConfig {
  const server = servers[config.region ?? "US"]
  if (!server) throw new TypeError(`Mailgun: region must be "US" or "EU", not ${JSON.stringify(config.region)}.`)
  return {
    id: "mailgun",
    type: "email",
    name: "Mailgun",
    from: "Gatehouse <no-reply@localhost>",
    maxAge: EMAIL_MAX_AGE,
    sendVerificationRequest: (params) => sendWithMailgun(params, server),
    options: config as Partial<EmailConfig>,
  }
}

/** https://documentation.mailgun.com/docs/mailgun/api-reference/openapi-final/tag/Messages/ */
async function sendWithMailgun(params: SendVerificationRequestParams, server: string): Promise<void> {
  const { identifier, url, token, provider, theme } = params
  const apiKey = apiKeyOf(provider, "Mailgun")
  const sender = parseSender(provider.from)
  const configured = (provider as EmailConfig & { domain?: unknown }).domain
  const domain = typeof configured === "string" && configured ? configured : sender.address.split("@")[1]!
  if (!/^[a-z0-9.-]+$/i.test(domain)) throw new Error(`Mailgun: ${JSON.stringify(domain)} is not a sending domain.`)
  const message = signInMessage({ url, theme })
  const form = new FormData()
  form.append("from", provider.from ?? "")
  form.append("to", identifier)
  form.append("subject", message.subject)
  form.append("text", message.text)
  form.append("html", message.html)
  const response = await providerFetch(provider)(`https://${server}/v3/${domain}/messages`, {
    method: "POST",
    headers: { authorization: `Basic ${btoa(`api:${apiKey}`)}` },
    body: form,
  })
  if (!response.ok) throw await refusedSend("Mailgun", response, [apiKey, url, token])
}
