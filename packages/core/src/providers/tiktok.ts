/**
 * TikTok sign-in (Login Kit for Web, OAuth 2 v2 endpoints). The profile is `GET /v2/user/info/` of the Display API.
 *
 * Callback URL to register as a Login Kit redirect URI (https only; TikTok refuses `localhost`):
 * `https://example.com/auth/callback/tiktok` (Next.js: `https://example.com/api/auth/callback/tiktok`).
 * Environment variables when `TikTok` is listed bare in `providers`: `AUTH_TIKTOK_ID` (the client key),
 * `AUTH_TIKTOK_SECRET`.
 *
 * @example
 * import TikTok from "@gatehousejs/core/providers/tiktok"
 *
 * Gatehouse({ providers: [TikTok] })
 * TikTok({ clientId: env.TIKTOK_CLIENT_KEY, clientSecret: env.TIKTOK_CLIENT_SECRET })
 *
 * Quirks:
 * - TikTok names the client id `client_key`, in the authorization URL and in the token request; the provider sends it
 *   there (besides `client_id`), from `AUTH_TIKTOK_ID` too, also when the provider is called with options.
 * - The client secret goes in the token request body, next to `client_key`. Auth.js adds `client_key` through its own
 *   `[customFetch]`, which an app's `[customFetch]` then replaces; here it is a plain token parameter, and a refresh
 *   parameter too (TikTok's refresh request names the client `client_key` as well).
 * - Errors at the token endpoint may come with HTTP 200 (`{ error, error_description, log_id }`); `token.conform`
 *   makes them the 400 of RFC 6749 §5.2, so they fail as OAuth errors instead of as a malformed answer.
 * - The user info is wrapped, `{ data: { user }, error: { code, message, log_id } }`; an `error.code` other than `ok`
 *   fails the sign-in with TikTok's message. `open_id` is per app; `union_id` is shared by a developer's apps.
 * - TikTok shares no e-mail address (`email` is `null`). Checks `pkce` and `state`.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"
import { tokenErrorsSentWith200 } from "../oauth/token-errors.js"

/** `GET /v2/user/info/` (https://developers.tiktok.com/doc/tiktok-api-v2-get-user-info). */
export interface TiktokProfile {
  data: {
    user: {
      /** The user's id for this app. */
      open_id: string
      /** The user's id across the developer's apps. */
      union_id?: string
      avatar_url: string
      avatar_url_100?: string
      avatar_large_url?: string
      display_name: string
      /** Needs the `user.info.profile` scope. */
      username?: string
      /** TikTok does not share e-mail addresses. */
      email?: string
      bio_description?: string
      profile_deep_link?: string
      is_verified?: boolean
      follower_count?: number
      following_count?: number
      likes_count?: number
      video_count?: number
    }
  }
  error: {
    /** `"ok"` on success. */
    code: string
    message: string
    log_id: string
  }
}

// The button mark: the Simple Icons "TikTok" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M12.525.02c1.31-.02%202.61-.01%203.91-.02.08%201.53.63%203.09%201.75%204.17%201.12%201.11%202.7%201.62%204.24%201.79v4.03c-1.44-.05-2.89-.35-4.2-.97-.57-.26-1.1-.59-1.62-.93-.01%202.92.01%205.84-.02%208.75-.08%201.4-.54%202.79-1.35%203.94-1.31%201.92-3.58%203.17-5.91%203.21-1.43.08-2.86-.31-4.08-1.03-2.02-1.19-3.44-3.37-3.65-5.71-.02-.5-.03-1-.01-1.49.18-1.9%201.12-3.72%202.58-4.96%201.66-1.44%203.98-2.13%206.15-1.72.02%201.48-.04%202.96-.04%204.44-.99-.32-2.15-.23-3.02.37-.63.41-1.11%201.04-1.36%201.75-.21.51-.15%201.07-.14%201.61.24%201.64%201.82%203.02%203.5%202.87%201.12-.01%202.19-.66%202.77-1.61.19-.33.4-.67.41-1.06.1-1.79.06-3.57.07-5.36.01-4.03-.01-8.05.02-12.07z'/%3E%3C/svg%3E"

/** TikTok's name for the client id, read once the environment is (`AUTH_TIKTOK_ID`). */
const clientKey = (provider: { clientId?: string }): string | undefined => provider.clientId

/** The TikTok provider: scope `user.info.basic`, `client_key`, checks `pkce` and `state`, client secret in the body. */
export default function TikTok(options: OAuthUserConfig<TiktokProfile> = {}): OAuthConfig<TiktokProfile> {
  return {
    id: "tiktok",
    name: "TikTok",
    type: "oauth",
    authorization: {
      url: "https://www.tiktok.com/v2/auth/authorize/",
      params: { client_key: clientKey, scope: "user.info.basic" },
    },
    token: { url: "https://open.tiktokapis.com/v2/oauth/token/", params: { client_key: clientKey }, conform: tokenErrorsSentWith200 },
    userinfo: "https://open.tiktokapis.com/v2/user/info/?fields=open_id,union_id,avatar_url,display_name",
    refresh: { params: { client_key: clientKey } },
    checks: ["pkce", "state"],
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: TiktokProfile): User {
      const { data, error } = profile
      if (error && error.code !== "ok") throw new Error(`TikTok's user info answered ${error.code}: ${error.message}`)
      return {
        id: data.user.open_id,
        name: data.user.display_name || null,
        email: null,
        image: data.user.avatar_url || null,
      }
    },
    style: { brandColor: "#000000", text: "#ffffff", logo: LOGO },
    options,
  }
}
