/**
 * Dribbble sign-in (OAuth 2). The profile is `GET /v2/user` of the Dribbble API.
 *
 * Callback URL to register as the application's Callback URL (https://dribbble.com/account/applications):
 * `https://example.com/auth/callback/dribbble` (Next.js: `https://example.com/api/auth/callback/dribbble`).
 * Environment variables when `Dribbble` is listed bare in `providers`: `AUTH_DRIBBBLE_ID`, `AUTH_DRIBBBLE_SECRET`.
 *
 * @example
 * import Dribbble from "@gatehousejs/core/providers/dribbble"
 *
 * Gatehouse({ providers: [Dribbble] })
 * Dribbble({ scope: "public upload" })
 *
 * Quirks:
 * - `scope` is an option of its own (`"public"` or `"public upload"`), as in Auth.js; without it no scope is sent and
 *   Dribbble grants `public`.
 * - Dribbble's user object has no e-mail address, so `email` is `null` (Auth.js reads a field that is not there).
 * - Dribbble's authorization guide asks for `state` against cross-site request forgery, so it is sent along with
 *   PKCE (Auth.js sends PKCE only); the client secret goes in the token request's body, as the guide sends it.
 * - Dribbble answers with an access token only, which does not expire: no refresh token (`refresh: false`).
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /v2/user` (https://developer.dribbble.com/v2/user/): the authenticated user. */
export interface DribbbleProfile {
  id: number
  name: string
  login: string
  html_url: string
  avatar_url: string
  bio: string
  location: string | null
  links: Record<string, string>
  can_upload_shot: boolean
  pro: boolean
  followers_count: number
  created_at: string
  type: "User" | "Team"
  teams: { id: number; name: string; login: string; html_url: string; avatar_url: string; [field: string]: unknown }[]
  /** Not in Dribbble's user object; kept for code written against Auth.js's type. */
  email?: string
  [field: string]: unknown
}

// The button mark: the Simple Icons "Dribbble" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M12%2024C5.385%2024%200%2018.615%200%2012S5.385%200%2012%200s12%205.385%2012%2012-5.385%2012-12%2012zm10.12-10.358c-.35-.11-3.17-.953-6.384-.438%201.34%203.684%201.887%206.684%201.992%207.308%202.3-1.555%203.936-4.02%204.395-6.87zm-6.115%207.808c-.153-.9-.75-4.032-2.19-7.77l-.066.02c-5.79%202.015-7.86%206.025-8.04%206.4%201.73%201.358%203.92%202.166%206.29%202.166%201.42%200%202.77-.29%204-.814zm-11.62-2.58c.232-.4%203.045-5.055%208.332-6.765.135-.045.27-.084.405-.12-.26-.585-.54-1.167-.832-1.74C7.17%2011.775%202.206%2011.71%201.756%2011.7l-.004.312c0%202.633.998%205.037%202.634%206.855zm-2.42-8.955c.46.008%204.683.026%209.477-1.248-1.698-3.018-3.53-5.558-3.8-5.928-2.868%201.35-5.01%203.99-5.676%207.17zM9.6%202.052c.282.38%202.145%202.914%203.822%206%203.645-1.365%205.19-3.44%205.373-3.702-1.81-1.61-4.19-2.586-6.795-2.586-.825%200-1.63.1-2.4.285zm10.335%203.483c-.218.29-1.935%202.493-5.724%204.04.24.49.47.985.68%201.486.08.18.15.36.22.53%203.41-.43%206.8.26%207.14.33-.02-2.42-.88-4.64-2.31-6.38z'/%3E%3C/svg%3E"

/** The Dribbble provider: the `scope` option, PKCE and state, client secret in the body. */
export default function Dribbble<P extends DribbbleProfile = DribbbleProfile>(
  options: OAuthUserConfig<P> & { scope?: "public" | "public upload" } = {},
): OAuthConfig<P> {
  const { scope, ...rest } = options
  return {
    id: "dribbble",
    name: "Dribbble",
    type: "oauth",
    authorization: { url: "https://dribbble.com/oauth/authorize", params: { scope } },
    token: "https://dribbble.com/oauth/token",
    userinfo: "https://api.dribbble.com/v2/user",
    refresh: false,
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile: P): User {
      return {
        id: String(profile.id),
        name: profile.name ?? profile.login ?? null,
        email: profile.email ?? null,
        image: profile.avatar_url ?? null,
      }
    },
    // Dribbble's pink, darkened until white text on it meets WCAG AA (4.5:1).
    style: { brandColor: "#c94176", logo: LOGO },
    options: rest as OAuthUserConfig<P>,
  }
}
