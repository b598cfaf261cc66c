/**
 * IdentityServer4 (and its successor, Duende IdentityServer) sign-in through OpenID Connect. The issuer is your
 * server's URL, which you supply; the profile is the ID token's claims, completed from the userinfo endpoint.
 *
 * Callback URL to register in the client's `RedirectUris`: `https://example.com/auth/callback/identity-server4`
 * (Next.js: `https://example.com/api/auth/callback/identity-server4`).
 * Environment variables when `IdentityServer4` is listed bare in `providers`: `AUTH_IDENTITY_SERVER4_ID`,
 * `AUTH_IDENTITY_SERVER4_SECRET`, `AUTH_IDENTITY_SERVER4_ISSUER` (e.g. `https://identity.example.com`).
 *
 * @example
 * import IdentityServer4 from "@gatehousejs/core/providers/identity-server4"
 *
 * Gatehouse({ providers: [IdentityServer4] }) // AUTH_IDENTITY_SERVER4_ID, AUTH_IDENTITY_SERVER4_SECRET, AUTH_IDENTITY_SERVER4_ISSUER
 * IdentityServer4({ issuer: "https://identity.example.com", authorization: { params: { scope: "openid profile email api1" } } })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_IDENTITY_SERVER4_ISSUER`) no sign-in starts: the configuration error that is
 *   logged names that variable. A trailing `/` is dropped: IdentityServer's issuer has none.
 * - IdentityServer4 has had no security fixes since its end of support (December 2022); the same provider works
 *   with Duende IdentityServer, its successor.
 * - By default the ID token carries only `sub` and protocol claims (`AlwaysIncludeUserClaimsInIdToken` is off): the
 *   name and e-mail come from the userinfo endpoint, which is then asked, its `sub` checked against the token's.
 * - The client needs `AllowedGrantTypes = GrantTypes.Code` and the `openid`, `profile` and `email` identity
 *   resources among its allowed scopes. IdentityServer requires PKCE by default: the check is `pkce`.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** Standard OIDC claims as IdentityServer issues them (ID token and userinfo, per the granted identity resources). */
export interface IdentityServer4Profile extends Record<string, unknown> {
  sub: string
  idp?: string
  amr?: string[]
  auth_time?: number
  sid?: string
  name?: string
  given_name?: string
  family_name?: string
  preferred_username?: string
  email?: string
  email_verified?: boolean
  picture?: string
  website?: string
}

/** The IdentityServer4 provider: OIDC discovery on the user-supplied issuer, scope `openid profile email`, PKCE. */
export default function IdentityServer4<P extends IdentityServer4Profile = IdentityServer4Profile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  const issuer = options.issuer?.replace(/\/+$/, "")
  return {
    id: "identity-server4",
    name: "IdentityServer4",
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
    // IdentityServer has no brand colour or mark to show: a neutral button.
    style: { brandColor: "#000000" },
    options: (issuer ? { ...options, issuer } : options) as OIDCConfig<P>["options"],
  }
}
