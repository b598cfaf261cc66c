/**
 * Asgardeo (WSO2's identity service) sign-in through OpenID Connect. The issuer is your organization's, which you
 * supply; the profile is the ID token's claims.
 *
 * Callback URL to register under the application's Protocol → Authorized redirect URLs:
 * `https://example.com/auth/callback/asgardeo` (Next.js: `https://example.com/api/auth/callback/asgardeo`).
 * Environment variables when `Asgardeo` is listed bare in `providers`: `AUTH_ASGARDEO_ID`, `AUTH_ASGARDEO_SECRET`,
 * `AUTH_ASGARDEO_ISSUER` (the application's Info tab: `https://api.asgardeo.io/t/{organization}/oauth2/token`).
 *
 * @example
 * import Asgardeo from "@gatehousejs/core/providers/asgardeo"
 *
 * Gatehouse({ providers: [Asgardeo] }) // AUTH_ASGARDEO_ID, AUTH_ASGARDEO_SECRET, AUTH_ASGARDEO_ISSUER
 * Asgardeo({ issuer: "https://api.asgardeo.io/t/acme" })
 *
 * Quirks:
 * - Asgardeo's issuer ends in `/oauth2/token` (`https://api.asgardeo.io/t/{organization}/oauth2/token`), and its
 *   discovery document lives under it. The organization URL alone (`https://api.asgardeo.io/t/{organization}`) is
 *   accepted too and completed. Auth.js derives the discovery URL by appending `/oauth2/token/…` to the issuer, so
 *   the issuer its own documentation tells you to copy ends up doubled, while the short form fails the issuer check.
 * - Without an `issuer` (option or `AUTH_ASGARDEO_ISSUER`) no sign-in starts: the configuration error that is logged
 *   names that variable.
 * - Which attributes the ID token carries is set per application (User Attributes): mark e-mail, first name and
 *   photo URL as requested. Without a `name` claim the name is built from `given_name` and `family_name`.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of an Asgardeo ID token with the `openid profile email` scopes. */
export interface AsgardeoProfile {
  /** The user's id in the organization. */
  sub: string
  iss?: string
  aud?: string | string[]
  email?: string
  email_verified?: boolean
  name?: string
  given_name?: string
  family_name?: string
  username?: string
  preferred_username?: string
  picture?: string
  org_id?: string
  org_name?: string
  [claim: string]: unknown
}

/** The Asgardeo provider: OIDC discovery on the organization's issuer, scope `openid profile email`, PKCE. */
export default function Asgardeo<P extends AsgardeoProfile = AsgardeoProfile>(config: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  const issuer = organizationIssuer(config.issuer)
  return {
    id: "asgardeo",
    name: "Asgardeo",
    type: "oidc",
    issuer,
    profile(profile: P): User {
      const fullName = [profile.given_name, profile.family_name].filter(Boolean).join(" ")
      return {
        id: profile.sub,
        name: profile.name ?? (fullName || (profile.preferred_username ?? profile.username ?? null)),
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    // Asgardeo publishes no button mark for third parties: its black, with white text.
    style: { brandColor: "#000000" },
    options: (issuer ? { ...config, issuer } : config) as OIDCConfig<P>["options"],
  }
}

/** `https://api.asgardeo.io/t/{org}` or `…/oauth2/token` (with or without a trailing `/`) → `…/t/{org}/oauth2/token`. */
function organizationIssuer(issuer: string | undefined): string | undefined {
  if (!issuer) return undefined
  const trimmed = issuer.replace(/\/+$/, "")
  return trimmed.endsWith("/oauth2/token") ? trimmed : `${trimmed}/oauth2/token`
}
