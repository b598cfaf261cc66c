/**
 * Facebook Login (OAuth 2). The profile is `GET /me` of the Graph API with the fields asked for explicitly.
 *
 * Callback URL to register under Facebook Login → Settings → Valid OAuth Redirect URIs:
 * `https://example.com/auth/callback/facebook`
 * (Next.js: `https://example.com/api/auth/callback/facebook`).
 * Environment variables when `Facebook` is listed bare in `providers`: `AUTH_FACEBOOK_ID`, `AUTH_FACEBOOK_SECRET`.
 *
 * @example
 * import Facebook from "@gatehousejs/core/providers/facebook"
 *
 * Gatehouse({ providers: [Facebook] })
 * // More fields: the Graph API returns only those requested.
 * Facebook({ userinfo: "https://graph.facebook.com/me?fields=id,name,email,picture.width(200),first_name" })
 *
 * Quirks:
 * - The dialog URL is versioned (`v19.0`); the Graph API returns only the `fields` requested.
 * - `email` is missing for accounts registered with a phone number, or when the user declines it.
 * - No refresh tokens: long-lived tokens come from a separate token exchange, so `refresh: false`.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /me?fields=id,name,email,picture` (https://developers.facebook.com/docs/graph-api/reference/user/). */
export interface FacebookProfile {
  /** App-scoped user id. */
  id: string
  name: string
  email?: string
  first_name?: string
  last_name?: string
  picture?: { data: { url: string; width?: number; height?: number; is_silhouette?: boolean } }
  [field: string]: unknown
}

// The button mark: the Simple Icons "Facebook" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M9.101%2023.691v-7.98H6.627v-3.667h2.474v-1.58c0-4.085%201.848-5.978%205.858-5.978.401%200%20.955.042%201.468.103a8.68%208.68%200%200%201%201.141.195v3.325a8.623%208.623%200%200%200-.653-.036%2026.805%2026.805%200%200%200-.733-.009c-.707%200-1.259.096-1.675.309a1.686%201.686%200%200%200-.679.622c-.258.42-.374.995-.374%201.752v1.297h3.919l-.386%202.103-.287%201.564h-3.246v8.245C19.396%2023.238%2024%2018.179%2024%2012.044c0-6.627-5.373-12-12-12s-12%205.373-12%2012c0%205.628%203.874%2010.35%209.101%2011.647Z'/%3E%3C/svg%3E"

/** The Facebook provider: scope `email`, PKCE, fields `id,name,email,picture`. */
export default function Facebook<P extends FacebookProfile = FacebookProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "facebook",
    name: "Facebook",
    type: "oauth",
    authorization: { url: "https://www.facebook.com/v19.0/dialog/oauth", params: { scope: "email" } },
    token: "https://graph.facebook.com/oauth/access_token",
    userinfo: "https://graph.facebook.com/me?fields=id,name,email,picture",
    refresh: false,
    profile(profile: P): User {
      return {
        id: profile.id,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.picture?.data?.url ?? null,
      }
    },
    style: { brandColor: "#0866ff", logo: LOGO },
    options,
  }
}
