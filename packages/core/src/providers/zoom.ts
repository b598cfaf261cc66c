/**
 * Zoom sign-in (OAuth 2, a "General app" with user-managed authorization). The profile is `GET /v2/users/me`.
 *
 * Callback URL to register as the app's OAuth Redirect URL and in its allow list:
 * `https://example.com/auth/callback/zoom`
 * (Next.js: `https://example.com/api/auth/callback/zoom`).
 * Environment variables when `Zoom` is listed bare in `providers`: `AUTH_ZOOM_ID`, `AUTH_ZOOM_SECRET`.
 *
 * @example
 * import Zoom from "@gatehousejs/core/providers/zoom"
 *
 * Gatehouse({ providers: [Zoom] })
 *
 * Quirks: no `scope` is sent — Zoom takes the scopes configured for the app (`user:read:user` is needed for the
 * profile). Auth.js needs an empty `?scope` for that; Gatehouse adds no default scope to OAuth 2 providers.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /users/me` (https://developers.zoom.us/docs/api/users/#tag/users/GET/users/{userId}). */
export interface ZoomProfile {
  id: string
  first_name: string
  last_name: string
  display_name?: string
  email: string
  type: number
  role_name: string
  pmi: number
  use_pmi: boolean
  personal_meeting_url?: string
  timezone: string
  verified: number
  dept: string
  created_at: string
  last_login_time: string
  last_client_version?: string
  pic_url?: string
  language?: string
  phone_number?: string
  status: string
  role_id?: string
  account_id: string
  account_number?: number
  cluster?: string
  user_created_at?: string
  [field: string]: unknown
}

// The button mark: the Simple Icons "Zoom" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M5.033%2014.649H.743a.74.74%200%200%201-.686-.458.74.74%200%200%201%20.16-.808L3.19%2010.41H1.06A1.06%201.06%200%200%201%200%209.35h3.957c.301%200%20.57.18.686.458a.74.74%200%200%201-.161.808L1.51%2013.59h2.464c.585%200%201.06.475%201.06%201.06zM24%2011.338c0-1.14-.927-2.066-2.066-2.066-.61%200-1.158.265-1.537.686a2.061%202.061%200%200%200-1.536-.686c-1.14%200-2.066.926-2.066%202.066v3.311a1.06%201.06%200%200%200%201.06-1.06v-2.251a1.004%201.004%200%200%201%202.013%200v2.251c0%20.586.474%201.06%201.06%201.06v-3.311a1.004%201.004%200%200%201%202.012%200v2.251c0%20.586.475%201.06%201.06%201.06zM16.265%2012a2.728%202.728%200%201%201-5.457%200%202.728%202.728%200%200%201%205.457%200zm-1.06%200a1.669%201.669%200%201%200-3.338%200%201.669%201.669%200%200%200%203.338%200zm-4.82%200a2.728%202.728%200%201%201-5.458%200%202.728%202.728%200%200%201%205.457%200zm-1.06%200a1.669%201.669%200%201%200-3.338%200%201.669%201.669%200%200%200%203.338%200z'/%3E%3C/svg%3E"

/** The Zoom provider: no scope (the app's configured scopes apply), PKCE. */
export default function Zoom<P extends ZoomProfile = ZoomProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "zoom",
    name: "Zoom",
    type: "oauth",
    authorization: "https://zoom.us/oauth/authorize",
    token: "https://zoom.us/oauth/token",
    userinfo: "https://api.zoom.us/v2/users/me",
    profile(profile: P): User {
      return {
        id: profile.id,
        name: [profile.first_name, profile.last_name].filter(Boolean).join(" ") || profile.display_name || null,
        email: profile.email ?? null,
        image: profile.pic_url ?? null,
      }
    },
    style: { brandColor: "#0b5cff", logo: LOGO },
    options,
  }
}
