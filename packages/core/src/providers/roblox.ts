/**
 * Roblox sign-in through OpenID Connect (Open Cloud OAuth 2.0). The issuer is `https://apis.roblox.com/oauth/`; the
 * profile is userinfo, checked against the ID token.
 *
 * Callback URL to register as a redirect URL of the OAuth 2.0 app (Creator Hub → Credentials):
 * `https://example.com/auth/callback/roblox` (Next.js: `https://example.com/api/auth/callback/roblox`).
 * Environment variables when `Roblox` is listed bare in `providers`: `AUTH_ROBLOX_ID`, `AUTH_ROBLOX_SECRET`.
 *
 * @example
 * import Roblox from "@gatehousejs/core/providers/roblox"
 *
 * Gatehouse({ providers: [Roblox] })
 *
 * Quirks:
 * - ID tokens are signed ES256 (the discovery document says so), not RS256.
 * - The ID token has the names but not the avatar (`picture`), which only userinfo returns; the provider reads
 *   userinfo (`idToken: false`), whose `sub` must match the ID token's. Auth.js reads the ID token only, so its users
 *   have no picture. `picture` is `null` while Roblox has no headshot for the avatar.
 * - `sub` is the Roblox user id; the username (`preferred_username`) and display name (`name`) can change.
 * - No e-mail address for third-party apps (`email` is `null`).
 * - Checks `pkce` and `state`, as in Auth.js; access tokens last 15 minutes, the refresh token 6 months.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** Userinfo with the `profile` scope (https://create.roblox.com/docs/cloud/reference/oauth2#get-v1userinfo). */
export interface RobloxProfile {
  /** The Roblox user id. */
  sub: string
  /** The display name. */
  name: string
  /** The display name. */
  nickname: string
  /** The username. */
  preferred_username: string
  /** When the account was created, in seconds since the epoch. */
  created_at: number
  /** The profile page's URL. */
  profile: string
  /** The avatar headshot; `null` until Roblox has generated it, or after moderation. */
  picture: string | null
  [claim: string]: unknown
}

// The button mark: the Simple Icons "Roblox" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M18.926%2023.998%200%2018.892%205.075.002%2024%205.108ZM15.348%2010.09l-5.282-1.453-1.414%205.273%205.282%201.453z'/%3E%3C/svg%3E"

/** The Roblox provider: scope `openid profile`, checks `pkce` and `state`, the profile from userinfo. */
export default function Roblox<P extends RobloxProfile = RobloxProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "roblox",
    name: "Roblox",
    type: "oidc",
    issuer: "https://apis.roblox.com/oauth/",
    authorization: { params: { scope: "openid profile" } },
    checks: ["pkce", "state"],
    idToken: false,
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? null,
        email: null,
        image: profile.picture ?? null,
      }
    },
    // Roblox's marks are black on white or white on black: the black button.
    style: { brandColor: "#000000", text: "#ffffff", logo: LOGO },
    options,
  }
}
