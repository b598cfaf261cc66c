/**
 * Todoist sign-in (OAuth 2). The profile is `GET /api/v1/user` of the Todoist API v1.
 *
 * Callback URL to set as the app's OAuth redirect URL in the App Management Console:
 * `https://example.com/auth/callback/todoist` (Next.js: `https://example.com/api/auth/callback/todoist`).
 * Environment variables when `Todoist` is listed bare in `providers`: `AUTH_TODOIST_ID`, `AUTH_TODOIST_SECRET`.
 *
 * @example
 * import Todoist from "@gatehousejs/core/providers/todoist"
 *
 * Gatehouse({ providers: [Todoist] })
 * Todoist({ authorization: { params: { scope: "data:read,task:add" } } })
 *
 * Quirks:
 * - The profile comes from the API v1 user endpoint. Auth.js posts to the Sync API v9, which Todoist shut down on
 *   10 February 2026, so its sign-in fails after consent.
 * - Scopes are comma-separated (`data:read,task:add`). Todoist requires `state`: checks `pkce` and `state`.
 * - The client secret goes in the token request body. Apps with refresh tokens enabled (Todoist's default for new
 *   apps) get one that rotates on each refresh, by the standard grant; older apps' tokens do not expire and come
 *   without one. Ids are opaque strings in API v1.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /api/v1/user` (https://developer.todoist.com/api/v1/#tag/User). */
export interface TodoistProfile {
  id: string
  email: string
  full_name: string
  avatar_big?: string | null
  avatar_medium?: string | null
  avatar_s640?: string | null
  avatar_small?: string | null
  inbox_project_id?: string
  lang?: string
  is_premium?: boolean
  premium_status?: string
  business_account_id?: string | null
  tz_info?: { timezone: string; gmt_string: string; hours: number; minutes: number; is_dst: number }
  [field: string]: unknown
}

// The button mark: the Simple Icons "Todoist" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M21%200H3C1.35%200%200%201.35%200%203v3.858s3.854%202.24%204.098%202.38c.31.18.694.177%201.004%200%20.26-.147%208.02-4.608%208.136-4.675.279-.161.58-.107.748-.01.164.097.606.348.84.48.232.134.221.502.013.622l-9.712%205.59c-.346.2-.69.204-1.048.002C3.478%2010.907.998%209.463%200%208.882v2.02l4.098%202.38c.31.18.694.177%201.004%200%20.26-.147%208.02-4.609%208.136-4.676.279-.16.58-.106.748-.008.164.096.606.347.84.48.232.133.221.5.013.62-.208.121-9.288%205.346-9.712%205.59-.346.2-.69.205-1.048.002C3.478%2014.951.998%2013.506%200%2012.926v2.02l4.098%202.38c.31.18.694.177%201.004%200%20.26-.147%208.02-4.609%208.136-4.676.279-.16.58-.106.748-.009.164.097.606.348.84.48.232.133.221.502.013.622l-9.712%205.59c-.346.199-.69.204-1.048.001C3.478%2018.994.998%2017.55%200%2016.97V21c0%201.65%201.35%203%203%203h18c1.65%200%203-1.35%203-3V3c0-1.65-1.35-3-3-3z'/%3E%3C/svg%3E"

/** The Todoist provider: scope `data:read`, checks `pkce` and `state`, client secret in the body. */
export default function TodoistProvider<P extends TodoistProfile = TodoistProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "todoist",
    name: "Todoist",
    type: "oauth",
    authorization: { url: "https://todoist.com/oauth/authorize", params: { scope: "data:read" } },
    token: "https://todoist.com/oauth/access_token",
    userinfo: "https://api.todoist.com/api/v1/user",
    checks: ["pkce", "state"],
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: P): User {
      return {
        id: String(profile.id),
        name: profile.full_name || null,
        email: profile.email ?? null,
        image: profile.avatar_big ?? null,
      }
    },
    // Todoist's red with black text: white on it is under WCAG AA (4.1:1), as Auth.js's button already shows.
    style: { brandColor: "#e44332", text: "#000000", logo: LOGO },
    options,
  }
}
