/**
 * Okta sign-in through OpenID Connect. The issuer is your Okta org or one of its custom authorization servers, which
 * you supply; the profile is the ID token's claims.
 *
 * Callback URL to register under the app integration's Sign-in redirect URIs:
 * `https://example.com/auth/callback/okta`
 * (Next.js: `https://example.com/api/auth/callback/okta`).
 * Environment variables when `Okta` is listed bare in `providers`: `AUTH_OKTA_ID`, `AUTH_OKTA_SECRET`,
 * `AUTH_OKTA_ISSUER` (e.g. `https://dev-123456.okta.com/oauth2/default`).
 *
 * @example
 * import Okta from "@gatehousejs/core/providers/okta"
 *
 * Gatehouse({ providers: [Okta] }) // AUTH_OKTA_ID, AUTH_OKTA_SECRET, AUTH_OKTA_ISSUER
 * Okta({ issuer: "https://example.okta.com/oauth2/default" })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_OKTA_ISSUER`) no sign-in starts: the configuration error that
 *   is logged names that variable.
 * - The org authorization server (`https://{domain}`) and a custom one (`https://{domain}/oauth2/{id}`) are
 *   different issuers; access tokens of the org server are for Okta's own APIs only. A trailing `/` is dropped,
 *   as Okta's issuers have none.
 * - Checks `pkce` and `state`. A refresh token needs `offline_access` in the scope and the Refresh Token grant type on
 *   the app; it is spent with the standard `refresh_token` grant at the token endpoint.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of Okta's ID token (https://developer.okta.com/docs/reference/api/oidc/#id-token-claims). */
export interface OktaProfile {
  iss: string
  ver?: number
  sub: string
  aud: string
  iat: number
  exp: number
  jti?: string
  auth_time?: number
  amr?: string[]
  idp?: string
  nonce?: string
  name?: string
  nickname?: string
  preferred_username?: string
  given_name?: string
  middle_name?: string
  family_name?: string
  email?: string
  email_verified?: boolean
  profile?: string
  zoneinfo?: string
  locale?: string
  address?: Record<string, unknown>
  phone_number?: string
  picture?: string
  website?: string
  gender?: string
  birthdate?: string
  updated_at?: number
  at_hash?: string
  c_hash?: string
  groups?: string[]
  [claim: string]: unknown
}

// The button mark: the Simple Icons "Okta" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M12%200C5.389%200%200%205.35%200%2012s5.35%2012%2012%2012%2012-5.35%2012-12S18.611%200%2012%200zm0%2018c-3.325%200-6-2.675-6-6s2.675-6%206-6%206%202.675%206%206-2.675%206-6%206z'/%3E%3C/svg%3E"

/** The Okta provider: OIDC discovery on the user-supplied issuer, scope `openid profile email`, checks `pkce` + `state`. */
export default function Okta<P extends OktaProfile = OktaProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  const issuer = options.issuer?.replace(/\/+$/, "")
  return {
    id: "okta",
    name: "Okta",
    type: "oidc",
    issuer,
    checks: ["pkce", "state"],
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? profile.nickname ?? profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    style: { brandColor: "#000000", logo: LOGO },
    options: (issuer ? { ...options, issuer } : options) as OIDCConfig<P>["options"],
  }
}
