/**
 * Logto sign-in through OpenID Connect. The issuer is your Logto tenant's OIDC endpoint, which you supply; the profile
 * is the ID token's claims.
 *
 * Callback URL to register under the application's Redirect URIs: `https://example.com/auth/callback/logto`
 * (Next.js: `https://example.com/api/auth/callback/logto`).
 * Environment variables when `Logto` is listed bare in `providers`: `AUTH_LOGTO_ID`, `AUTH_LOGTO_SECRET`,
 * `AUTH_LOGTO_ISSUER` (e.g. `https://your-tenant.logto.app/oidc`, or `https://logto.example.com/oidc` self-hosted).
 *
 * @example
 * import Logto from "@gatehousejs/core/providers/logto"
 *
 * Gatehouse({ providers: [Logto] }) // AUTH_LOGTO_ID, AUTH_LOGTO_SECRET, AUTH_LOGTO_ISSUER
 * // A refresh token: Logto issues one only when the user consents explicitly.
 * Logto({ issuer: "https://your-tenant.logto.app/oidc", authorization: { params: { prompt: "consent" } } })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_LOGTO_ISSUER`) no sign-in starts: the configuration error that is logged
 *   names that variable. The issuer ends in `/oidc`; a trailing `/` is dropped.
 * - Scope `offline_access openid email profile`, as Auth.js; Logto returns the refresh token only with
 *   `prompt=consent` as well.
 * - The name falls back to `username` when the user has no display name. Checks `pkce`.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of Logto's ID token and userinfo (https://docs.logto.io/docs/references/openid-connect/id-token-claims/). */
export interface LogtoProfile {
  sub: string
  name: string
  username: string
  picture: string
  email: string
  email_verified: boolean
  phone_number: string
  phone_number_verified: boolean
  address: string
  custom_data: object
  identities: object
  sso_identities: object[]
  organizations: string[]
  organization_data: object[]
  organization_roles: string[]
  created_at?: number
  updated_at?: number
  [claim: string]: unknown
}

/** The Logto provider: OIDC discovery on the user-supplied issuer, scope `offline_access openid email profile`, PKCE. */
export default function Logto<P extends LogtoProfile = LogtoProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  const issuer = options.issuer?.replace(/\/+$/, "")
  return {
    id: "logto",
    name: "Logto",
    type: "oidc",
    issuer,
    authorization: { params: { scope: "offline_access openid email profile" } },
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name || profile.username || null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    // Logto's purple; Simple Icons has no mark for it.
    style: { brandColor: "#5d34f2" },
    options: (issuer ? { ...options, issuer } : options) as OIDCConfig<P>["options"],
  }
}
