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
// The demo's providers (the Demo IdP, e-mail to the outbox, the password form), as the demo's pieces need them.
import { demoIdpProvider, outboxEmailProvider, passwordProvider } from "../../demo/src/providers.js"

export const AUTH_BASE_PATH = "/api/auth"
export const CHECK_EMAIL_PATH = "/check-email"

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
      ...(idp ? [demoIdpProvider(idp)] : []),
      outboxEmailProvider(outbox),
      passwordProvider(users),
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
