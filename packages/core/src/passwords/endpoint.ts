/** What every `Password` endpoint starts from: the provider of the request (or the configuration's), and link URLs. */
import type { Context } from "../context.js"
import { InvalidProvider, UnknownAction, UntrustedHost } from "../errors.js"
import { InvalidEmail, normalizeEmail } from "../email/normalize.js"
import { linkOrigin } from "../http/request.js"
import { passwordSetupOf, type PasswordSetup } from "./setup.js"

/** The `Password` provider this request is for; a configuration without one has no such endpoint. */
export async function setupFor(ctx: Context): Promise<PasswordSetup> {
  const { providerId, action } = ctx.req
  const named = action === "signup" ? providerId : undefined
  const setup = await passwordSetupOf(ctx.config, named)
  if (setup) return setup
  if (named !== undefined) throw new InvalidProvider(`"${named.slice(0, 100)}" is not a Password provider.`)
  throw new UnknownAction(`Unsupported action: ${ctx.req.method} ${action}: no Password provider is configured.`)
}

/**
 * `origin + basePath` for a link that leaves the request in a mail: the configured origin only (RT-02,
 * docs/design.md#links-that-leave-the-request), as for magic links.
 */
export function linkBase(ctx: Context): string {
  const { config } = ctx
  const origin = linkOrigin(ctx.req.origin, config.envUrl, config.production)
  if (!origin) {
    throw new UntrustedHost(
      "Password mails need the public URL of the app for their links: set AUTH_URL (e.g. AUTH_URL=https://app.example/auth). " +
        "The request's Host is never used for a link that leaves the request (outside production, only a localhost one is).",
    )
  }
  return `${origin}${config.basePath}`
}

/** The form's `email`, normalised as e-mail sign-in normalises it, or `undefined` when it is not an address. */
export function formEmail(ctx: Context): string | undefined {
  try {
    return normalizeEmail(ctx.req.body.email)
  } catch (error) {
    if (error instanceof InvalidEmail) return undefined
    throw error
  }
}

/** A form field as a string ("" when absent or not text). */
export function field(ctx: Context, name: string): string {
  const value = ctx.req.body[name]
  return typeof value === "string" ? value : ""
}
