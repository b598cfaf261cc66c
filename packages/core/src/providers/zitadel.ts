/**
 * ZITADEL sign-in through OpenID Connect. The issuer is your instance's domain, which you supply; the profile is the
 * ID token's claims.
 *
 * Callback URL to register as a Redirect URI of the (Web, code flow) application:
 * `https://example.com/auth/callback/zitadel`
 * (Next.js: `https://example.com/api/auth/callback/zitadel`).
 * Environment variables when `ZITADEL` is listed bare in `providers`: `AUTH_ZITADEL_ID`, `AUTH_ZITADEL_SECRET`,
 * `AUTH_ZITADEL_ISSUER` (e.g. `https://my-instance.zitadel.cloud`).
 *
 * @example
 * import ZITADEL from "@gatehousejs/core/providers/zitadel"
 *
 * Gatehouse({ providers: [ZITADEL] }) // AUTH_ZITADEL_ID, AUTH_ZITADEL_SECRET, AUTH_ZITADEL_ISSUER
 * // Project roles in the ID token, and a refresh token:
 * ZITADEL({ issuer, authorization: { params: { scope: "openid profile email offline_access urn:zitadel:iam:org:project:roles" } } })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_ZITADEL_ISSUER`) no sign-in starts: the configuration error that
 *   is logged names that variable.
 * - PKCE is on (ZITADEL recommends it; a PKCE-only app needs `client: { token_endpoint_auth_method: "none" }`).
 * - Roles come in the `urn:zitadel:iam:org:project:roles` claim when that scope is asked for; `offline_access`
 *   gives a refresh token.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of a ZITADEL ID token (https://zitadel.com/docs/apis/openidoauth/claims). */
export interface ZitadelProfile {
  amr?: string[]
  at_hash?: string
  aud: string | string[]
  auth_time?: number
  azp?: string
  c_hash?: string
  client_id?: string
  exp: number
  iat: number
  iss: string
  jti?: string
  nbf?: number
  nonce?: string
  sid?: string
  sub: string
  name?: string
  given_name?: string
  family_name?: string
  nickname?: string
  preferred_username?: string
  gender?: string
  locale?: string
  email?: string
  email_verified?: boolean
  phone_number?: string
  phone_number_verified?: boolean
  picture?: string
  updated_at?: number
  "urn:zitadel:iam:org:project:roles"?: Record<string, Record<string, string>>
  "urn:zitadel:iam:user:metadata"?: Record<string, string>
  "urn:zitadel:iam:user:resourceowner:id"?: string
  "urn:zitadel:iam:user:resourceowner:name"?: string
  "urn:zitadel:iam:user:resourceowner:primary_domain"?: string
  [claim: string]: unknown
}

// The button mark: a simple drawn mark, in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='none'%20stroke='%23fff'%20stroke-width='2.5'%20stroke-linejoin='round'%20d='M12%203l9%2016H3z'/%3E%3C/svg%3E"

/** The ZITADEL provider: OIDC discovery on the user-supplied issuer, scope `openid profile email`, PKCE. */
export default function ZITADEL<P extends ZitadelProfile = ZitadelProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "zitadel",
    name: "ZITADEL",
    type: "oidc",
    issuer: options.issuer,
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? profile.nickname ?? profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    style: { brandColor: "#000000", logo: LOGO },
    options: options as OIDCConfig<P>["options"],
  }
}
