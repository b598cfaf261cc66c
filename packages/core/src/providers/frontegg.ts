/**
 * Frontegg sign-in through OpenID Connect (Frontegg's hosted login). The issuer is your Frontegg domain, which you
 * supply; the profile is the ID token's claims.
 *
 * Callback URL to register under the environment's Authentication → Login method → Hosted login redirect URLs:
 * `https://example.com/auth/callback/frontegg` (Next.js: `https://example.com/api/auth/callback/frontegg`).
 * Environment variables when `Frontegg` is listed bare in `providers`: `AUTH_FRONTEGG_ID`, `AUTH_FRONTEGG_SECRET`,
 * `AUTH_FRONTEGG_ISSUER` (e.g. `https://app-abc123.frontegg.com`, or your custom login domain).
 *
 * @example
 * import Frontegg from "@gatehousejs/core/providers/frontegg"
 *
 * Gatehouse({ providers: [Frontegg] }) // AUTH_FRONTEGG_ID, AUTH_FRONTEGG_SECRET, AUTH_FRONTEGG_ISSUER
 * Frontegg({ issuer: "https://login.example.com" })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_FRONTEGG_ISSUER`) no sign-in starts: the configuration error that is logged
 *   names that variable. A trailing `/` is dropped: Frontegg's `iss` is the bare domain.
 * - The discovery document is under `/oauth/` (`{issuer}/oauth/.well-known/openid-configuration`), not at the issuer's
 *   root. When you call `Frontegg()` yourself, pass `issuer`: the endpoints are built from it.
 * - The picture is the `profilePictureUrl` claim; Frontegg sends no `picture` (Auth.js maps none, so its users have
 *   no image).
 * - Frontegg supports PKCE; the check is `pkce`.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of Frontegg's ID token (https://developers.frontegg.com/ciam/guides/security-center/token-management/claims). */
export interface FronteggProfile {
  sub: string
  name: string
  email: string
  email_verified: boolean
  profilePictureUrl: string
  roles: string[]
  permissions?: string[]
  tenantId?: string
  tenantIds?: string[]
  metadata?: Record<string, unknown>
  type?: string
  [claim: string]: unknown
}

/** The Frontegg provider: OIDC on the user-supplied domain (discovery under `/oauth/`), scope `openid profile email`, PKCE. */
export default function Frontegg<P extends FronteggProfile = FronteggProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  const issuer = options.issuer?.replace(/\/+$/, "")
  return {
    id: "frontegg",
    name: "Frontegg",
    type: "oidc",
    issuer,
    ...(issuer
      ? {
          wellKnown: `${issuer}/oauth/.well-known/openid-configuration`,
          authorization: `${issuer}/oauth/authorize`,
          token: `${issuer}/oauth/token`,
          userinfo: `${issuer}/identity/resources/users/v2/me`,
        }
      : {}),
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.profilePictureUrl ?? (typeof profile.picture === "string" ? profile.picture : null),
      }
    },
    // Frontegg publishes no button rules and Simple Icons has no mark for it: a neutral button.
    style: { brandColor: "#000000" },
    options: (issuer ? { ...options, issuer } : options) as OIDCConfig<P>["options"],
  }
}
