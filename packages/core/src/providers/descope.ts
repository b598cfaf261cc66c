/**
 * Descope sign-in through OpenID Connect: Descope's flows (passkeys, magic links, social login…) behind one button.
 * The profile is the ID token's claims.
 *
 * Callback URL (its domain among the project's Approved Domains in the Descope console):
 * `https://example.com/auth/callback/descope` (Next.js: `https://example.com/api/auth/callback/descope`).
 * Environment variables when `Descope` is listed bare in `providers`: `AUTH_DESCOPE_ID` (the project id),
 * `AUTH_DESCOPE_SECRET` (an access key), and optionally `AUTH_DESCOPE_ISSUER`.
 *
 * @example
 * import Descope from "@gatehousejs/core/providers/descope"
 *
 * Gatehouse({ providers: [Descope] }) // AUTH_DESCOPE_ID, AUTH_DESCOPE_SECRET
 * Descope({ issuer: "https://api.descope.com/v1/apps/P2abc123" }) // another OIDC application's issuer
 *
 * Quirks:
 * - The client id is the project id, and the issuer defaults to `https://api.descope.com/{project id}`; set `issuer`
 *   (or `AUTH_DESCOPE_ISSUER`) for an application with its own issuer (Applications → OIDC application → Issuer).
 *   Auth.js writes that default into the options object you passed; here your object is left as it was.
 * - State and PKCE, as in Auth.js.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of a Descope ID token with the `openid profile email` scopes. */
export interface DescopeProfile {
  /** The Descope user id. */
  sub: string
  name: string
  email: string
  email_verified: boolean
  phone_number: string
  phone_number_verified: boolean
  picture: string
  [claim: string]: unknown
}

/** The Descope provider: OIDC discovery on the project's issuer, scope `openid profile email`, PKCE and state. */
export default function Descope<P extends DescopeProfile = DescopeProfile>(config: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  const issuer = config.issuer ?? (config.clientId ? `https://api.descope.com/${encodeURIComponent(config.clientId)}` : undefined)
  return {
    id: "descope",
    name: "Descope",
    type: "oidc",
    issuer,
    checks: ["pkce", "state"],
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    style: { brandColor: "#1c1c23" },
    options: (issuer ? { ...config, issuer } : config) as OIDCConfig<P>["options"],
  }
}
