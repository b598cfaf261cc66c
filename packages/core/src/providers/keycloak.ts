/**
 * Keycloak sign-in through OpenID Connect. The issuer is your realm's URL, which you supply; the profile is the ID
 * token's claims.
 *
 * Callback URL to register under the client's Valid redirect URIs: `https://example.com/auth/callback/keycloak`
 * (Next.js: `https://example.com/api/auth/callback/keycloak`).
 * Environment variables when `Keycloak` is listed bare in `providers`: `AUTH_KEYCLOAK_ID`, `AUTH_KEYCLOAK_SECRET`,
 * `AUTH_KEYCLOAK_ISSUER` (e.g. `https://keycloak.example.com/realms/my-realm`).
 *
 * @example
 * import Keycloak from "@gatehousejs/core/providers/keycloak"
 *
 * Gatehouse({ providers: [Keycloak] }) // AUTH_KEYCLOAK_ID, AUTH_KEYCLOAK_SECRET, AUTH_KEYCLOAK_ISSUER
 * Keycloak({ issuer: "https://keycloak.example.com/realms/my-realm" })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_KEYCLOAK_ISSUER`) no sign-in starts: the configuration error that
 *   is logged names that variable.
 * - The realm is part of the issuer: `https://{host}/realms/{realm}`, or `https://{host}/auth/realms/{realm}` before
 *   Keycloak 17. A trailing `/` is dropped, as Keycloak's issuers have none.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of a Keycloak ID token with the default client scopes. */
export interface KeycloakProfile {
  exp: number
  iat: number
  auth_time?: number
  jti: string
  iss: string
  aud: string
  sub: string
  typ: string
  azp: string
  nonce?: string
  session_state?: string
  sid?: string
  at_hash: string
  acr: string
  email_verified: boolean
  name?: string
  preferred_username: string
  given_name?: string
  family_name?: string
  email?: string
  picture?: string
  locale?: string
  realm_access?: { roles: string[] }
  resource_access?: Record<string, { roles: string[] }>
  groups?: string[]
  user?: unknown
  [claim: string]: unknown
}

// The button mark: the Simple Icons "Keycloak" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='m18.742%201.182-12.493.002C4.155%204.784%202.079%208.393%200%2012.002c2.071%203.612%204.162%207.214%206.252%2010.816l12.49-.004%203.089-5.404h2.158v-.002H24L23.996%206.59h-2.168zM8.327%204.792h2.081l1.04%201.8-3.12%205.413%203.117%205.403-1.035%201.81H8.327a2047.566%202047.566%200%200%200-4.168-7.204C5.547%209.606%206.937%207.2%208.327%204.792Zm6.241%200%202.086.003c1.393%202.405%202.78%204.813%204.166%207.222l-4.167%207.2h-2.08c-.382-.562-1.038-1.808-1.038-1.808l3.123-5.405-3.124-5.413z'/%3E%3C/svg%3E"

/** The Keycloak provider: OIDC discovery on the user-supplied realm issuer, scope `openid profile email`, PKCE. */
export default function Keycloak<P extends KeycloakProfile = KeycloakProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  const issuer = options.issuer?.replace(/\/+$/, "")
  return {
    id: "keycloak",
    name: "Keycloak",
    type: "oidc",
    issuer,
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    // Keycloak publishes no button rules: its blue, darkened until white text on it meets WCAG AA (5.3:1).
    style: { brandColor: "#2f6fad", logo: LOGO },
    options: (issuer ? { ...options, issuer } : options) as OIDCConfig<P>["options"],
  }
}
