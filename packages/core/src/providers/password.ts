/**
 * E-mail and password accounts, built in (docs/passwords.md): sign-up with a verified address, sign-in, forgot and
 * reset, change. A `credentials` provider whose sign-in Gatehouse does itself, so `signIn("password", { email,
 * password })` and `POST {basePath}/callback/password` work as for any credentials provider. Needs an adapter with the
 * password methods (the Gatehouse adapters have them) and the session registry; mail goes through `sendMail`, or the
 * transport of a configured Nodemailer provider.
 *
 * @example
 * Password({ sendMail: ({ to, subject, text, html }) => mailer.send({ to, subject, text, html }) })
 */
import { passwordOptionsKey } from "../passwords/is-password.js"
import type { PasswordOptions } from "../passwords/options.js"
import type { CredentialsConfig } from "./types.js"

export type { PasswordOptions }
export type { PasswordError, PasswordMail, PasswordMailPurpose } from "../passwords/types.js"

export { passwordOptionsKey }

export interface PasswordConfig extends CredentialsConfig<{ email: { label: string; type: string }; password: { label: string; type: string } }> {
  [passwordOptionsKey]: PasswordOptions
}

export interface PasswordUserConfig extends PasswordOptions {
  /** Default `"password"`. */
  id?: string
  /** Default `"Password"`. */
  name?: string
}

export default function Password(options: PasswordUserConfig = {}): PasswordConfig {
  const { id, name, ...password } = options
  return {
    id: "password",
    name: "Password",
    type: "credentials",
    credentials: {
      email: { label: "Email", type: "email", autocomplete: "username email", required: true } as { label: string; type: string },
      password: { label: "Password", type: "password", autocomplete: "current-password", required: true } as { label: string; type: string },
    },
    // Never called: the engine signs in with the stored hash (passwords/sign-in.ts). An app calling it gets no user.
    authorize: () => null,
    [passwordOptionsKey]: password,
    options: { ...(id !== undefined && { id }), ...(name !== undefined && { name }) },
  }
}
