/**
 * FACEIT sign-in through FACEIT Connect (OAuth 2). The profile is FACEIT's userinfo resource.
 *
 * Callback URL to register as the OAuth2 client's redirect URL (Developer Portal → App Studio → OAuth2 Client):
 * `https://example.com/auth/callback/faceit` (Next.js: `https://example.com/api/auth/callback/faceit`).
 * Environment variables when `FACEIT` is listed bare in `providers`: `AUTH_FACEIT_ID`, `AUTH_FACEIT_SECRET`.
 *
 * @example
 * import FACEIT from "@gatehousejs/core/providers/faceit"
 *
 * Gatehouse({ providers: [FACEIT] })
 *
 * Quirks:
 * - FACEIT documents the authorization code flow with PKCE for server apps, and takes the client credentials as a
 *   Basic header at the token endpoint: both are what is sent. (Auth.js computes that header in a `headers` field it
 *   never reads.)
 * - `redirect_popup=true` makes FACEIT's login page redirect back instead of expecting a popup.
 * - No `scope` is sent, as in Auth.js. Asking for `openid` makes FACEIT add an ID token, which this OAuth 2
 *   provider has no key set to check, so the sign-in would fail: use the userinfo resource, as configured here.
 * - The name is `name` when FACEIT sends one, else the `nickname`; the account id is `guid`.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** FACEIT Connect's userinfo (`GET https://api.faceit.com/auth/v1/resources/userinfo`). */
export interface FACEITProfile {
  /** The FACEIT user id (a UUID). */
  guid: string
  nickname: string
  email?: string
  name?: string
  given_name?: string
  family_name?: string
  picture?: string
  locale?: string
  membership?: string
  [field: string]: unknown
}

// The button mark: the Simple Icons "FACEIT" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M23.999%202.705a.167.167%200%2000-.312-.1%201141.27%201141.27%200%2000-6.053%209.375H.218c-.221%200-.301.282-.11.352%207.227%202.73%2017.667%206.836%2023.5%209.134.15.06.39-.08.39-.18z'/%3E%3C/svg%3E"

/** The FACEIT provider: FACEIT Connect's endpoints, PKCE, client secret as Basic. */
export default function FACEIT<P extends FACEITProfile = FACEITProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "faceit",
    name: "FACEIT",
    type: "oauth",
    authorization: "https://accounts.faceit.com/accounts?redirect_popup=true",
    token: "https://api.faceit.com/auth/v1/oauth/token",
    userinfo: "https://api.faceit.com/auth/v1/resources/userinfo",
    profile(profile: P): User {
      return {
        id: profile.guid,
        name: profile.name ?? profile.nickname ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    // FACEIT's orange, darkened until white text on it meets WCAG AA (4.7:1).
    style: { brandColor: "#cf4500", logo: LOGO },
    options,
  }
}
