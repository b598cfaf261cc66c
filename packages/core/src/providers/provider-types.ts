/**
 * `@gatehousejs/core/providers/provider-types`, as `@auth/core/providers/provider-types`: the ids of the built-in
 * providers. Types only.
 */
export type { OAuthProviderId } from "./provider-ids.js"

/**
 * The ids of the built-in e-mail providers (and, as in Auth.js, `passkey`). Auth.js lists `loops` among the OAuth
 * ids; Loops sends e-mail, so here it is listed with these.
 */
export type EmailProviderId = "email" | "forwardemail" | "loops" | "mailgun" | "nodemailer" | "passkey" | "postmark" | "resend" | "sendgrid"
