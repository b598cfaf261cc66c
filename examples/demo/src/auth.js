/**
 * The demo's Gatehouse configuration: the Demo IdP (OIDC, when it runs), e-mail links, e-mail and password accounts
 * (Gatehouse's `Password` provider: sign-up, confirm the address, forgot and reset) and passkeys (WebAuthn, experimental, switched on for the demo); database sessions in the SQLite adapter; endpoints under
 * `/auth`, through `@gatehousejs/express`.
 *
 * No secret is written here. `AUTH_SECRET` comes from the environment; without it, outside production, Gatehouse
 * warns and uses a random per-process secret (CSRF tokens and e-mail links made before a restart stop working; the
 * sessions, being rows in the database, do not depend on it). In production it refuses to run.
 */
import { Passkey } from "@gatehousejs/core/providers"
import { ExpressAuth } from "@gatehousejs/express"
import { demoIdpProvider, outboxEmailProvider, outboxPasswordProvider } from "./providers.js"
import { createSignInMethods } from "./sign-in-methods.js"

export { DEMO_IDP_ID } from "./providers.js"

export const AUTH_BASE_PATH = "/auth"

/** The demo's "Check your email" page (`pages.verifyRequest`), which leads to the outbox. */
export const CHECK_EMAIL_PATH = "/check-email"

/**
 * Builds `ExpressAuth()`'s `{ handlers, auth, sessionMiddleware, signIn, signOut, unstable_update, getCsrfToken }`
 * around the database adapter (users, their passwords, sessions), the outbox (the e-mail transport, see outbox.js) and the running
 * Demo IdP (`{ issuer, clientId, clientSecret }`, see idp.js) unless `idp` is undefined.
 *
 * `secret` and `logger` exist for tests; the demo leaves both to the environment and the default logger.
 */
export function createAuth({ adapter, outbox, idp, secret, logger }) {
  // How each user last signed in, for the home page: a session row does not say (see sign-in-methods.js).
  const methods = createSignInMethods()
  return ExpressAuth({
    // Where app.js mounts the handlers; said here too for the helpers called before any auth request arrived.
    basePath: AUTH_BASE_PATH,
    // `@gatehousejs/express` builds the request URL from `req.protocol` and the host as Express sees them, so Express's
    // own `trust proxy` setting decides whether forwarded headers count; a client cannot add them behind its back.
    trustHost: true,
    secret,
    logger,
    adapter,
    // The default with an adapter, said out loud: the cookie holds an opaque token, the session is a database row.
    session: { strategy: "database" },
    pages: { verifyRequest: CHECK_EMAIL_PATH },
    // Passkeys are experimental in Gatehouse (as in Auth.js): off unless asked for. The demo asks.
    experimental: { enableWebAuthn: true },
    providers: [
      // First, so the sign-in page shows "Sign in with Demo IdP" above the e-mail and password forms.
      ...(idp ? [demoIdpProvider(idp)] : []),
      // Magic links; the "mail" goes to the demo's outbox.
      outboxEmailProvider(outbox),
      // E-mail and password: alice and bob (accounts.js), or an account made on /auth/signup and confirmed by the link
      // its mail brings to the outbox; "Forgot your password?" mails a reset link there too. Its forms are the built-in
      // pages; the sign-up's "Check your email" is the demo's (`pages.verifyRequest`).
      outboxPasswordProvider(outbox),
      // Passkeys: "Create a passkey" for a typed address holds the new passkey in this browser and e-mails the address a
      // link (to the outbox); opening it here signs in and attaches the passkey (RT-01: a typed address proves nothing).
      // "Sign in with Passkey" and the field's autofill sign in with any passkey of the site. The relying party is the
      // host the browser used (localhost).
      Passkey({
        formFields: {
          email: { label: "Your e-mail for the passkey", type: "email", required: true, autocomplete: "username webauthn" },
        },
      }),
    ],
    callbacks: {
      // What the client sees (`/auth/session`, `auth(req, res)`): the stored user and the expiry — never the session
      // token or the row itself — and how this session was signed in to.
      session({ session, user }) {
        return {
          user: { id: user.id, name: user.name ?? null, email: user.email ?? null, image: user.image ?? null },
          expires: new Date(session.expires).toISOString(),
          signedInWith: methods.methodOf(user.id),
        }
      },
    },
    events: { signIn: methods.signInEvent },
  })
}
