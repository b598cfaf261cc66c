// auth.ts of a next-auth v5 app — every "next-auth" specifier changed to "@gatehousejs/next", nothing else.
import NextAuth, { CredentialsSignin, customFetch, type DefaultSession, type NextAuthConfig } from "@gatehousejs/next"
import type { Provider } from "@gatehousejs/next/providers"
import Credentials from "@gatehousejs/next/providers/credentials"
import GitHub from "@gatehousejs/next/providers/github"
import Google from "@gatehousejs/next/providers/google"
import Keycloak from "@gatehousejs/next/providers/keycloak"
import MicrosoftEntraID from "@gatehousejs/next/providers/microsoft-entra-id"
import Resend from "@gatehousejs/next/providers/resend"
import "@gatehousejs/next/jwt"

export type Role = "admin" | "member"

declare module "@gatehousejs/next" {
  interface Session {
    user: { id: string; role: Role } & DefaultSession["user"]
    accessToken?: string
  }
  interface User {
    role?: Role
  }
}

declare module "@gatehousejs/next/jwt" {
  interface JWT {
    role?: Role
    accessToken?: string
  }
}

declare module "@gatehousejs/next/adapters" {
  interface AdapterUser {
    role: Role
  }
}

class InvalidLoginError extends CredentialsSignin {
  code = "invalid_login"
}

/** A fetch through the company's egress proxy, for one provider only. */
const proxiedFetch: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...init?.headers, "x-egress": "1" } })

const providers: Provider[] = [
  GitHub({ allowDangerousEmailAccountLinking: true, authorization: { params: { scope: "read:user user:email read:org" } } }),
  Google({
    authorization: { params: { prompt: "consent", access_type: "offline", response_type: "code" } },
    profile(profile) {
      const role: Role = profile.hd === "example.com" ? "admin" : "member"
      return { id: profile.sub, name: profile.name, email: profile.email, image: profile.picture, role }
    },
  }),
  Keycloak({ issuer: process.env.AUTH_KEYCLOAK_ISSUER, [customFetch]: proxiedFetch }),
  MicrosoftEntraID({ issuer: `https://login.microsoftonline.com/${process.env.AUTH_MICROSOFT_ENTRA_ID_TENANT_ID}/v2.0` }),
  Resend({ from: "no-reply@example.com" }),
  Credentials({
    credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
    async authorize(credentials) {
      if (credentials.password !== "correct horse") throw new InvalidLoginError()
      return { id: "1", email: String(credentials.email), name: "Ada", role: "admin" }
    },
  }),
  {
    id: "company-sso",
    name: "Company SSO",
    type: "oidc",
    issuer: "https://sso.example.com",
    clientId: process.env.AUTH_COMPANY_SSO_ID,
    clientSecret: process.env.AUTH_COMPANY_SSO_SECRET,
    checks: ["pkce", "state", "nonce"],
  },
]

/** The v5 logger: `error` gets the Error itself, `warn` a code, `debug` a message and its metadata. */
export const logger: NextAuthConfig["logger"] = {
  error(error) {
    const type = "type" in error ? String(error.type) : error.name
    console.error(`[auth] ${type}: ${error.message}`, error.cause)
  },
  warn(code) {
    console.warn(`[auth] warning ${code}`)
  },
  debug(message, metadata) {
    console.debug(`[auth] ${message}`, metadata)
  },
}

export const config = {
  providers,
  logger,
  session: { strategy: "jwt", maxAge: 7 * 24 * 60 * 60 },
  pages: { signIn: "/login", error: "/login" },
  trustHost: true,
  callbacks: {
    authorized({ auth, request: { nextUrl } }) {
      if (nextUrl.pathname.startsWith("/admin")) return auth?.user.role === "admin"
      return !!auth
    },
    signIn({ account, profile }) {
      if (account?.provider === "google") return profile?.email_verified === true
      return true
    },
    jwt({ token, user, account, trigger, session }) {
      if (user) token.role = user.role
      if (account?.access_token) token.accessToken = account.access_token
      if (trigger === "update") token.name = session.user.name
      return token
    },
    session({ session, token }) {
      session.user.id = token.sub ?? ""
      session.user.role = token.role ?? "member"
      session.accessToken = token.accessToken
      return session
    },
    redirect({ url, baseUrl }) {
      return url.startsWith(baseUrl) ? url : baseUrl
    },
  },
  events: {
    signIn({ user, isNewUser }) {
      if (isNewUser) console.info(`welcome ${user.email}`)
    },
  },
} satisfies NextAuthConfig

export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth(config)
