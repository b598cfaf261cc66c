/**
 * The example's Gatehouse configuration, handed to `initAuthConfig()` (see app.js). One object for the app's life:
 * `initAuthConfig((c) => config)` returns the same object for every request, so the engine resolves it once.
 *
 * - Providers: the Demo IdP (the demo's OpenID Provider on loopback, when it runs), e-mail links (delivered to the
 *   example's outbox page, `/outbox`), and a username/password pair (alice / wonderland, bob / builder).
 * - Sessions are JWTs in an encrypted cookie: a session check needs no database. The SQLite adapter keeps what must
 *   outlive a request: the users (the password users too, so that JWT sessions are recorded for "Your sessions"),
 *   accounts linked by the Demo IdP, and the hashed single-use e-mail tokens.
 * - The endpoints live under `/api/auth`, `@hono/auth-js`'s default: no `basePath` is set.
 *
 * No secret here: `AUTH_SECRET` comes from the environment (`env(c)`); outside production Gatehouse uses a development
 * secret when it is unset.
 */
import { CredentialsSignin } from "@gatehousejs/core"
import { Credentials, Email } from "@gatehousejs/core/providers"

export const AUTH_BASE_PATH = "/api/auth"
export const DEMO_IDP_ID = "demo-idp"
export const CHECK_EMAIL_PATH = "/check-email"

/** Wrong username or wrong password: the same error, shown on the sign-in page as `?code=invalid_credentials`. */
export class InvalidCredentials extends CredentialsSignin {
  code = "invalid_credentials"
}

/**
 * The configuration around the adapter, the user directory (examples/demo/src/users.js), the outbox
 * (examples/demo/src/outbox.js) and the running Demo IdP (`{ issuer, clientId, clientSecret }`, or undefined).
 * `logger` exists for tests.
 */
export function authConfig({ adapter, users, outbox, idp, logger }) {
  return {
    adapter,
    // With an adapter the default would be "database"; the example shows JWT sessions (`authUser.token`).
    session: { strategy: "jwt" },
    pages: { verifyRequest: CHECK_EMAIL_PATH },
    // Served directly on loopback: the Host header is the one the browser used. Behind a proxy, set AUTH_URL.
    trustHost: true,
    logger,
    providers: [
      ...(idp ? [demoIdp(idp)] : []),
      Email({ id: "email", name: "Email", sendVerificationRequest: outbox.sendVerificationRequest }),
      Credentials({
        name: "Password",
        credentials: {
          username: { label: "Username", type: "text", required: true, autocapitalize: "none", spellcheck: "false" },
          password: { label: "Password", type: "password", required: true },
        },
        async authorize({ username, password }) {
          const user = await users.verify(username, password)
          // Logged on the server; the browser gets only `error=CredentialsSignin&code=invalid_credentials`.
          if (!user) throw new InvalidCredentials("Unknown username or wrong password.")
          return user
        },
      }),
    ],
    callbacks: {
      // At sign-in, remember how: the token keeps it for the session's life.
      jwt({ token, account }) {
        if (account) token.provider = account.provider
        return token
      },
      // What the client sees at /api/auth/session, and `c.get("authUser").session` (changed in place here).
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub
        if (typeof token.provider === "string") session.provider = token.provider
        return session
      },
    },
  }
}

/** The Demo IdP as an OIDC provider: endpoints and keys from its discovery document, the profile from the ID token. */
function demoIdp({ issuer, clientId, clientSecret }) {
  return { id: DEMO_IDP_ID, name: "Demo IdP", type: "oidc", issuer, clientId, clientSecret, checks: ["pkce", "state", "nonce"] }
}
