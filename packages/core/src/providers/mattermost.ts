/**
 * Mattermost sign-in (OAuth 2, an OAuth 2.0 application of your Mattermost server, which you supply as the issuer).
 * The profile is `GET /api/v4/users/me`.
 *
 * Callback URL to register among the OAuth application's Callback URLs (Integrations → OAuth 2.0 Applications):
 * `https://example.com/auth/callback/mattermost` (Next.js: `https://example.com/api/auth/callback/mattermost`).
 * Environment variables when `Mattermost` is listed bare in `providers`: `AUTH_MATTERMOST_ID`,
 * `AUTH_MATTERMOST_SECRET`, `AUTH_MATTERMOST_ISSUER` (the server, e.g. `https://chat.example.com`).
 *
 * @example
 * import Mattermost from "@gatehousejs/core/providers/mattermost"
 *
 * Gatehouse({ providers: [Mattermost] }) // AUTH_MATTERMOST_ID, AUTH_MATTERMOST_SECRET, AUTH_MATTERMOST_ISSUER
 * Mattermost({ issuer: "https://chat.example.com" })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_MATTERMOST_ISSUER`) no sign-in starts: the configuration error that is
 *   logged names that variable. When you call `Mattermost()` yourself, pass `issuer`: the endpoints are built from
 *   it. A trailing `/` is dropped.
 * - The server must allow OAuth 2.0 service providers (System Console → Integrations → Integration Management).
 * - The token endpoint is `/oauth/access_token` and reads the client id and secret from the form body
 *   (`client_secret_post`).
 * - Checks `pkce` and `state`: Mattermost's OAuth server documents no PKCE, and `state` binds the callback to the
 *   browser whether or not the code challenge is checked (Auth.js sends PKCE alone).
 * - The name is the username, as Auth.js; there is no picture (the avatar endpoint needs a session).
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** The user of `GET /api/v4/users/me` (https://developers.mattermost.com/api-documentation/#/operations/GetUser). */
export interface MattermostProfile {
  id: string
  create_at: number
  update_at: number
  delete_at: number
  username: string
  auth_data: string
  auth_service: string
  email: string
  email_verified: boolean
  nickname: string
  first_name: string
  last_name: string
  position: string
  roles: string
  notify_props: {
    channel: string
    comments: string
    desktop: string
    desktop_sound: string
    desktop_threads: string
    email: string
    email_threads: string
    first_name: string
    mention_keys: string
    push: string
    push_status: string
    push_threads: string
  }
  last_password_update: number
  locale: string
  timezone: { automaticTimezone: string; manualTimezone: string; useAutomaticTimezone: string }
  disable_welcome_email: boolean
  terms_of_service_id?: string
  terms_of_service_create_at?: number
}

// The button mark: the Simple Icons "Mattermost" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M12.081%200C7.048-.034%202.339%203.125.637%208.153c-2.125%206.276%201.24%2013.086%207.516%2015.21%206.276%202.125%2013.086-1.24%2015.21-7.516%201.727-5.1-.172-10.552-4.311-13.557l.126%202.547c2.065%202.282%202.88%205.512%201.852%208.549-1.534%204.532-6.594%206.915-11.3%205.321-4.708-1.593-7.28-6.559-5.745-11.092%201.031-3.046%203.655-5.121%206.694-5.67l1.642-1.94A4.87%204.87%200%200%200%2012.08%200zm3.528%201.094a.284.284%200%200%200-.123.024l-.004.001a.33.33%200%200%200-.109.071c-.145.142-.657.828-.657.828L13.6%203.4l-1.3%201.585-2.232%202.776s-1.024%201.278-.798%202.851c.226%201.574%201.396%202.34%202.304%202.648.907.307%202.302.408%203.438-.704%201.135-1.112%201.098-2.75%201.098-2.75l-.087-3.56-.07-2.05-.047-1.775s.01-.856-.02-1.057a.33.33%200%200%200-.035-.107l-.006-.012-.007-.011a.277.277%200%200%200-.229-.14z'/%3E%3C/svg%3E"

/** The Mattermost provider: the user-supplied server, checks `pkce` + `state`, client credentials in the form body. */
export default function Mattermost<P extends MattermostProfile = MattermostProfile>(
  config: OAuthUserConfig<P> & { issuer?: string } = {},
): OAuthConfig<P> {
  const { issuer, ...rest } = config
  const server = issuer?.replace(/\/+$/, "")
  return {
    id: "mattermost",
    name: "Mattermost",
    type: "oauth",
    ...(server
      ? {
          issuer: server,
          authorization: `${server}/oauth/authorize`,
          token: `${server}/oauth/access_token`,
          userinfo: `${server}/api/v4/users/me`,
        }
      : {}),
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile: P): User {
      const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(" ")
      return { id: profile.id, name: profile.username || fullName || null, email: profile.email ?? null, image: null }
    },
    style: { brandColor: "#0058cc", logo: LOGO },
    options: rest as OAuthUserConfig<P>,
  }
}
