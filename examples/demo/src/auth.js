/**
 * The demo's Gatehouse configuration: the Demo IdP (OIDC, when it runs) and a credentials provider, JWT sessions,
 * endpoints under `/auth`.
 *
 * No secret is written here. `AUTH_SECRET` comes from the environment; without it, outside production, Gatehouse
 * warns and uses a random per-process secret (sessions end when the server restarts). In production it refuses to run.
 */
import { CredentialsSignin, Gatehouse } from "@gatehouse/core"
import Credentials from "@gatehouse/core/providers/credentials"

export const AUTH_BASE_PATH = "/auth"

/** The provider id of the demo's own OpenID Provider: its callback is `/auth/callback/demo-idp`. */
export const DEMO_IDP_ID = "demo-idp"

/** Wrong username or wrong password — deliberately the same error, sent to the sign-in page as `?code=invalid_credentials`. */
export class InvalidCredentials extends CredentialsSignin {
  code = "invalid_credentials"
}

/**
 * Builds `{ handlers, auth, signIn, signOut, unstable_update }` around the given user directory, and around the
 * running Demo IdP (`{ issuer, clientId, clientSecret }`, see idp.js) unless `idp` is undefined.
 *
 * `secret` and `logger` exist for tests; the demo leaves both to the environment and the default logger.
 */
export function createAuth({ users, idp, secret, logger }) {
  return Gatehouse({
    basePath: AUTH_BASE_PATH,
    // The Express bridge builds the request URL from `req.protocol` and `req.host`, so Express's own
    // `trust proxy` setting decides whether forwarded headers count (see express-bridge.js).
    trustHost: true,
    secret,
    logger,
    session: { strategy: "jwt" },
    providers: [
      // First, so the sign-in page shows "Sign in with Demo IdP" above the password form.
      ...(idp ? [demoIdp(idp)] : []),
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
      // Consulted by `auth(handler)` only: pages wrapped with it need a session, others decide for themselves.
      authorized: ({ auth }) => !!auth,
      session({ session, token }) {
        if (token?.sub && session.user) session.user.id = token.sub
        return session
      },
    },
  })
}

/**
 * The Demo IdP as a Gatehouse OIDC provider: endpoints and keys come from its discovery document at
 * `<issuer>/.well-known/openid-configuration`; the profile (`sub`, `name`, `email`) from the ID token.
 */
function demoIdp({ issuer, clientId, clientSecret }) {
  return {
    id: DEMO_IDP_ID,
    name: "Demo IdP",
    type: "oidc",
    issuer,
    clientId,
    clientSecret,
    checks: ["pkce", "state", "nonce"],
  }
}
