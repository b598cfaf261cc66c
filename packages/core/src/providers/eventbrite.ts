/**
 * Eventbrite sign-in (OAuth 2). The profile is `GET /v3/users/me/` of the Eventbrite API.
 *
 * Callback URL to register as the API key's OAuth Redirect URI (Account Settings → Developer Links → API Keys):
 * `https://example.com/auth/callback/eventbrite` (Next.js: `https://example.com/api/auth/callback/eventbrite`).
 * Environment variables when `Eventbrite` is listed bare in `providers`: `AUTH_EVENTBRITE_ID` (the API key),
 * `AUTH_EVENTBRITE_SECRET` (the client secret).
 *
 * @example
 * import Eventbrite from "@gatehousejs/core/providers/eventbrite"
 *
 * Gatehouse({ providers: [Eventbrite] })
 *
 * Quirks:
 * - The client id is the API key. The client secret goes in the token request's body (`client_secret_post`), as in
 *   Auth.js; Eventbrite's tokens do not expire and come without a refresh token
 *   (`refresh: false`).
 * - The address is the one marked `primary` in `emails`, else the first (Auth.js gives `undefined` when none is
 *   marked).
 * - The picture is built from `image_id` on Eventbrite's image CDN, as Auth.js builds it.
 * - `state` is sent as well as PKCE (Auth.js sends PKCE only, which Eventbrite does not document).
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /v3/users/me/` (https://www.eventbrite.com/platform/api#/reference/user/retrieve-your-user). */
export interface EventbriteProfile {
  id: string
  name: string
  first_name: string
  last_name: string
  emails: { email: string; verified: boolean; primary: boolean }[]
  is_public?: boolean
  image_id: string | null
  [field: string]: unknown
}

/** The Eventbrite provider: scope `user.profile`, PKCE and state, client secret in the body. */
export default function Eventbrite<P extends EventbriteProfile = EventbriteProfile>(config: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "eventbrite",
    name: "Eventbrite",
    type: "oauth",
    authorization: { url: "https://www.eventbrite.com/oauth/authorize", params: { scope: "user.profile" } },
    token: "https://www.eventbrite.com/oauth/token",
    userinfo: "https://www.eventbriteapi.com/v3/users/me/",
    refresh: false,
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile: P): User {
      const emails = profile.emails ?? []
      return {
        id: profile.id,
        name: profile.name ?? null,
        email: (emails.find((entry) => entry.primary) ?? emails[0])?.email ?? null,
        image: profile.image_id
          ? `https://img.evbuc.com/https%3A%2F%2Fcdn.evbuc.com%2Fimages%2F${encodeURIComponent(profile.image_id)}%2F1%2Foriginal.jpg`
          : null,
      }
    },
    // Eventbrite's orange, darkened until white text on it meets WCAG AA (4.5:1).
    style: { brandColor: "#cc482f" },
    options: config,
  }
}
