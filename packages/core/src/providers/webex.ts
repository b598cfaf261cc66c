/**
 * Webex sign-in (a Webex Integration, OAuth 2). The profile is `GET /v1/people/me`.
 *
 * Callback URL to register as the Integration's Redirect URI (developer.webex.com → My Webex Apps):
 * `https://example.com/auth/callback/webex` (Next.js: `https://example.com/api/auth/callback/webex`).
 * Environment variables when `Webex` is listed bare in `providers`: `AUTH_WEBEX_ID`, `AUTH_WEBEX_SECRET`.
 *
 * @example
 * import Webex from "@gatehousejs/core/providers/webex"
 *
 * Gatehouse({ providers: [Webex] })
 * Webex({ apiBaseUrl: "https://webexapis.com/v1" }) // the default; another Webex API base when yours differs
 *
 * Quirks:
 * - The Integration must have the scopes asked for (`spark:kms spark:people_read` by default); Webex refuses any
 *   other.
 * - The token request carries the client secret in its body, as Webex documents it (Auth.js sends it as Basic).
 * - `emails` is a list; the first address is the user's. Checks `pkce` and `state`.
 * - Access tokens last 14 days, with a refresh token (90 days).
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /v1/people/me` (https://developer.webex.com/docs/api/v1/people/get-my-own-details). */
export interface WebexProfile {
  id: string
  emails: string[]
  displayName?: string
  nickName?: string
  firstName?: string
  lastName?: string
  avatar?: string
  orgId?: string
  created?: string
  lastModified?: string
  status?: string
  type?: string
  [field: string]: unknown
}

export type WebexUserConfig<P> = OAuthUserConfig<P> & {
  /** The Webex API base URL. Default `https://webexapis.com/v1`. */
  apiBaseUrl?: string
}

/** The Webex provider: scope `spark:kms spark:people_read`, checks `pkce` and `state`, client secret in the body. */
export default function Webex<P extends WebexProfile = WebexProfile>(config: WebexUserConfig<P> = {}): OAuthConfig<P> {
  const { apiBaseUrl: configured, ...options } = config
  const apiBaseUrl = (configured ?? "https://webexapis.com/v1").replace(/\/+$/, "")
  return {
    id: "webex",
    name: "Webex",
    type: "oauth",
    authorization: { url: `${apiBaseUrl}/authorize`, params: { scope: "spark:kms spark:people_read" } },
    token: `${apiBaseUrl}/access_token`,
    userinfo: `${apiBaseUrl}/people/me`,
    checks: ["pkce", "state"],
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: P): User {
      return {
        id: profile.id,
        name: profile.displayName || [profile.firstName, profile.lastName].filter(Boolean).join(" ") || null,
        email: profile.emails?.[0] ?? null,
        image: profile.avatar ?? null,
      }
    },
    // Webex's mark is not free to use (Simple Icons lists it under Cisco's terms): a neutral black, white text.
    style: { brandColor: "#000000", text: "#ffffff" },
    options: options as OAuthUserConfig<P>,
  }
}
