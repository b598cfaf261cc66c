/**
 * Ping Identity (PingOne) sign-in through OpenID Connect. The issuer is your PingOne environment's, which you supply;
 * the profile is the ID token's claims, completed from userinfo.
 *
 * Callback URL to register as a Redirect URI of the PingOne application:
 * `https://example.com/auth/callback/ping-id` (Next.js: `https://example.com/api/auth/callback/ping-id`).
 * Environment variables when `PingId` is listed bare in `providers`: `AUTH_PING_ID_ID`, `AUTH_PING_ID_SECRET`,
 * `AUTH_PING_ID_ISSUER` (e.g. `https://auth.pingone.com/{environmentId}/as`).
 *
 * @example
 * import PingId from "@gatehousejs/core/providers/ping-id"
 *
 * Gatehouse({ providers: [PingId] }) // AUTH_PING_ID_ID, AUTH_PING_ID_SECRET, AUTH_PING_ID_ISSUER
 * PingId({ issuer: "https://auth.pingone.eu/3f2c…/as" })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_PING_ID_ISSUER`) no sign-in starts: the configuration error that is logged
 *   names that variable. The host follows the environment's region (`auth.pingone.com`, `.eu`, `.ca`, `.asia`,
 *   `.com.au`); a trailing `/` is dropped, as PingOne's issuers have none.
 * - When the code flow returns an access token, PingOne puts the `profile` and `email` claims in userinfo rather than
 *   in the ID token: the engine then fetches userinfo (its `sub` checked against the ID token's). Auth.js reads the
 *   ID token only, so its users have no name or e-mail.
 * - `env`, `org` and `p1.region` name the environment, organization and region the user signed in to.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/**
 * The ID token's claims and PingOne's userinfo claims with the `profile` and `email` scopes
 * (https://developer.pingidentity.com/pingone-api/foundations/pingone-roles-scopes-and-permissions/access-services-through-scopes-and-roles/openid-connect-oidc-scopes.html).
 */
export interface PingProfile {
  iss: string
  sub: string
  aud: string
  iat: number
  exp: number
  acr?: string
  amr?: string[]
  auth_time?: number
  at_hash?: string
  sid?: string
  nonce?: string
  preferred_username?: string
  name?: string
  given_name?: string
  middle_name?: string
  family_name?: string
  nickname?: string
  picture?: string
  updated_at?: number
  email?: string
  email_verified?: boolean
  /** The PingOne environment's id. */
  env?: string
  /** The PingOne organization's id. */
  org?: string
  "p1.region"?: string
  [claim: string]: unknown
}

/** The Ping Identity provider: OIDC discovery on the user-supplied issuer, scope `openid profile email`, PKCE. */
export default function PingId<P extends PingProfile = PingProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  const issuer = options.issuer?.replace(/\/+$/, "")
  return {
    id: "ping-id",
    name: "Ping Identity",
    type: "oidc",
    issuer,
    profile(profile: P): User {
      const parts = [profile.given_name, profile.family_name].filter(Boolean).join(" ")
      return {
        id: profile.sub,
        name: profile.name ?? (parts || null) ?? profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    // Ping Identity publishes no sign-in button: a neutral black, white text.
    style: { brandColor: "#000000", text: "#ffffff" },
    options: (issuer ? { ...options, issuer } : options) as OIDCConfig<P>["options"],
  }
}
