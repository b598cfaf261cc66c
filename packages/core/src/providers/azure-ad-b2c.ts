/**
 * Azure AD B2C sign-in through OpenID Connect, with a user flow (or custom policy) of your B2C tenant. The issuer is
 * the user flow's, which you supply; the profile is the ID token's claims.
 *
 * Callback URL to register as a Web redirect URI of the app registration:
 * `https://example.com/auth/callback/azure-ad-b2c` (Next.js: `https://example.com/api/auth/callback/azure-ad-b2c`).
 * Environment variables when `AzureADB2C` is listed bare in `providers`: `AUTH_AZURE_AD_B2C_ID`,
 * `AUTH_AZURE_AD_B2C_SECRET`, `AUTH_AZURE_AD_B2C_ISSUER` (the `issuer` of the user flow's metadata document).
 *
 * @example
 * import AzureADB2C from "@gatehousejs/core/providers/azure-ad-b2c"
 *
 * // A user flow whose token compatibility setting names the policy in the issuer (`tfp`):
 * AzureADB2C({ issuer: "https://contoso.b2clogin.com/tfp/{tenant id}/b2c_1_signupsignin/v2.0/" })
 * // The default issuer (the tenant id only) needs the user flow's metadata URL as well:
 * AzureADB2C({
 *   issuer: "https://contoso.b2clogin.com/{tenant id}/v2.0/",
 *   wellKnown: "https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_signupsignin/v2.0/.well-known/openid-configuration",
 * })
 *
 * Quirks:
 * - B2C's default issuer, `https://{tenant}.b2clogin.com/{tenant id}/v2.0/`, names no user flow, and no metadata
 *   document is served under it: pass the user flow's document as `wellKnown` (the Azure portal shows it under the
 *   user flow's "Run user flow"), or switch the user flow's issuer claim to the `tfp` form, whose issuer does serve it.
 *   The issuer is checked against the document's, so copy it from there; a missing final `/` is added, as B2C's
 *   issuers all end with one.
 * - Auth.js's example mentions `tenantId` and `primaryUserFlow` options, which its provider ignores; they are not
 *   accepted here either.
 * - Scope `openid offline_access`, B2C's documented sign-in scopes (a refresh token comes with `offline_access`); the
 *   claims come from the user flow's "Application claims", not from scopes. Auth.js sends `openid profile email`.
 * - The address is the first of `emails` (select "Email Addresses" among the application claims); `email` when a
 *   custom policy sends that instead.
 * - The account id is `oid`, the user's object id, which is what `sub` carries unless the user flow's subject claim
 *   is set to "Not supported" (then `sub` is a fixed placeholder text shared by every user). Auth.js reads `sub`.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of a B2C ID token with the usual application claims (https://learn.microsoft.com/en-us/azure/active-directory-b2c/tokens-overview). */
export interface AzureADB2CProfile {
  exp: number
  nbf: number
  ver: string
  iss: string
  /** The object id, unless the user flow's subject claim is "Not supported". */
  sub: string
  aud: string
  iat: number
  auth_time: number
  nonce?: string
  /** The user's object id in the B2C tenant. */
  oid: string
  /** The user flow or policy that issued the token (`tfp` in custom policies, `acr` in older user flows). */
  tfp?: string
  acr?: string
  name?: string
  given_name?: string
  family_name?: string
  emails?: string[]
  email?: string
  idp?: string
  idp_access_token?: string
  country?: string
  postalCode?: string
  city?: string
  jobTitle?: string
  newUser?: boolean
  preferred_username?: string
  [claim: string]: unknown
}

/** The Azure AD B2C provider: OIDC discovery on the user flow's issuer, scope `openid offline_access`, PKCE. */
export default function AzureADB2C<P extends AzureADB2CProfile = AzureADB2CProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  const issuer = options.issuer && !options.issuer.endsWith("/") ? `${options.issuer}/` : options.issuer
  return {
    id: "azure-ad-b2c",
    name: "Azure AD B2C",
    type: "oidc",
    issuer,
    authorization: { params: { scope: "openid offline_access" } },
    profile(profile: P): User {
      return {
        id: profile.oid ?? profile.sub,
        name: profile.name ?? profile.preferred_username ?? null,
        email: profile.emails?.[0] ?? profile.email ?? null,
        image: null,
      }
    },
    // Microsoft's Azure blue, as in Auth.js; white text on it meets WCAG AA (5.0:1).
    style: { brandColor: "#0072c6", text: "#ffffff" },
    options: (issuer ? { ...options, issuer } : options) as OIDCConfig<P>["options"],
  }
}
