/**
 * United Effects (UE Auth / Core EOS) sign-in through OpenID Connect. The issuer is your Auth Group's, which you supply;
 * the profile is the ID token's claims.
 *
 * Callback URL to register as a redirect URI of the UE Auth client: `https://example.com/auth/callback/united-effects`
 * (Next.js: `https://example.com/api/auth/callback/united-effects`).
 * Environment variables when `UnitedEffects` is listed bare in `providers`: `AUTH_UNITED_EFFECTS_ID`,
 * `AUTH_UNITED_EFFECTS_SECRET`, `AUTH_UNITED_EFFECTS_ISSUER` (e.g. `https://auth.unitedeffects.com/{authGroupId}`).
 *
 * @example
 * import UnitedEffects from "@gatehousejs/core/providers/united-effects"
 *
 * Gatehouse({ providers: [UnitedEffects] }) // AUTH_UNITED_EFFECTS_ID, _SECRET, _ISSUER
 * UnitedEffects({ issuer: "https://auth.unitedeffects.com/YQpbQV5dbW-224dCovz-3" })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_UNITED_EFFECTS_ISSUER`) no sign-in starts: the configuration error that is
 *   logged names that variable. A trailing `/` is dropped.
 * - The issuer is also sent as the `resource` (RFC 8707) the access token is for, as in Auth.js; from
 *   `AUTH_UNITED_EFFECTS_ISSUER` too (Auth.js reads it only from the options).
 * - UE Auth shares the e-mail address but, by design, no name or picture (`name` and `image` are `null`).
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The ID token's claims with scope `openid email profile` (https://docs.unitedeffects.com). */
export interface UnitedEffectsProfile {
  sub: string
  email: string
  email_verified?: boolean
  [claim: string]: unknown
}

/** The United Effects provider: discovery on the user-supplied issuer, scope `openid email profile`, `resource`, PKCE. */
export default function UnitedEffects<P extends UnitedEffectsProfile = UnitedEffectsProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  const issuer = options.issuer?.replace(/\/+$/, "")
  return {
    id: "united-effects",
    name: "United Effects",
    type: "oidc",
    issuer,
    authorization: { params: { scope: "openid email profile", resource: (provider: { issuer?: string }) => provider.issuer?.replace(/\/+$/, "") } },
    profile(profile: P): User {
      return { id: profile.sub, name: null, email: profile.email ?? null, image: null }
    },
    // United Effects publishes no sign-in button: a neutral black, white text.
    style: { brandColor: "#000000", text: "#ffffff" },
    options: (issuer ? { ...options, issuer } : options) as OIDCConfig<P>["options"],
  }
}
