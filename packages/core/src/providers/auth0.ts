/**
 * Auth0 sign-in through OpenID Connect. The issuer is your tenant's domain, which you supply; the profile is the ID
 * token's claims.
 *
 * Callback URL to register under the application's Allowed Callback URLs:
 * `https://example.com/auth/callback/auth0` (Next.js: `https://example.com/api/auth/callback/auth0`).
 * Environment variables when `Auth0` is listed bare in `providers`: `AUTH_AUTH0_ID`, `AUTH_AUTH0_SECRET`,
 * `AUTH_AUTH0_ISSUER` (e.g. `https://my-tenant.eu.auth0.com/`).
 *
 * @example
 * import Auth0 from "@gatehousejs/core/providers/auth0"
 *
 * Gatehouse({ providers: [Auth0] }) // AUTH_AUTH0_ID, AUTH_AUTH0_SECRET, AUTH_AUTH0_ISSUER
 * Auth0({ issuer: "https://login.example.com/" }) // a custom domain
 * // An access token for your API:
 * Auth0({ issuer, authorization: { params: { audience: "https://api.example.com" } } })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_AUTH0_ISSUER`) no sign-in starts: the configuration error that
 *   is logged names that variable.
 * - Auth0's issuer ends with `/` (`https://{tenant}.{region}.auth0.com/`); a domain given without it matches too,
 *   since an origin-only issuer compares equal with or without the slash.
 * - An access token for an API needs the `audience` authorization parameter. A refresh token needs `offline_access`
 *   in the scope; it is spent with the standard `refresh_token` grant at `/oauth/token`.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of Auth0's ID token (standard claims per the requested scopes). */
export interface Auth0Profile {
  iss?: string
  aud?: string
  iat?: number
  exp?: number
  sid?: string
  nonce?: string
  /** `{connection}|{user id}`, e.g. `auth0|64f0…` or `google-oauth2|1234…`. */
  sub: string
  name: string
  nickname: string
  picture: string
  email: string
  email_verified: boolean
  given_name?: string
  family_name?: string
  locale?: string
  updated_at?: string
  org_id?: string
  org_name?: string
  [claim: string]: unknown
}

// The button mark: the Simple Icons "Auth0" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M21.98%207.448L19.62%200H4.347L2.02%207.448c-1.352%204.312.03%209.206%203.815%2012.015L12.007%2024l6.157-4.552c3.755-2.81%205.182-7.688%203.815-12.015l-6.16%204.58%202.343%207.45-6.157-4.597-6.158%204.58%202.358-7.433-6.188-4.55%207.63-.045L12.008%200l2.356%207.404%207.615.044z'/%3E%3C/svg%3E"

/** The Auth0 provider: OIDC discovery on the user-supplied issuer, scope `openid profile email`, PKCE. */
export default function Auth0<P extends Auth0Profile = Auth0Profile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "auth0",
    name: "Auth0",
    type: "oidc",
    issuer: options.issuer,
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? profile.nickname ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    style: { brandColor: "#eb5424", logo: LOGO },
    options: options as OIDCConfig<P>["options"],
  }
}
