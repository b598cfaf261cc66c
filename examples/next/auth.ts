/**
 * The example's Gatehouse configuration, used by the route handler (`app/api/auth/[...nextauth]/route.ts`), the
 * proxy (`proxy.ts`), server components and server actions: `import { auth, signIn, signOut } from "@/auth"`.
 *
 * - Providers: the Demo IdP (an OpenID Provider on loopback, when `npm run dev` / `npm start` started it: see
 *   scripts/with-demo-idp.mjs), magic links by e-mail (delivered to the local outbox page, `/outbox`), e-mail and
 *   password accounts (Gatehouse's `Password` provider: sign-up, the link confirming the address, forgot and reset, on
 *   its built-in pages under /api/auth, their mails in the outbox; alice and bob are seeded by the start script), and
 *   passkeys (WebAuthn, experimental: the users and their authenticators in the adapter, the ceremony run in the
 *   browser by components/passkey-sign-in.tsx).
 * - Sessions are JWTs in an encrypted cookie (`session.strategy: "jwt"`): checking one needs no database, so the
 *   proxy, every server component and the client's `/api/auth/session` read it from the cookie alone. The SQLite
 *   adapter stores what has to outlive a request: the users, their accounts and password hashes, the (hashed,
 *   single-use) e-mail and reset tokens — magic links and passwords need an adapter — and, for the `Password`
 *   provider, the list of each user's sessions (the adapter's session registry: a password reset signs out every
 *   session, JWTs included). With an adapter the default strategy would be "database", hence the explicit "jwt"; the
 *   providers work with either.
 * - Pages: our own sign-in page (`/signin`, which lists the providers below) and "check your email" page.
 *
 * Environment: `AUTH_SECRET` (required by `next start`: `openssl rand -base64 33`; when it is unset,
 * scripts/with-demo-idp.mjs makes one up per run), `AUTH_DEMO_IDP_ISSUER` / `_ID` / `_SECRET` (set by the script that starts the Demo IdP), `EXAMPLE_DB` (the
 * SQLite file, default `data/gatehouse.sqlite`).
 */
import { mkdirSync } from "node:fs"
import { dirname, join } from "node:path"
import type { OIDCConfig } from "@gatehousejs/core"
import Email from "@gatehousejs/core/providers/email"
import Passkey from "@gatehousejs/core/providers/passkey"
import NextAuth from "@gatehousejs/next"
import Password from "@gatehousejs/next/providers/password"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { sendMail, sendVerificationRequest } from "@/lib/outbox"

declare module "@gatehousejs/core/types" {
  interface Session {
    /** The id of the provider this session signed in with: "password", "email", "demo-idp" or "passkey". */
    provider?: string
  }
}

// Relative to where the server runs (`npm run dev` / `npm start` run in examples/next). The adapter opens the file
// on first use only, so `next build` creates no database.
const databaseFile = process.env.EXAMPLE_DB || join(process.cwd(), "data", "gatehouse.sqlite")
mkdirSync(dirname(databaseFile), { recursive: true })

// Its client id, secret and issuer come from AUTH_DEMO_IDP_ID / _SECRET / _ISSUER, which Gatehouse reads for the
// provider id "demo-idp": endpoints and keys from the issuer's discovery document, the profile from the ID token.
const demoIdp: OIDCConfig = { id: "demo-idp", name: "Demo IdP", type: "oidc", checks: ["pkce", "state", "nonce"] }

const providers = [
  // Without the IdP's variables (plain `next dev`), no "Sign in with Demo IdP".
  ...(process.env.AUTH_DEMO_IDP_ISSUER ? [demoIdp] : []),
  Email({ id: "email", name: "Email", sendVerificationRequest }),
  // Gatehouse checks the password against the stored argon2id hash itself; a wrong one is `CredentialsSignin` with
  // the same answer for an unknown address. The rules are the defaults: 15 characters or more, no common password.
  Password({ sendMail }),
  // The relying party is the host the browser used (localhost): a passkey made here works on no other site.
  Passkey(),
]

/** What the sign-in page lists: each provider's id, name and type, in the order above (the user's options win). */
export const providerList = providers.map(({ id, name, type, options }) => ({
  id: options?.id ?? id,
  name: options?.name ?? name,
  type,
}))

export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth({
  adapter: SqliteAdapter({ filename: databaseFile }),
  session: { strategy: "jwt" },
  // Passkeys are experimental in Gatehouse, as in Auth.js; without this flag the Passkey provider is refused.
  experimental: { enableWebAuthn: true },
  // The app is served directly (`next start` on localhost): the Host header it receives is the one the browser
  // used. Behind a reverse proxy, set AUTH_URL instead, or make sure the proxy sets Host / X-Forwarded-Host.
  trustHost: true,
  providers,
  pages: { signIn: "/signin", verifyRequest: "/check-email" },
  callbacks: {
    // proxy.ts: which requests need a session. Signed out on /dashboard → redirected to pages.signIn.
    authorized({ request, auth }) {
      if (request.nextUrl.pathname.startsWith("/dashboard")) return Boolean(auth?.user)
      return true
    },
    jwt({ token, account, trigger, session }) {
      // At sign-in, remember how; the token keeps it for the session's life.
      if (account) token.provider = account.provider
      // unstable_update({ user: { name } }) from the dashboard's server action (or useSession().update on the
      // client): the data is the caller's, so only a short string name is taken from it.
      if (trigger === "update") {
        const name = nameFrom(session)
        if (name) token.name = name
      }
      return token
    },
    session({ session, token }) {
      if (token?.sub && session.user) session.user.id = token.sub
      if (typeof token?.provider === "string") session.provider = token.provider
      return session
    },
  },
})

function nameFrom(data: unknown): string | undefined {
  const user = typeof data === "object" && data !== null ? (data as { user?: unknown }).user : undefined
  const name = typeof user === "object" && user !== null ? (user as { name?: unknown }).name : undefined
  return typeof name === "string" && name.trim() ? name.trim().slice(0, 60) : undefined
}
