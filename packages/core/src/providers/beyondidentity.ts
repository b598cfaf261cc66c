/**
 * Beyond Identity sign-in (passwordless, device-bound passkeys) through OpenID Connect. The issuer is your
 * application's, which you supply; the profile is the ID token's claims.
 *
 * Callback URL to register as the application's redirect URI in the Beyond Identity admin console:
 * `https://example.com/auth/callback/beyondidentity` (Next.js: `https://example.com/api/auth/callback/beyondidentity`).
 * Environment variables when `BeyondIdentity` is listed bare in `providers`: `AUTH_BEYONDIDENTITY_ID`,
 * `AUTH_BEYONDIDENTITY_SECRET`, `AUTH_BEYONDIDENTITY_ISSUER`
 * (`https://auth-{us|eu}.beyondidentity.com/v1/tenants/{tenant}/realms/{realm}/applications/{application}`).
 *
 * @example
 * import BeyondIdentity from "@gatehousejs/core/providers/beyondidentity"
 *
 * Gatehouse({ providers: [BeyondIdentity] }) // AUTH_BEYONDIDENTITY_ID, AUTH_BEYONDIDENTITY_SECRET, AUTH_BEYONDIDENTITY_ISSUER
 *
 * Quirks:
 * - The issuer names the tenant, realm and application, on the US or EU host; copy it from the application's
 *   settings. Without one (option or `AUTH_BEYONDIDENTITY_ISSUER`) no sign-in starts: the configuration error that is
 *   logged names that variable.
 * - The user has `id`, `name`, `email` and `image` only. Auth.js also puts `preferred_username` on the user object,
 *   which an adapter then tries to store in a column the users table does not have; it stays in the profile here.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of a Beyond Identity ID token with the `openid profile email` scopes. */
export interface BeyondIdentityProfile {
  /** The user's id in the realm. */
  sub: string
  /** The user's display name. */
  name: string
  /** The user's username in the realm. */
  preferred_username: string
  email: string
  [claim: string]: unknown
}

/** The Beyond Identity provider: OIDC discovery on the application's issuer, scope `openid profile email`, PKCE. */
export default function BeyondIdentity<P extends BeyondIdentityProfile = BeyondIdentityProfile>(config: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "beyondidentity",
    name: "Beyond Identity",
    type: "oidc",
    issuer: config.issuer,
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: null,
      }
    },
    // Beyond Identity's blue, darkened until white text on it meets WCAG AA (4.5:1).
    style: { brandColor: "#4c71bb", text: "#ffffff" },
    options: config as OIDCConfig<P>["options"],
  }
}
