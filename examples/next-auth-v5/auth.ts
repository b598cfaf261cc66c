/**
 * The app's Auth.js configuration, written as the next-auth v5 documentation writes it; only the import specifiers
 * name Gatehouse (README: "Imports"). Used by the route handler, `proxy.ts`, server components and server actions:
 * `import { auth, signIn, signOut } from "@/auth"`.
 *
 * - Providers: a password (Credentials), the Demo IdP (an OpenID Provider on loopback, started by `npm start`), and
 *   GitHub, Google and Keycloak when their `AUTH_*` variables are set. Each reads its client id, secret and issuer
 *   from `AUTH_<PROVIDER>_ID` / `_SECRET` / `_ISSUER`, as next-auth infers them; a provider listed without them
 *   would be a configuration error, so each is listed only when its variables are there.
 * - JWT sessions (no adapter): the role and the provider travel in the token, typed by module augmentation.
 * - No `pages`: the built-in sign-in and sign-out pages at /api/auth/signin and /api/auth/signout.
 */
import NextAuth, { AuthError, CredentialsSignin, type DefaultSession, type NextAuthConfig } from "@gatehousejs/next"
import type { Provider } from "@gatehousejs/next/providers"
import Credentials from "@gatehousejs/next/providers/credentials"
import GitHub from "@gatehousejs/next/providers/github"
import Google from "@gatehousejs/next/providers/google"
import Keycloak from "@gatehousejs/next/providers/keycloak"
import "@gatehousejs/next/jwt"
import { verifyUser, type Role } from "@/lib/users"

declare module "@gatehousejs/next" {
  interface Session {
    user: { id: string; role: Role } & DefaultSession["user"]
    /** The provider this session signed in with: "credentials", "demo-idp", "github"… */
    provider?: string
  }
  interface User {
    role?: Role
  }
}

declare module "@gatehousejs/next/jwt" {
  interface JWT {
    role?: Role
    provider?: string
  }
}

/** A wrong address or password: shown on the sign-in page as `?error=CredentialsSignin&code=invalid_credentials`. */
class InvalidCredentials extends CredentialsSignin {
  code = "invalid_credentials"
}

const providers: Provider[] = [
  Credentials({
    name: "Password",
    credentials: {
      email: { label: "Email", type: "email", placeholder: "alice@example.com" },
      password: { label: "Password", type: "password" },
    },
    authorize({ email, password }) {
      const user = verifyUser(email, password)
      if (!user) throw new InvalidCredentials()
      return user
    },
  }),
]

// Its issuer, client id and secret come from AUTH_DEMO_IDP_ISSUER / _ID / _SECRET (set by `npm start`).
if (process.env.AUTH_DEMO_IDP_ISSUER) {
  providers.push({ id: "demo-idp", name: "Demo IdP", type: "oidc", checks: ["pkce", "state", "nonce"] })
}
if (process.env.AUTH_GITHUB_ID) {
  providers.push(GitHub({ authorization: { params: { scope: "read:user user:email" } } }))
}
if (process.env.AUTH_GOOGLE_ID) {
  providers.push(Google({ authorization: { params: { prompt: "select_account" } } }))
}
if (process.env.AUTH_KEYCLOAK_ISSUER) {
  providers.push(Keycloak)
}

/** Auth.js v5's logger shape: `error` gets the Error, `warn` a warning code, `debug` a message and its metadata. */
const logger: NextAuthConfig["logger"] = {
  error(error) {
    console.error(`[auth][error] ${error instanceof AuthError ? error.type : error.name}: ${error.message}`)
  },
  warn(code) {
    console.warn(`[auth][warn][${code}]`)
  },
  debug(message, metadata) {
    if (process.env.NODE_ENV === "development") console.debug(`[auth][debug] ${message}`, metadata ?? "")
  },
}

export const config = {
  providers,
  logger,
  session: { strategy: "jwt" },
  // `next start` on localhost: the Host header is the one the browser used. Behind a proxy, set AUTH_URL.
  trustHost: true,
  callbacks: {
    // proxy.ts: signed out on /middleware-example → the sign-in page.
    authorized({ request, auth }) {
      if (request.nextUrl.pathname.startsWith("/middleware-example")) return !!auth
      return true
    },
    jwt({ token, user, account, trigger, session }) {
      if (user) token.role = user.role ?? "member"
      if (account) token.provider = account.provider
      // useSession().update({ user: { name } }) on the client example: the data is the browser's, so only a name.
      if (trigger === "update" && typeof session?.user?.name === "string") token.name = session.user.name.slice(0, 60)
      return token
    },
    session({ session, token }) {
      session.user.id = token.sub ?? ""
      session.user.role = token.role ?? "member"
      session.provider = token.provider
      return session
    },
  },
} satisfies NextAuthConfig

export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth(config)
