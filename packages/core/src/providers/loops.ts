/**
 * Magic links through a Loops transactional e-mail (`POST https://app.loops.so/api/v1/transactional`), with the
 * provider's fetch (its `[customFetch]`, a time-out, a cap on the answer). Needs an adapter, as every e-mail provider.
 *
 * The message is yours: design it in Loops as a transactional e-mail with a data variable named `url` where the
 * sign-in link goes, publish it, and pass its id as `transactionalId`. Loops sends it from the sender set there; `from`
 * and the theme are not used.
 *
 * Environment: `AUTH_LOOPS_KEY` becomes `apiKey`. `transactionalId` is not read from the environment (as in Auth.js):
 * pass it, e.g. from `AUTH_LOOPS_TRANSACTIONAL_ID`.
 *
 * @example
 * import Loops from "@gatehousejs/core/providers/loops"
 *
 * Gatehouse({ adapter, providers: [Loops({ transactionalId: process.env.AUTH_LOOPS_TRANSACTIONAL_ID })] }) // AUTH_LOOPS_KEY
 *
 * Quirks:
 * - Without `transactionalId` or an API key nothing is sent, and the logged error says which one is missing.
 * - Errors are `{ success: false, message }`; the `message` is kept in the logged error, the key never is.
 * - Links live 10 minutes (`maxAge`), not Auth.js's 24 hours: say so in the template if it mentions a lifetime.
 */
import { apiKeyOf, refusedSend } from "../email/http-service.js"
import { providerFetch } from "../oauth/http.js"
import { EMAIL_MAX_AGE } from "./email.js"
import type { EmailConfig, SendVerificationRequestParams } from "./types.js"

/** The Loops provider as configured: an e-mail provider with the id of its transactional e-mail. */
export interface LoopsConfig extends Omit<EmailConfig, "options"> {
  /** The id of the published transactional e-mail (Loops → Transactional → the e-mail → "API"). */
  transactionalId: string
  options: LoopsUserConfig
}

export type LoopsUserConfig = Omit<Partial<LoopsConfig>, "options" | "type">

/** The Loops provider: one transactional send per link, the link as the data variable `url`. */
export default function Loops(config: LoopsUserConfig = {}): LoopsConfig {
  return {
    id: "loops",
    type: "email",
    name: "Loops",
    maxAge: EMAIL_MAX_AGE,
    transactionalId: config.transactionalId ?? "",
    sendVerificationRequest: sendWithLoops,
    options: config,
  }
}

/** https://loops.so/docs/api-reference/send-transactional-email */
async function sendWithLoops(params: SendVerificationRequestParams): Promise<void> {
  const { identifier, url, token, provider } = params
  const apiKey = apiKeyOf(provider, "Loops")
  const transactionalId = (provider as Partial<LoopsConfig>).transactionalId
  if (typeof transactionalId !== "string" || !transactionalId) {
    throw new Error("The Loops provider needs transactionalId: the id of the transactional e-mail published in Loops.")
  }
  const response = await providerFetch(provider)("https://app.loops.so/api/v1/transactional", {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ transactionalId, email: identifier, dataVariables: { url } }),
  })
  if (!response.ok) throw await refusedSend("Loops", response, [apiKey, url, token])
}
