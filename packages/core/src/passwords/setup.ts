/**
 * The `Password` provider of a configuration, resolved once: its rules, the hasher shared by the process, the breach
 * check, the mailer and the link lifetimes.
 */
import type { ResolvedConfig } from "../config/resolved-config.js"
import type { PasswordConfig } from "../providers/password.js"
import { passwordOptionsKey } from "./is-password.js"
import type { InternalProvider } from "../providers/normalize.js"
import type { EmailConfig } from "../providers/types.js"
import { isPasswordProvider } from "./is-password.js"
import { passwordHasher, type PasswordHasher } from "./hash.js"
import type { PasswordOptions } from "./options.js"
import { MAX_PASSWORD_LENGTH, passwordProblem, passwordRules, type PasswordRules } from "./rules.js"
import type { PasswordError, PasswordMail, PasswordRulesShown } from "./types.js"

export interface PasswordSetup {
  provider: PasswordConfig & InternalProvider
  options: PasswordOptions
  rules: PasswordRules
  shown: PasswordRulesShown
  hasher: PasswordHasher
  requireVerifiedEmail: boolean
  /** Seconds. */
  resetMaxAge: number
  verifyMaxAge: number
  send: (mail: PasswordMail) => Promise<void>
  /** What is wrong with a new password: the rules, or `unavailable` when a fail-closed breach check could not answer. */
  problem: (password: string) => Promise<PasswordError | undefined>
}

/** One hasher per process: its queue bounds the hashes in flight across every configuration. */
let hasher: PasswordHasher | undefined

const setups = new WeakMap<object, PasswordSetup>()

/** The configuration's `Password` provider, resolved; `undefined` without one. */
export async function passwordSetupOf(config: ResolvedConfig, providerId?: string): Promise<PasswordSetup | undefined> {
  const found = providerId === undefined ? config.providers.find(isPasswordProvider) : config.providersById.get(providerId)
  if (!isPasswordProvider(found)) return undefined
  const provider = found as PasswordConfig & InternalProvider
  let setup = setups.get(provider)
  if (!setup) {
    const options = provider[passwordOptionsKey]
    const { breachedCheckOf, BreachCheckUnavailable } = await import("./breached.js")
    const rules = passwordRules({ minLength: options.minLength, breached: breachedCheckOf(options.breachedPasswords, config.logger) })
    setup = {
      provider,
      options,
      rules,
      shown: { minLength: rules.minLength, maxLength: MAX_PASSWORD_LENGTH },
      hasher: (hasher ??= passwordHasher()),
      requireVerifiedEmail: options.requireVerifiedEmail !== false,
      resetMaxAge: options.resetMaxAge ?? 3600,
      verifyMaxAge: options.verifyMaxAge ?? 86_400,
      send: mailerOf(config, options),
      async problem(password) {
        try {
          return await passwordProblem(password, rules)
        } catch (error) {
          if (error instanceof BreachCheckUnavailable) return "unavailable"
          throw error
        }
      },
    }
    setups.set(provider, setup)
  }
  return setup
}

/** `sendMail`, or the transport of the configuration's Nodemailer provider (validate.ts made sure one exists). */
function mailerOf(config: ResolvedConfig, options: PasswordOptions): (mail: PasswordMail) => Promise<void> {
  if (options.sendMail) return async (mail) => void (await options.sendMail!(mail))
  const email = config.providers.find((p): p is EmailConfig & InternalProvider => p.type === "email" && (p as EmailConfig).server !== undefined)
  return async (mail) => {
    const { transportOf } = await import("../email/nodemailer-transport.js")
    const transport = await transportOf(email?.server)
    const result = await transport.sendMail({ to: mail.to, from: email?.from, subject: mail.subject, text: mail.text, html: mail.html })
    const failed = [...(result.rejected ?? []), ...(result.pending ?? [])].filter(Boolean)
    if (failed.length) throw new Error(`The mail server refused the message (${failed.length} recipient(s)).`)
  }
}
