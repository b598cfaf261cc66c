/**
 * The sign-in providers the demo shares with the other examples that run on its pieces (examples/hono): the Demo IdP
 * (idp.js) as an OIDC provider, e-mail links delivered to the outbox (outbox.js), Gatehouse's `Password` provider with
 * its mails delivered to the outbox too (the demo), and a password form checked against the user directory of
 * users.js (examples/hono, which has no `Password` provider yet). Each example still writes its own configuration
 * around them — session strategy, pages, callbacks — and its framework's setup; only what the demo's pieces dictate is
 * here.
 *
 * @example
 * providers: [...(idp ? [demoIdpProvider(idp)] : []), outboxEmailProvider(outbox), outboxPasswordProvider(outbox)]
 */
import { CredentialsSignin } from "@gatehousejs/core"
import { Credentials, Email } from "@gatehousejs/core/providers"
import Password from "@gatehousejs/core/providers/password"

/** The provider id of the Demo IdP: its callback is `<basePath>/callback/demo-idp`, which idp.js registers. */
export const DEMO_IDP_ID = "demo-idp"

/** Wrong username or wrong password — deliberately the same error, sent to the sign-in page as `?code=invalid_credentials`. */
export class InvalidCredentials extends CredentialsSignin {
  code = "invalid_credentials"
}

/**
 * The running Demo IdP (`{ issuer, clientId, clientSecret }`, see idp.js) as a Gatehouse OIDC provider: endpoints and
 * keys come from its discovery document at `<issuer>/.well-known/openid-configuration`; the profile (`sub`, `name`,
 * `email`) from the ID token.
 */
export function demoIdpProvider({ issuer, clientId, clientSecret }) {
  return { id: DEMO_IDP_ID, name: "Demo IdP", type: "oidc", issuer, clientId, clientSecret, checks: ["pkce", "state", "nonce"] }
}

/** Magic links (10 minutes, single use, stored hashed), "mailed" to the outbox (`createOutbox()`, see outbox.js). */
export function outboxEmailProvider(outbox) {
  return Email({ id: "email", name: "Email", sendVerificationRequest: outbox.sendVerificationRequest })
}

/**
 * Gatehouse's e-mail and password accounts (docs/passwords.md): sign-up, the link confirming the address, sign-in,
 * forgot and reset, change. Its mails go to the outbox, where their links are buttons. The rules are the provider's
 * defaults: 15 characters or more, none of the common passwords.
 */
export function outboxPasswordProvider(outbox) {
  return Password({ sendMail: outbox.sendMail })
}

/**
 * examples/hono's "Sign in with Password": a username and password checked against the user directory of users.js
 * (`createUserDirectory()`). The demo itself uses `outboxPasswordProvider`.
 */
export function passwordProvider(users) {
  return Credentials({
    name: "Password",
    credentials: {
      username: { label: "Username", type: "text", required: true, autocapitalize: "none", spellcheck: "false" },
      password: { label: "Password", type: "password", required: true },
    },
    async authorize({ username, password }) {
      // A stored user (see `ensureDemoUsers`): a database session, or a JWT session the registry records, points at it.
      const user = await users.verify(username, password)
      // Logged on the server; the browser gets only `error=CredentialsSignin&code=invalid_credentials`.
      if (!user) throw new InvalidCredentials("Unknown username or wrong password.")
      return user
    },
  })
}
