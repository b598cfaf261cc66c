/**
 * Salesforce sign-in through OpenID Connect (`https://login.salesforce.com`, found by discovery). The ID token is
 * validated, and the profile comes from the userinfo endpoint (`idToken: false`).
 *
 * Callback URL to register as the connected app's Callback URL: `https://example.com/auth/callback/salesforce`
 * (Next.js: `https://example.com/api/auth/callback/salesforce`).
 * Environment variables when `Salesforce` is listed bare in `providers`: `AUTH_SALESFORCE_ID`,
 * `AUTH_SALESFORCE_SECRET`, and optionally `AUTH_SALESFORCE_ISSUER` (a sandbox or My Domain).
 *
 * @example
 * import Salesforce from "@gatehousejs/core/providers/salesforce"
 *
 * Gatehouse({ providers: [Salesforce] })
 * Salesforce({ issuer: "https://test.salesforce.com" }) // a sandbox
 * Salesforce({ issuer: "https://example.my.salesforce.com" }) // My Domain
 *
 * Quirks:
 * - Checks `pkce`, `state` and `nonce`.
 * - The account id is the userinfo `sub`, an identity URL (`https://login.salesforce.com/id/{orgId}/{userId}`), as
 *   with Auth.js; `user_id` and `organization_id` are there too.
 * - When you call the function yourself, `AUTH_SALESFORCE_ISSUER` does not replace the default issuer: pass
 *   `issuer` for a sandbox or My Domain.
 * - A refresh token needs the `refresh_token` scope (and the connected app allowing it):
 *   `Salesforce({ authorization: { params: { scope: "openid profile email refresh_token" } } })`. The refresh answer
 *   has no `expires_in`.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** Salesforce's userinfo response (https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_userinfo_endpoint.htm). */
export interface SalesforceProfile {
  /** The identity URL: `https://login.salesforce.com/id/{orgId}/{userId}`. */
  sub: string
  user_id: string
  organization_id: string
  preferred_username?: string
  nickname?: string
  name?: string
  email?: string
  email_verified?: boolean
  given_name?: string
  family_name?: string
  zoneinfo?: string
  photos?: { picture?: string; thumbnail?: string }
  profile?: string
  /** Needs the access token to load (it is a Salesforce-hosted URL). */
  picture?: string
  address?: Record<string, unknown>
  is_salesforce_integration_user?: boolean
  urls?: Record<string, string>
  active?: boolean
  user_type?: string
  language?: string
  locale?: string
  utcOffset?: number
  updated_at?: string
  is_app_installed?: boolean
  [claim: string]: unknown
}

// The button mark: a simple drawn mark, in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M6.5%2019a4.5%204.5%200%200%201-.6-8.96A6%206%200%200%201%2017.3%208.2%205.4%205.4%200%201%201%2017.5%2019z'/%3E%3C/svg%3E"

/** The Salesforce provider: OIDC discovery, profile from userinfo, checks `pkce` + `state` + `nonce`. */
export default function Salesforce<P extends SalesforceProfile = SalesforceProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "salesforce",
    name: "Salesforce",
    type: "oidc",
    issuer: "https://login.salesforce.com",
    idToken: false,
    checks: ["pkce", "state", "nonce"],
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? profile.nickname ?? profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    style: { brandColor: "#00a1e0", logo: LOGO },
    options: options as OIDCConfig<P>["options"],
  }
}
