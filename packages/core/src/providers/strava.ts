/**
 * Strava sign-in (OAuth 2). The profile is the authenticated athlete, `GET /api/v3/athlete`.
 *
 * Callback: Strava checks only the host, against the app's "Authorization Callback Domain" (`example.com`); the
 * redirect URI sent is `https://example.com/auth/callback/strava`
 * (Next.js: `https://example.com/api/auth/callback/strava`).
 * Environment variables when `Strava` is listed bare in `providers`: `AUTH_STRAVA_ID`, `AUTH_STRAVA_SECRET`.
 *
 * @example
 * import Strava from "@gatehousejs/core/providers/strava"
 *
 * Gatehouse({ providers: [Strava] })
 * Strava({ authorization: { params: { scope: "read,activity:read_all" } } })
 *
 * Quirks:
 * - Scopes are separated by commas, not spaces.
 * - Strava never shares the e-mail address: `email` is always `null`.
 * - The client secret goes in the token request body; the token response also embeds the `athlete` and an
 *   `expires_at`; refresh tokens rotate.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /athlete` (https://developers.strava.com/docs/reference/#api-models-DetailedAthlete). */
export interface StravaProfile {
  id: number
  username: string | null
  resource_state: number
  firstname: string
  lastname: string
  bio?: string | null
  city: string | null
  state: string | null
  country: string | null
  sex: "M" | "F" | null
  premium?: boolean
  summit: boolean
  created_at: string
  updated_at: string
  badge_type_id?: number
  weight?: number | null
  /** 62×62 picture URL. */
  profile_medium: string
  /** 124×124 picture URL. */
  profile: string
  friend?: unknown
  follower?: unknown
  [field: string]: unknown
}

// The button mark: the Simple Icons "Strava" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M15.387%2017.944l-2.089-4.116h-3.065L15.387%2024l5.15-10.172h-3.066m-7.008-5.599l2.836%205.598h4.172L10.463%200l-7%2013.828h4.169'/%3E%3C/svg%3E"

/** The Strava provider: scope `read`, `approval_prompt=auto`, PKCE, `client_secret_post`. */
export default function Strava<P extends StravaProfile = StravaProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "strava",
    name: "Strava",
    type: "oauth",
    authorization: {
      url: "https://www.strava.com/api/v3/oauth/authorize",
      params: { scope: "read", approval_prompt: "auto" },
    },
    token: "https://www.strava.com/api/v3/oauth/token",
    userinfo: "https://www.strava.com/api/v3/athlete",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: P): User {
      return {
        id: String(profile.id),
        name: [profile.firstname, profile.lastname].filter(Boolean).join(" ") || null,
        email: null,
        image: profile.profile ?? null,
      }
    },
    style: { brandColor: "#fc4c02", logo: LOGO },
    options,
  }
}
