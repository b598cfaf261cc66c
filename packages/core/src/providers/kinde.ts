/**
 * Kinde sign-in through OpenID Connect. The issuer is your Kinde business domain, which you supply; the profile is the
 * ID token's claims.
 *
 * Callback URL to register under the application's Details → Callback URLs → Allowed callback URLs:
 * `https://example.com/auth/callback/kinde` (Next.js: `https://example.com/api/auth/callback/kinde`).
 * Environment variables when `Kinde` is listed bare in `providers`: `AUTH_KINDE_ID`, `AUTH_KINDE_SECRET`,
 * `AUTH_KINDE_ISSUER` (e.g. `https://your-business.kinde.com`, or your custom domain).
 *
 * @example
 * import Kinde from "@gatehousejs/core/providers/kinde"
 *
 * Gatehouse({ providers: [Kinde] }) // AUTH_KINDE_ID, AUTH_KINDE_SECRET, AUTH_KINDE_ISSUER
 * Kinde({ issuer: "https://auth.example.com", authorization: { params: { scope: "openid profile email offline" } } })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_KINDE_ISSUER`) no sign-in starts: the configuration error that is logged
 *   names that variable. A trailing `/` is dropped: Kinde's `iss` has none.
 * - Auth.js types `KindeProfile` with the fields of Kinde's older user-profile endpoint (`first_name`,
 *   `preferred_email`, …), which the ID token does not carry; here the type describes the ID token's claims (`name`,
 *   `given_name`, `family_name`, `email`, `picture`) and keeps the older names as optional fields.
 * - A refresh token needs the `offline` scope. Checks `state` and `pkce`, as Auth.js.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of Kinde's ID token (https://docs.kinde.com/build/tokens/about-id-tokens/). */
export interface KindeProfile extends Record<string, unknown> {
  /** The Kinde user id, `kp_…`. */
  sub: string
  name?: string
  given_name?: string
  family_name?: string
  email?: string
  email_verified?: boolean
  picture?: string
  updated_at?: number
  org_codes?: string[]
  auth_time?: number
  at_hash?: string
  azp?: string
  /** The older user-profile endpoint's names, kept for code written against Auth.js's type. */
  id?: string
  first_name?: string
  last_name?: string
  preferred_email?: string
  provided_id?: string
  username?: string
}

/** The Kinde provider: OIDC discovery on the user-supplied domain, scope `openid profile email`, checks `state` + `pkce`. */
export default function Kinde<P extends KindeProfile = KindeProfile>(config: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  const issuer = config.issuer?.replace(/\/+$/, "")
  return {
    id: "kinde",
    name: "Kinde",
    type: "oidc",
    issuer,
    checks: ["state", "pkce"],
    profile(profile: P): User {
      const fullName = [profile.given_name ?? profile.first_name, profile.family_name ?? profile.last_name].filter(Boolean).join(" ")
      return {
        id: profile.sub ?? profile.id,
        name: profile.name || fullName || null,
        email: profile.email ?? profile.preferred_email ?? null,
        image: profile.picture ?? null,
      }
    },
    // Kinde's button is white with near-black text; Simple Icons has no mark for it.
    style: { brandColor: "#0f0f0f", bg: "#ffffff", text: "#0f0f0f" },
    options: (issuer ? { ...config, issuer } : config) as OIDCConfig<P>["options"],
  }
}
