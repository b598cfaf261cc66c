/**
 * Pinterest sign-in (OAuth 2, API v5). The profile is `GET /v5/user_account`.
 *
 * Callback URL to register as a redirect URI of the app: `https://example.com/auth/callback/pinterest`
 * (Next.js: `https://example.com/api/auth/callback/pinterest`).
 * Environment variables when `Pinterest` is listed bare in `providers`: `AUTH_PINTEREST_ID` (the app id),
 * `AUTH_PINTEREST_SECRET`.
 *
 * @example
 * import Pinterest from "@gatehousejs/core/providers/pinterest"
 *
 * Gatehouse({ providers: [Pinterest] })
 * Pinterest({ authorization: { params: { scope: "user_accounts:read boards:read" } } })
 *
 * Quirks:
 * - The account id is the user account's `id`. Auth.js uses the `username`, which the user can change and someone
 *   else can then take: that person would sign in to the first one's account. Accounts linked through Auth.js carry
 *   the username as `providerAccountId`; see docs/differences.md.
 * - Pinterest shares no e-mail address (`email` is `null`).
 * - The authorization URL is `https://www.pinterest.com/oauth/`, with its trailing `/`; checks `pkce` and `state`
 *   (Pinterest documents `state`, not PKCE).
 * - Access tokens last 30 days; the refresh token (a year) comes with every code exchange.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /v5/user_account` (https://developers.pinterest.com/docs/api/v5/user_account-get). */
export interface PinterestProfile {
  account_type: "BUSINESS" | "PINNER"
  /** The user account's id: stable, unlike `username`. */
  id: string
  profile_image: string
  website_url: string
  username: string
  about?: string
  business_name?: string | null
  board_count?: number | null
  pin_count?: number | null
  follower_count?: number | null
  following_count?: number | null
  monthly_views?: number | null
  [field: string]: unknown
}

// The button mark: the Simple Icons "Pinterest" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M12.017%200C5.396%200%20.029%205.367.029%2011.987c0%205.079%203.158%209.417%207.618%2011.162-.105-.949-.199-2.403.041-3.439.219-.937%201.406-5.957%201.406-5.957s-.359-.72-.359-1.781c0-1.663.967-2.911%202.168-2.911%201.024%200%201.518.769%201.518%201.688%200%201.029-.653%202.567-.992%203.992-.285%201.193.6%202.165%201.775%202.165%202.128%200%203.768-2.245%203.768-5.487%200-2.861-2.063-4.869-5.008-4.869-3.41%200-5.409%202.562-5.409%205.199%200%201.033.394%202.143.889%202.741.099.12.112.225.085.345-.09.375-.293%201.199-.334%201.363-.053.225-.172.271-.401.165-1.495-.69-2.433-2.878-2.433-4.646%200-3.776%202.748-7.252%207.92-7.252%204.158%200%207.392%202.967%207.392%206.923%200%204.135-2.607%207.462-6.233%207.462-1.214%200-2.354-.629-2.758-1.379l-.749%202.848c-.269%201.045-1.004%202.352-1.498%203.146%201.123.345%202.306.535%203.55.535%206.607%200%2011.985-5.365%2011.985-11.987C23.97%205.39%2018.592.026%2011.985.026L12.017%200z'/%3E%3C/svg%3E"

/** The Pinterest provider: scope `user_accounts:read`, checks `pkce` and `state`. */
export default function PinterestProvider<P extends PinterestProfile = PinterestProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "pinterest",
    name: "Pinterest",
    type: "oauth",
    authorization: { url: "https://www.pinterest.com/oauth/", params: { scope: "user_accounts:read" } },
    token: "https://api.pinterest.com/v5/oauth/token",
    userinfo: "https://api.pinterest.com/v5/user_account",
    checks: ["pkce", "state"],
    profile(profile: P): User {
      return {
        id: profile.id,
        name: profile.username,
        email: null,
        image: profile.profile_image || null,
      }
    },
    style: { brandColor: "#bd081c", text: "#ffffff", logo: LOGO },
    options,
  }
}
