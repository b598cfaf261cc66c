/**
 * WordPress.com sign-in (OAuth 2; also Jetpack-connected sites' users). The profile is `GET /rest/v1.1/me`.
 *
 * Callback URL to set as the app's Redirect URL (https://developer.wordpress.com/apps/):
 * `https://example.com/auth/callback/wordpress` (Next.js: `https://example.com/api/auth/callback/wordpress`).
 * Environment variables when `WordPress` is listed bare in `providers`: `AUTH_WORDPRESS_ID`, `AUTH_WORDPRESS_SECRET`.
 *
 * @example
 * import WordPress from "@gatehousejs/core/providers/wordpress"
 *
 * Gatehouse({ providers: [WordPress] })
 *
 * Quirks:
 * - Scope `auth` reaches `/me` and nothing else; ask for `global` (or a `blog` parameter) to use the REST API beyond
 *   sign-in.
 * - The token request carries the client secret in its body, as WordPress.com documents it (Auth.js sends Basic).
 * - `email_verified` tells whether WordPress.com verified the address. Checks `pkce` and `state` (WordPress.com
 *   documents `state` for this endpoint, not PKCE). Tokens do not expire and come without a refresh token
 *   (`refresh: false`).
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /rest/v1.1/me` (https://developer.wordpress.com/docs/api/1.1/get/me/). */
export interface WordPressProfile {
  ID: number
  display_name: string
  username: string
  email: string
  primary_blog?: number
  primary_blog_url?: string
  language?: string
  locale?: string
  token_site_id?: number | false
  token_scope?: string[]
  avatar_URL?: string
  profile_URL?: string
  verified?: boolean
  email_verified?: boolean
  date?: string
  site_count?: number
  [field: string]: unknown
}

// The button mark: the Simple Icons "WordPress" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M21.469%206.825c.84%201.537%201.318%203.3%201.318%205.175%200%203.979-2.156%207.456-5.363%209.325l3.295-9.527c.615-1.54.82-2.771.82-3.864%200-.405-.026-.78-.07-1.11m-7.981.105c.647-.03%201.232-.105%201.232-.105.582-.075.514-.93-.067-.899%200%200-1.755.135-2.88.135-1.064%200-2.85-.15-2.85-.15-.585-.03-.661.855-.075.885%200%200%20.54.061%201.125.09l1.68%204.605-2.37%207.08L5.354%206.9c.649-.03%201.234-.1%201.234-.1.585-.075.516-.93-.065-.896%200%200-1.746.138-2.874.138-.2%200-.438-.008-.69-.015C4.911%203.15%208.235%201.215%2012%201.215c2.809%200%205.365%201.072%207.286%202.833-.046-.003-.091-.009-.141-.009-1.06%200-1.812.923-1.812%201.914%200%20.89.513%201.643%201.06%202.531.411.72.89%201.643.89%202.977%200%20.915-.354%201.994-.821%203.479l-1.075%203.585-3.9-11.61.001.014zM12%2022.784c-1.059%200-2.081-.153-3.048-.437l3.237-9.406%203.315%209.087c.024.053.05.101.078.149-1.12.393-2.325.609-3.582.609M1.211%2012c0-1.564.336-3.05.935-4.39L7.29%2021.709C3.694%2019.96%201.212%2016.271%201.211%2012M12%200C5.385%200%200%205.385%200%2012s5.385%2012%2012%2012%2012-5.385%2012-12S18.615%200%2012%200'/%3E%3C/svg%3E"

/** The WordPress.com provider: scope `auth`, checks `pkce` and `state`, client secret in the body. */
export default function WordPress<P extends WordPressProfile = WordPressProfile>(config: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "wordpress",
    name: "WordPress.com",
    type: "oauth",
    authorization: { url: "https://public-api.wordpress.com/oauth2/authorize", params: { scope: "auth" } },
    token: "https://public-api.wordpress.com/oauth2/token",
    userinfo: "https://public-api.wordpress.com/rest/v1.1/me",
    refresh: false,
    checks: ["pkce", "state"],
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: P): User {
      return {
        id: String(profile.ID),
        name: profile.display_name || profile.username,
        email: profile.email ?? null,
        image: profile.avatar_URL || null,
      }
    },
    style: { brandColor: "#21759b", text: "#ffffff", logo: LOGO },
    options: config,
  }
}
