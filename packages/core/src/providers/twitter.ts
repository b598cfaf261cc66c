/**
 * X (Twitter) sign-in with OAuth 2.0 (authorization code + PKCE). OAuth 1.0a is not supported. The profile is
 * `GET /2/users/me`, nested under `data`.
 *
 * Callback URL to register under User authentication settings: `https://example.com/auth/callback/twitter`
 * (Next.js: `https://example.com/api/auth/callback/twitter`).
 * Environment variables when `Twitter` is listed bare in `providers`: `AUTH_TWITTER_ID`, `AUTH_TWITTER_SECRET`
 * (the OAuth 2.0 Client ID and Client Secret, not the API key and secret).
 *
 * @example
 * import Twitter from "@gatehousejs/core/providers/twitter"
 *
 * Gatehouse({ providers: [Twitter] })
 *
 * Quirks:
 * - PKCE (S256) and `state` are both required by X; confidential clients authenticate with HTTP Basic.
 * - `offline.access` (in the default scope) yields a refresh token.
 * - X does not give the e-mail address through this endpoint by default: `email` is `data.email` when present,
 *   else `null`.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /2/users/me?user.fields=profile_image_url` (https://docs.x.com/x-api/users/user-lookup-me). */
export interface TwitterProfile {
  data: {
    id: string
    name: string
    username: string
    profile_image_url?: string
    email?: string
    location?: string
    description?: string
    url?: string
    verified?: boolean
    protected?: boolean
    created_at?: string
    pinned_tweet_id?: string
    entities?: Record<string, unknown>
    public_metrics?: { followers_count: number; following_count: number; tweet_count: number; listed_count: number }
    [field: string]: unknown
  }
  includes?: { tweets?: { id: string; text: string }[] }
  [field: string]: unknown
}

// The button mark: the Simple Icons "X" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M14.234%2010.162%2022.977%200h-2.072l-7.591%208.824L7.251%200H.258l9.168%2013.343L.258%2024H2.33l8.016-9.318L16.749%2024h6.993zm-2.837%203.299-.929-1.329L3.076%201.56h3.182l5.965%208.532.929%201.329%207.754%2011.09h-3.182z'/%3E%3C/svg%3E"

/** The X (Twitter) provider: scope `users.read tweet.read offline.access`, checks `pkce` + `state`. */
export default function Twitter<P extends TwitterProfile = TwitterProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "twitter",
    name: "Twitter",
    type: "oauth",
    authorization: { url: "https://x.com/i/oauth2/authorize", params: { scope: "users.read tweet.read offline.access" } },
    token: "https://api.x.com/2/oauth2/token",
    userinfo: "https://api.x.com/2/users/me?user.fields=profile_image_url",
    checks: ["pkce", "state"],
    profile({ data }: P): User {
      return { id: data.id, name: data.name ?? null, email: data.email ?? null, image: data.profile_image_url ?? null }
    },
    style: { brandColor: "#000000", logo: LOGO },
    options,
  }
}
