/**
 * Netlify sign-in (OAuth 2, an OAuth application of Netlify's API). The profile is
 * `GET https://api.netlify.com/api/v1/user`.
 *
 * Callback URL to register as the OAuth application's redirect URI (User settings → Applications → OAuth):
 * `https://example.com/auth/callback/netlify` (Next.js: `https://example.com/api/auth/callback/netlify`).
 * Environment variables when `Netlify` is listed bare in `providers`: `AUTH_NETLIFY_ID`, `AUTH_NETLIFY_SECRET`.
 *
 * @example
 * import Netlify from "@gatehousejs/core/providers/netlify"
 *
 * Gatehouse({ providers: [Netlify] })
 *
 * Quirks:
 * - Netlify has no scopes: a token reaches everything the user can through Netlify's API. Auth.js's authorization
 *   URL ends in a bare `?scope`, which sends an empty `scope`; none is sent here.
 * - Netlify documents no PKCE: the check is `state` (Auth.js sends PKCE alone).
 * - The name is `full_name`, the picture `avatar_url`.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /api/v1/user` of Netlify's API (https://open-api.netlify.com/#tag/user/operation/getCurrentUser). */
export interface NetlifyProfile extends Record<string, unknown> {
  id: string
  uid?: string
  full_name: string | null
  avatar_url: string | null
  email: string
  affiliate_id?: string
  site_count?: number
  created_at?: string
  last_login?: string
  login_providers?: string[]
  onboarding_progress?: { slides?: string }
}

// The button mark: the Simple Icons "Netlify" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M6.49%2019.04h-.23L5.13%2017.9v-.23l1.73-1.71h1.2l.15.15v1.2L6.5%2019.04ZM5.13%206.31V6.1l1.13-1.13h.23L8.2%206.68v1.2l-.15.15h-1.2L5.13%206.31Zm9.96%209.09h-1.65l-.14-.13v-3.83c0-.68-.27-1.2-1.1-1.23-.42%200-.9%200-1.43.02l-.07.08v4.96l-.14.14H8.9l-.13-.14V8.73l.13-.14h3.7a2.6%202.6%200%200%201%202.61%202.6v4.08l-.13.14Zm-8.37-2.44H.14L0%2012.82v-1.64l.14-.14h6.58l.14.14v1.64l-.14.14Zm17.14%200h-6.58l-.14-.14v-1.64l.14-.14h6.58l.14.14v1.64l-.14.14ZM11.05%206.55V1.64l.14-.14h1.65l.14.14v4.9l-.14.14h-1.65l-.14-.13Zm0%2015.81v-4.9l.14-.14h1.65l.14.13v4.91l-.14.14h-1.65l-.14-.14Z'/%3E%3C/svg%3E"

/** The Netlify provider: no scope, check `state`, the profile from `/api/v1/user`. */
export default function Netlify<P extends NetlifyProfile = NetlifyProfile>(config: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "netlify",
    name: "Netlify",
    type: "oauth",
    authorization: "https://app.netlify.com/authorize",
    token: "https://api.netlify.com/oauth/token",
    userinfo: "https://api.netlify.com/api/v1/user",
    checks: ["state"],
    profile(profile: P): User {
      return { id: profile.id, name: profile.full_name ?? null, email: profile.email ?? null, image: profile.avatar_url ?? null }
    },
    style: { brandColor: "#00c7b7", logo: LOGO },
    options: config,
  }
}
