/**
 * Spotify sign-in (OAuth 2). The profile is `GET /v1/me` of the Web API.
 *
 * Callback URL to register in the app's Redirect URIs: `https://example.com/auth/callback/spotify`
 * (Next.js: `https://example.com/api/auth/callback/spotify`).
 * Environment variables when `Spotify` is listed bare in `providers`: `AUTH_SPOTIFY_ID`, `AUTH_SPOTIFY_SECRET`.
 *
 * @example
 * import Spotify from "@gatehousejs/core/providers/spotify"
 *
 * Gatehouse({ providers: [Spotify] })
 * Spotify({ authorization: { params: { scope: "user-read-email user-top-read" } } })
 *
 * Quirks: Spotify does not verify e-mail addresses (its docs say so), and `display_name` may be `null`.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /v1/me` (https://developer.spotify.com/documentation/web-api/reference/get-current-users-profile). */
export interface SpotifyProfile {
  id: string
  display_name: string | null
  /** Unverified, per Spotify. Needs the `user-read-email` scope. */
  email: string
  country?: string
  explicit_content?: { filter_enabled: boolean; filter_locked: boolean }
  external_urls?: { spotify: string }
  followers?: { href: string | null; total: number }
  href?: string
  images: { url: string; height: number | null; width: number | null }[]
  product?: string
  type?: "user"
  uri?: string
  [field: string]: unknown
}

// The button mark: the Simple Icons "Spotify" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M12%200C5.4%200%200%205.4%200%2012s5.4%2012%2012%2012%2012-5.4%2012-12S18.66%200%2012%200zm5.521%2017.34c-.24.359-.66.48-1.021.24-2.82-1.74-6.36-2.101-10.561-1.141-.418.122-.779-.179-.899-.539-.12-.421.18-.78.54-.9%204.56-1.021%208.52-.6%2011.64%201.32.42.18.479.659.301%201.02zm1.44-3.3c-.301.42-.841.6-1.262.3-3.239-1.98-8.159-2.58-11.939-1.38-.479.12-1.02-.12-1.14-.6-.12-.48.12-1.021.6-1.141C9.6%209.9%2015%2010.561%2018.72%2012.84c.361.181.54.78.241%201.2zm.12-3.36C15.24%208.4%208.82%208.16%205.16%209.301c-.6.179-1.2-.181-1.38-.721-.18-.601.18-1.2.72-1.381%204.26-1.26%2011.28-1.02%2015.721%201.621.539.3.719%201.02.419%201.56-.299.421-1.02.599-1.559.3z'/%3E%3C/svg%3E"

/** The Spotify provider: scope `user-read-email`, PKCE. */
export default function Spotify<P extends SpotifyProfile = SpotifyProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "spotify",
    name: "Spotify",
    type: "oauth",
    authorization: { url: "https://accounts.spotify.com/authorize", params: { scope: "user-read-email" } },
    token: "https://accounts.spotify.com/api/token",
    userinfo: "https://api.spotify.com/v1/me",
    profile(profile: P): User {
      return {
        id: profile.id,
        name: profile.display_name ?? null,
        email: profile.email ?? null,
        image: profile.images?.[0]?.url ?? null,
      }
    },
    style: { brandColor: "#1db954", logo: LOGO },
    options,
  }
}
