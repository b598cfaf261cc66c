/**
 * ClickUp sign-in (OAuth 2). The profile is `GET /api/v2/user`, the authorized user.
 *
 * Callback URL to register as the app's redirect URL (Settings → ClickUp API → Create an App):
 * `https://example.com/auth/callback/click-up` (Next.js: `https://example.com/api/auth/callback/click-up`).
 * Environment variables when `ClickUp` is listed bare in `providers`: `AUTH_CLICK_UP_ID`, `AUTH_CLICK_UP_SECRET`.
 *
 * @example
 * import ClickUp from "@gatehousejs/core/providers/click-up"
 *
 * Gatehouse({ providers: [ClickUp] })
 *
 * Quirks:
 * - ClickUp's token endpoint takes `client_id`, `client_secret` and `code` as query parameters of a POST and answers
 *   with `access_token` alone (no `token_type`, no expiry: tokens do not expire, and there is no
 *   refresh token: `refresh: false`); `token.request` sends exactly
 *   that. The request's URL holds the secret, so it is never put in an error message or log line.
 * - API calls carry the token as the whole `Authorization` header, without a `Bearer` prefix, as ClickUp documents.
 * - There are no scopes: the user picks the Workspaces the app may see. State only, as ClickUp has no PKCE.
 * - Auth.js maps no `email` or `image` and puts `profilePicture` and `color` on the user object, where an
 *   adapter would try to store them; here the user is `id`, `name` (`username`), `email`, `image`.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, TokenSet, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, TokenEndpointContext, UserinfoEndpointContext } from "./types.js"

/** `GET /api/v2/user` (https://developer.clickup.com/reference/getauthorizeduser). */
export interface ClickUpProfile {
  user: {
    id: number
    username: string
    email: string
    color: string
    profilePicture: string | null
    initials: string
    week_start_day: number | null
    global_font_support: boolean
    timezone: string
    [field: string]: unknown
  }
}

const TOKEN = "https://api.clickup.com/api/v2/oauth/token"
const USER = "https://api.clickup.com/api/v2/user"

// The button mark: the Simple Icons "ClickUp" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M2%2018.439l3.69-2.828c1.961%202.56%204.044%203.739%206.363%203.739%202.307%200%204.33-1.166%206.203-3.704L22%2018.405C19.298%2022.065%2015.941%2024%2012.053%2024%208.178%2024%204.788%2022.078%202%2018.439zM12.04%206.15l-6.568%205.66-3.036-3.52L12.055%200l9.543%208.296-3.05%203.509z'/%3E%3C/svg%3E"

/** The ClickUp provider: state, ClickUp's own token request and profile request. */
export default function ClickUp<P extends ClickUpProfile = ClickUpProfile>(config: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "click-up",
    name: "ClickUp",
    type: "oauth",
    authorization: "https://app.clickup.com/api",
    token: { url: TOKEN, request: tokenRequest },
    userinfo: { url: USER, request: userRequest },
    refresh: false,
    checks: ["state"],
    profile(profile: P): User {
      return {
        id: String(profile.user.id),
        name: profile.user.username ?? null,
        email: profile.user.email ?? null,
        image: profile.user.profilePicture ?? null,
      }
    },
    // ClickUp's violet, darkened until white text on it meets WCAG AA (4.5:1).
    style: { brandColor: "#7261dd", logo: LOGO },
    options: config,
  }
}

/** `token.request`: `POST /api/v2/oauth/token?client_id=…&client_secret=…&code=…` (https://developer.clickup.com/reference/getaccesstoken). */
async function tokenRequest({ params, provider }: TokenEndpointContext): Promise<{ tokens: TokenSet }> {
  const url = new URL(TOKEN)
  url.searchParams.set("client_id", provider.clientId ?? "")
  url.searchParams.set("client_secret", provider.clientSecret ?? "")
  url.searchParams.set("code", params.code ?? "")
  const response = await providerFetch(provider)(url, { method: "POST", headers: { accept: "application/json" } })
  const body = (await response.json().catch(() => null)) as { access_token?: unknown; err?: unknown; ECODE?: unknown } | null
  if (!response.ok || typeof body?.access_token !== "string") {
    // ClickUp's errors are { err, ECODE }; the request URL (it holds the secret) stays out of the message.
    const reason = typeof body?.ECODE === "string" ? body.ECODE : `HTTP ${response.status}`
    throw new TypeError(`ClickUp's token endpoint refused the code: ${reason}.`)
  }
  return { tokens: { access_token: body.access_token, token_type: "bearer" } }
}

/** `userinfo.request`: `GET /api/v2/user` with the token as the `Authorization` header. */
async function userRequest({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const response = await providerFetch(provider)(USER, { headers: { authorization: tokens.access_token ?? "", accept: "application/json" } })
  if (!response.ok) throw new TypeError(`ClickUp's user endpoint answered ${response.status}.`)
  return (await response.json()) as Profile
}
