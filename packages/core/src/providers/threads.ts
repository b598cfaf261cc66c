/**
 * Threads sign-in (Meta's Threads API, OAuth 2). The profile is `GET /v1.0/me` of the Threads Graph API.
 *
 * Callback URL to add to the Threads use case's Redirect Callback URLs (App Dashboard):
 * `https://example.com/auth/callback/threads` (Next.js: `https://example.com/api/auth/callback/threads`).
 * Environment variables when `Threads` is listed bare in `providers`: `AUTH_THREADS_ID` (the Threads app id, not the
 * Meta app id), `AUTH_THREADS_SECRET`.
 *
 * @example
 * import Threads from "@gatehousejs/core/providers/threads"
 *
 * Gatehouse({ providers: [Threads] })
 *
 * Quirks:
 * - The token answer is `{ access_token, user_id }`, without the `token_type` OAuth 2 requires (RFC 6749 §5.1);
 *   `token.conform` adds `bearer`. Auth.js has no such fix, so its token step fails.
 * - The profile is a plain object (`{ id, username, name, threads_profile_picture_url }`). Auth.js reads it from a
 *   `data` member that `/me` does not have, so its profile step fails too.
 * - Threads shares no e-mail address (`email` is `null`). `name` is the display name, else the username.
 * - The authorization page is on `threads.com` (Meta's current documentation; `threads.net` redirects there).
 *   Checks `state` only, as in Auth.js: Threads documents no PKCE. Client secret in the request body.
 * - The access token is short-lived (one hour); a long-lived one comes from a separate `th_exchange_token` call and
 *   is renewed with `th_refresh_token` and the token itself, not a refresh token: `refresh: false`.
 */
import { rewriteTokenAnswer } from "../oauth/token-errors.js"
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /me?fields=id,username,name,threads_profile_picture_url` (https://developers.facebook.com/docs/threads/threads-profiles). */
export interface ThreadsProfile {
  /** The Threads user id (app-scoped). */
  id: string
  /** The handle, the same as on Instagram. */
  username?: string
  /** The display name. */
  name?: string
  threads_profile_picture_url?: string
  threads_biography?: string
  is_verified?: boolean
  [field: string]: unknown
}

// The button mark: the Simple Icons "Threads" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M18.263%2011.097c-.03-3.486-1.92-5.586-5.111-5.586-2.13%200-3.922.963-4.863%202.499l2.062%201.438c.535-.843%201.272-1.543%202.628-1.543%201.528%200%202.318.85%202.544%202.431a15%2015%200%200%200-2.236-.173c-4.125%200-6.068%201.867-6.068%204.336s1.943%203.99%204.804%203.99c3.139%200%205.013-2.115%205.781-4.735.798.361%201.348%201.204%201.348%202.47%200%203.387-3.907%205.232-7.22%205.232-4.885%200-8.077-3.207-8.077-8.424%200-6.392%204.223-10.487%209.9-10.487%203.808%200%205.69%201.671%206.97%203.914l2.108-1.475C21.44%202.078%2018.331%200%2013.663%200%206.227%200%201.168%205.277%201.168%2012.934c0%207%204.953%2011.066%2010.856%2011.066%204.878%200%209.809-2.846%209.809-7.716%200-2.545-1.46-4.231-3.569-5.187m-6.33%204.855c-1.077%200-2.026-.512-2.026-1.453%200-1.483%201.822-1.934%203.606-1.934.678%200%201.34.045%201.927.173-.422%201.927-1.671%203.215-3.508%203.214Z'/%3E%3C/svg%3E"

/** The Threads provider: scope `threads_basic`, checks `state`, client secret in the body. */
export default function Threads(config: OAuthUserConfig<ThreadsProfile> = {}): OAuthConfig<ThreadsProfile> {
  return {
    id: "threads",
    name: "Threads",
    type: "oauth",
    authorization: { url: "https://threads.com/oauth/authorize", params: { scope: "threads_basic" } },
    token: { url: "https://graph.threads.net/oauth/access_token", conform: withBearerTokenType },
    userinfo: "https://graph.threads.net/v1.0/me?fields=id,username,name,threads_profile_picture_url",
    refresh: false,
    checks: ["state"],
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: ThreadsProfile): User {
      return {
        id: profile.id,
        name: profile.name || profile.username || null,
        email: null,
        image: profile.threads_profile_picture_url || null,
      }
    },
    style: { brandColor: "#000000", text: "#ffffff", logo: LOGO },
    options: config,
  }
}

/** `token.conform`: a successful answer without `token_type` gets `bearer`; anything else is left to fail as it is. */
function withBearerTokenType(response: Response): Promise<Response | undefined> {
  return rewriteTokenAnswer(response, (token) =>
    typeof token.access_token !== "string" || typeof token.token_type === "string" ? undefined : { body: { ...token, token_type: "bearer" } },
  )
}
