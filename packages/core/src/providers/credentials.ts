/**
 * The credentials provider: sign-in with whatever your `authorize` checks (a password, a one-time code, an API key).
 *
 * @example
 * Credentials({
 *   credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
 *   async authorize({ email, password }) {
 *     const user = await db.findUser(String(email))
 *     return user && (await verifyPassword(user.hash, String(password))) ? { id: user.id, email: user.email } : null
 *   },
 * })
 */
import type { CredentialInput, CredentialsConfig } from "./types.js"

export type { CredentialInput, CredentialsConfig }

export type CredentialsUserConfig<C extends Record<string, CredentialInput>> = Partial<Omit<CredentialsConfig<C>, "type" | "options">> &
  Pick<CredentialsConfig<C>, "authorize">

export default function Credentials<C extends Record<string, CredentialInput> = Record<string, CredentialInput>>(
  options: CredentialsUserConfig<C>,
): CredentialsConfig<C> {
  return {
    id: "credentials",
    name: "Credentials",
    type: "credentials",
    credentials: {} as C,
    authorize: () => null,
    options: options as Partial<CredentialsConfig<C>>,
  }
}
