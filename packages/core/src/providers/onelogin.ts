/**
 * OneLogin sign-in through OpenID Connect (OneLogin's OIDC v2). The issuer is your OneLogin subdomain's, which you
 * supply; the profile is the ID token's claims.
 *
 * Callback URL to register under the OIDC app's Configuration → Redirect URIs:
 * `https://example.com/auth/callback/onelogin` (Next.js: `https://example.com/api/auth/callback/onelogin`).
 * Environment variables when `OneLogin` is listed bare in `providers`: `AUTH_ONELOGIN_ID`, `AUTH_ONELOGIN_SECRET`,
 * `AUTH_ONELOGIN_ISSUER` (`https://your-subdomain.onelogin.com` or `https://your-subdomain.onelogin.com/oidc/2`).
 *
 * @example
 * import OneLogin from "@gatehousejs/core/providers/onelogin"
 *
 * Gatehouse({ providers: [OneLogin] }) // AUTH_ONELOGIN_ID, AUTH_ONELOGIN_SECRET, AUTH_ONELOGIN_ISSUER
 * OneLogin({ issuer: "https://example.onelogin.com" })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_ONELOGIN_ISSUER`) no sign-in starts: the configuration error that is logged
 *   names that variable.
 * - OneLogin's issuer is `https://{subdomain}.onelogin.com/oidc/2`. The subdomain's URL is completed with `/oidc/2`,
 *   so both forms work. Auth.js discovers under `/oidc/2` but expects the subdomain's URL as the issuer, which the
 *   discovery document's `iss` does not match.
 * - The app's Token Endpoint Authentication Method must be Basic (OneLogin's default): the client is sent as a Basic
 *   header. Set `client: { token_endpoint_auth_method: "client_secret_post" }` for POST. Checks `pkce`.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of OneLogin's ID token (https://developers.onelogin.com/openid-connect/scopes). */
export interface OneLoginProfile extends Record<string, unknown> {
  sub: string
  email?: string
  preferred_username?: string
  name?: string
  given_name?: string
  family_name?: string
  updated_at?: number
  groups?: string[]
  params?: Record<string, unknown>
  sid?: string
}

/** The OneLogin provider: OIDC discovery on `{subdomain}/oidc/2`, scope `openid profile email`, PKCE. */
export default function OneLogin<P extends OneLoginProfile = OneLoginProfile>(config: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  const issuer = oidcIssuer(config.issuer)
  return {
    id: "onelogin",
    name: "OneLogin",
    type: "oidc",
    issuer,
    profile(profile: P): User {
      const fullName = [profile.given_name, profile.family_name].filter(Boolean).join(" ")
      return {
        id: profile.sub,
        name: profile.name || fullName || profile.preferred_username || null,
        email: profile.email ?? null,
        image: typeof profile.picture === "string" ? profile.picture : null,
      }
    },
    // OneLogin's black; Simple Icons has no mark for it.
    style: { brandColor: "#000000" },
    options: (issuer ? { ...config, issuer } : config) as OIDCConfig<P>["options"],
  }
}

/** `https://x.onelogin.com`, `…/`, `…/oidc/2` or `…/oidc/2/` → `https://x.onelogin.com/oidc/2`. */
function oidcIssuer(given: string | undefined): string | undefined {
  const trimmed = given?.replace(/\/+$/, "")
  if (!trimmed) return undefined
  return trimmed.endsWith("/oidc/2") ? trimmed : `${trimmed}/oidc/2`
}
