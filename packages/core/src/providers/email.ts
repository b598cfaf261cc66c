/**
 * A magic-link provider with your own transport: `sendVerificationRequest` receives the address, the link and the
 * theme, and sends the mail. Links live 10 minutes by default (ASVS 5.0; `maxAge` overrides). Needs an adapter.
 *
 * @example
 * Email({ sendVerificationRequest: async ({ identifier, url }) => mailer.send(identifier, url) })
 */
import type { EmailConfig } from "./types.js"

export type { EmailConfig, SendVerificationRequestParams } from "./types.js"

export type EmailUserConfig = Partial<Omit<EmailConfig, "type" | "options">>

/** Default lifetime of a magic link, in seconds. */
export const EMAIL_MAX_AGE = 10 * 60

export default function Email(options: EmailUserConfig & Pick<EmailConfig, "sendVerificationRequest">): EmailConfig {
  return {
    id: "email",
    name: "Email",
    type: "email",
    maxAge: EMAIL_MAX_AGE,
    sendVerificationRequest: options.sendVerificationRequest,
    options,
  }
}
