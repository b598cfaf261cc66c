/**
 * What a configuration with a `Password` provider needs, named at start rather than at the first sign-up: an adapter
 * with the password methods and verification tokens, the session registry (a reset revokes every session, PW-04),
 * somewhere to send mail, and valid options.
 */
import { passwordAdapterMethods, type Adapter } from "../adapters.js"
import type { ResolvedConfig } from "../config/resolved-config.js"
import { AuthError, MissingAdapter, MissingAdapterMethods } from "../errors.js"
import type { PasswordConfig } from "../providers/password.js"
import { passwordOptionsKey } from "./is-password.js"
import { LOWEST_MIN_LENGTH, MAX_PASSWORD_LENGTH } from "./rules.js"

const needed = ["createUser", "getUser", "getUserByEmail", "updateUser", "createVerificationToken", "useVerificationToken", ...passwordAdapterMethods] as const

export function passwordProblems(resolved: ResolvedConfig, providers: PasswordConfig[]): AuthError[] {
  const problems: AuthError[] = []
  if (providers.length > 1) problems.push(new AuthError("Only one Password provider can be configured."))
  const adapter: Adapter | undefined = resolved.adapter
  if (!adapter) {
    problems.push(new MissingAdapter("The Password provider stores users and their passwords: it needs a database adapter (`adapter`)."))
  } else {
    const missing = needed.filter((m) => typeof adapter[m] !== "function")
    if (missing.length) {
      problems.push(
        new MissingAdapterMethods(
          `The Password provider needs the adapter methods ${missing.join(", ")}. The Gatehouse adapters (SQLite, PostgreSQL, Redis) have them after migrate(); for another adapter see docs/passwords.md.`,
        ),
      )
    }
  }
  if (!resolved.sessionRegistry) {
    problems.push(
      new AuthError(
        resolved.session.strategy === "jwt"
          ? "The Password provider with JWT sessions needs the session registry, so that a password reset can sign out every session: pass a sessionStore (PostgresSessionStore, RedisSessionStore, SqliteSessionStore) or an adapter with the registry methods (docs/sessions.md)."
          : "The Password provider needs an adapter with the session registry methods (listSessions, deleteUserSessions), so that a password reset can sign out every session (docs/sessions.md).",
      ),
    )
  }
  for (const provider of providers) {
    const options = provider[passwordOptionsKey]
    const hasTransport = resolved.providers.some((p) => p.type === "email" && (p as { server?: unknown }).server !== undefined)
    if (typeof options.sendMail !== "function" && !hasTransport) {
      problems.push(new AuthError("The Password provider sends verification and reset mails: give it `sendMail`, or configure a Nodemailer provider whose transport it uses."))
    }
    const min = options.minLength
    if (min !== undefined && (!Number.isSafeInteger(min) || min < LOWEST_MIN_LENGTH || min > MAX_PASSWORD_LENGTH)) {
      problems.push(new AuthError(`Password minLength must be a whole number from ${LOWEST_MIN_LENGTH} to ${MAX_PASSWORD_LENGTH} (NIST SP 800-63B-4 §3.1.1.2).`))
    }
    for (const name of ["resetMaxAge", "verifyMaxAge"] as const) {
      const value = options[name]
      if (value !== undefined && !(Number.isFinite(value) && value > 0)) problems.push(new AuthError(`Password ${name} must be a positive number of seconds.`))
    }
  }
  return problems
}
