/**
 * The example's Gatehouse configuration: `SvelteKitAuth({ … })` returns the `handle` hook (src/hooks.server.ts) and
 * the `signIn` / `signOut` form actions (src/routes/signin, src/routes/signout).
 *
 * - Providers: the Demo IdP (an OpenID Provider on loopback, started with the app by scripts/with-demo-idp.mjs, which
 *   sets AUTH_DEMO_IDP_ISSUER / _ID / _SECRET: the variables Gatehouse reads for the provider id `demo-idp`), magic
 *   links by e-mail (delivered to the outbox page, `/outbox`), and a username/password pair (alice / wonderland, bob /
 *   builder).
 * - Sessions are JWTs in an encrypted cookie: `locals.auth()` needs no database. The SQLite adapter keeps what has to
 *   outlive a request: the users and accounts made by e-mail and Demo IdP sign-ins, and the hashed e-mail tokens.
 * - The endpoints are under `/auth` (the default); our own pages for signing in and "check your email".
 *
 * No secret and no URL here: AUTH_SECRET and AUTH_URL come from `$env/dynamic/private` (the environment, or `.env`).
 */
import { mkdirSync } from "node:fs"
import { dirname, join } from "node:path"
import type { OIDCConfig } from "@gatehousejs/core"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { CredentialsSignin, SvelteKitAuth } from "@gatehousejs/sveltekit"
import Credentials from "@gatehousejs/sveltekit/providers/credentials"
import Email from "@gatehousejs/sveltekit/providers/email"
import { env } from "$env/dynamic/private"
import { outbox } from "$lib/server/outbox"
import { verifyUser } from "$lib/server/users"

/** Wrong username or wrong password: the same error, whichever it was. */
class InvalidCredentials extends CredentialsSignin {
  override code = "invalid_credentials"
}

// Relative to where the server runs (examples/sveltekit). The adapter opens the file on first use only, so
// `vite build` creates no database.
const databaseFile = env.EXAMPLE_DB || join(process.cwd(), "data", "gatehouse.sqlite")
if (databaseFile !== ":memory:") mkdirSync(dirname(databaseFile), { recursive: true })

// Endpoints and keys from the issuer's discovery document, the profile from the ID token.
const demoIdp: OIDCConfig = { id: "demo-idp", name: "Demo IdP", type: "oidc", checks: ["pkce", "state", "nonce"] }

const adapter = SqliteAdapter({ filename: databaseFile })

export const { handle, signIn, signOut } = SvelteKitAuth({
  adapter,
  session: { strategy: "jwt" },
  pages: { signIn: "/signin", verifyRequest: "/check-email" },
  providers: [
    // Without the IdP's variables (plain `vite dev`), no "Sign in with Demo IdP".
    ...(env.AUTH_DEMO_IDP_ISSUER ? [demoIdp] : []),
    Email({ id: "email", name: "Email", sendVerificationRequest: outbox.sendVerificationRequest }),
    Credentials({
      name: "Password",
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      async authorize({ username, password }) {
        const user = await verifyUser(adapter, username, password)
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
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub
      if (typeof token.provider === "string") session.provider = token.provider
      return session
    },
  },
})
