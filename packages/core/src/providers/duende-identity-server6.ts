/**
 * Sign-in with a Duende IdentityServer (version 6 or later) through OpenID Connect. The issuer is your server's URL,
 * which you supply; the profile is the ID token's claims, completed from userinfo.
 *
 * Callback URL to register in the client's `RedirectUris`:
 * `https://example.com/auth/callback/duende-identity-server6`
 * (Next.js: `https://example.com/api/auth/callback/duende-identity-server6`).
 * Environment variables when `DuendeIdentityServer6` is listed bare in `providers`: `AUTH_DUENDE_IDENTITY_SERVER6_ID`,
 * `AUTH_DUENDE_IDENTITY_SERVER6_SECRET`, `AUTH_DUENDE_IDENTITY_SERVER6_ISSUER` (e.g. `https://identity.example.com`).
 *
 * @example
 * import DuendeIdentityServer6 from "@gatehousejs/core/providers/duende-identity-server6"
 *
 * Gatehouse({ providers: [DuendeIdentityServer6] })
 * // Duende's demo server (users bob/bob and alice/alice):
 * DuendeIdentityServer6({ clientId: "interactive.confidential", clientSecret: "secret", issuer: "https://demo.duendesoftware.com" })
 *
 * Quirks:
 * - IdentityServer leaves profile claims out of the ID token unless the client sets
 *   `AlwaysIncludeUserClaimsInIdToken`; the name and address then come from userinfo, which is fetched when the ID token
 *   has neither (and its `sub` checked against the ID token's).
 * - The client needs the `openid`, `profile` and `email` identity resources in `AllowedScopes`, and `RequirePkce` is
 *   satisfied: PKCE is sent.
 * - Without an `issuer` (option or `AUTH_DUENDE_IDENTITY_SERVER6_ISSUER`) no sign-in starts: the configuration error
 *   that is logged names that variable.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/**
 * IdentityServer's standard claims (`openid profile email`). Auth.js's type of this name lists `id` and `verified`,
 * which IdentityServer does not send; they stay optional for code written against it.
 */
export interface DuendeISUser {
  sub: string
  name?: string
  given_name?: string
  family_name?: string
  preferred_username?: string
  email: string
  email_verified?: boolean
  website?: string
  picture?: string
  idp?: string
  amr?: string[]
  auth_time?: number
  sid?: string
  id?: string
  verified?: boolean
  [claim: string]: unknown
}

/** The Duende IdentityServer provider: OIDC discovery on the server's issuer, scope `openid profile email`, PKCE. */
export default function DuendeIdentityServer6<P extends DuendeISUser = DuendeISUser>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "duende-identity-server6",
    name: "DuendeIdentityServer6",
    type: "oidc",
    issuer: options.issuer,
    profile(profile: P): User {
      const fullName = [profile.given_name, profile.family_name].filter(Boolean).join(" ")
      return {
        id: profile.sub,
        name: profile.name ?? (fullName || (profile.preferred_username ?? null)),
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    // Duende publishes no button colours: a dark blue, on which white text reads well.
    style: { brandColor: "#1e3a5f" },
    options: options as OIDCConfig<P>["options"],
  }
}
