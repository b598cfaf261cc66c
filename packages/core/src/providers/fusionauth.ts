/**
 * FusionAuth sign-in through OpenID Connect. The issuer is your FusionAuth tenant's issuer, which you supply; the
 * profile is the ID token's claims.
 *
 * Callback URL to register under the application's OAuth → Authorized redirect URLs:
 * `https://example.com/auth/callback/fusionauth` (Next.js: `https://example.com/api/auth/callback/fusionauth`).
 * Environment variables when `FusionAuth` is listed bare in `providers`: `AUTH_FUSIONAUTH_ID`,
 * `AUTH_FUSIONAUTH_SECRET`, `AUTH_FUSIONAUTH_ISSUER` (e.g. `https://auth.example.com`).
 *
 * @example
 * import FusionAuth from "@gatehousejs/core/providers/fusionauth"
 *
 * Gatehouse({ providers: [FusionAuth] }) // AUTH_FUSIONAUTH_ID, AUTH_FUSIONAUTH_SECRET, AUTH_FUSIONAUTH_ISSUER
 * // A server with several tenants: name the application's tenant.
 * FusionAuth({ issuer: "https://auth.example.com", tenantId: "5e8b1f3a-…" })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_FUSIONAUTH_ISSUER`) no sign-in starts: the configuration error that is logged
 *   names that variable. When you call `FusionAuth()` yourself, pass `issuer`: the endpoints are built from it.
 * - The tenant's Issuer setting (Tenants → General) defaults to `acme.com`, which is not a URL: set it to the server's
 *   https URL, the value given here, or the ID token's `iss` will not match.
 * - With several tenants, `tenantId` is sent to discovery and to the authorization endpoint.
 * - FusionAuth answers token requests of a Basic-authenticated client with a `WWW-Authenticate` header even on
 *   success (fusionauth-issues #2645). The engine reads challenges only on failed answers, so no `token.conform`
 *   is needed (Auth.js carries one, written for an older OAuth client); the stand-in test sends that header.
 * - Scope `openid offline_access email profile`: the refresh token needs "Generate refresh tokens" on the
 *   application. Checks `pkce` and `state`.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of FusionAuth's ID token (https://fusionauth.io/docs/lifecycle/authenticate-users/oauth/tokens#id-token). */
export interface FusionAuthProfile extends Record<string, unknown> {
  aud: string
  exp: number
  iat: number
  iss: string
  sub: string
  jti: string
  authenticationType: string
  email: string
  email_verified: boolean
  preferred_username?: string
  name?: string
  given_name?: string
  middle_name?: string
  family_name?: string
  at_hash: string
  c_hash: string
  scope: string
  sid: string
  picture?: string
  tid?: string
  applicationId?: string
  roles?: string[]
}

export type FusionAuthUserConfig<P> = OIDCUserConfig<P> & {
  /** The tenant of the application, needed only when the server has more than one. */
  tenantId?: string
}

// The button mark: the Simple Icons "FusionAuth" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M12%200a1.667%201.667%200%200%200-1.666%201.666A1.667%201.667%200%200%200%2012%203.334a1.667%201.667%200%200%200%201.666-1.668A1.667%201.667%200%200%200%2012%200ZM9.506%201.145A11.572%2011.572%200%200%200%20.442%2012.317a.716.716%200%200%200%201.075.618.702.702%200%200%200%20.358-.6%2010.136%2010.136%200%200%201%205.06-8.666c.843-.486%201.75-.848%202.696-1.074a2.55%202.55%200%200%201-.125-1.452Zm8.015%201.26a.712.712%200%200%200-.695.713.704.704%200%200%200%20.34.61%2010.133%2010.133%200%200%201%204.545%2011.587c.314.046.618.15.894.309.148.084.29.183.42.293a11.573%2011.573%200%200%200-5.15-13.43.715.715%200%200%200-.354-.082Zm-5.519%203.791a6.247%206.247%200%201%200%20.002%2012.494%206.247%206.247%200%200%200-.002-12.494Zm0%201.43a4.819%204.819%200%200%201%203.41%208.222%204.817%204.817%200%201%201-3.41-8.222Zm-.01%202.295c-1.412.014-1.896%201.887-.668%202.584l-.435%202.207a.237.237%200%200%200%20.234.281h1.772a.236.236%200%200%200%20.234-.281l-.438-2.207c.43-.247.694-.706.692-1.202a1.38%201.38%200%200%200-1.39-1.382zm-9.324%206.242a1.667%201.667%200%200%200-1.666%201.666%201.667%201.667%200%200%200%201.666%201.668%201.667%201.667%200%200%200%201.666-1.668%201.667%201.667%200%200%200-1.666-1.666zm18.664%200a1.667%201.667%200%200%200-1.666%201.666%201.667%201.667%200%200%200%201.666%201.668%201.667%201.667%200%200%200%201.666-1.668%201.667%201.667%200%200%200-1.666-1.666zM4.655%2019.427c-.195.244-.432.45-.702.608a2.584%202.584%200%200%201-.468.207%2011.576%2011.576%200%200%200%2014.208%202.273.713.713%200%200%200%200-1.238.704.704%200%200%200-.703-.012%2010.134%2010.134%200%200%201-10.052-.05%2010.17%2010.17%200%200%201-2.283-1.788z'/%3E%3C/svg%3E"

/** The FusionAuth provider: OIDC discovery on the user-supplied issuer, scope `openid offline_access email profile`, checks `pkce` + `state`. */
export default function FusionAuth<P extends FusionAuthProfile = FusionAuthProfile>(options: FusionAuthUserConfig<P> = {}): OIDCConfig<P> {
  const { tenantId, ...rest } = options
  const base = options.issuer?.replace(/\/+$/, "")
  const tenant = tenantId ? `?tenantId=${encodeURIComponent(tenantId)}` : ""
  return {
    id: "fusionauth",
    name: "FusionAuth",
    type: "oidc",
    issuer: options.issuer,
    ...(base
      ? {
          wellKnown: `${base}/.well-known/openid-configuration${tenant}`,
          token: `${base}/oauth2/token`,
          userinfo: `${base}/oauth2/userinfo`,
        }
      : {}),
    authorization: { params: { scope: "openid offline_access email profile", ...(tenantId ? { tenantId } : {}) } },
    checks: ["pkce", "state"],
    profile(profile: P): User {
      const fullName = [profile.given_name, profile.middle_name, profile.family_name].filter(Boolean).join(" ")
      return {
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? (fullName || null),
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    style: { brandColor: "#f58320", logo: LOGO },
    options: rest as OIDCConfig<P>["options"],
  }
}

