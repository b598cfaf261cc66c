/**
 * Trakt sign-in (OAuth 2). The profile is the user of `GET /users/settings`, Trakt's only answer with the account's
 * permanent `uuid`.
 *
 * Callback URL to add to the app's Redirect URIs (https://trakt.tv/oauth/applications):
 * `https://example.com/auth/callback/trakt` (Next.js: `https://example.com/api/auth/callback/trakt`).
 * Environment variables when `Trakt` is listed bare in `providers`: `AUTH_TRAKT_ID`, `AUTH_TRAKT_SECRET`.
 *
 * @example
 * import Trakt from "@gatehousejs/core/providers/trakt"
 *
 * Gatehouse({ providers: [Trakt] })
 * // Trakt's staging environment, with an app registered there:
 * Trakt({
 *   authorization: "https://staging.trakt.tv/oauth/authorize",
 *   token: "https://api-staging.trakt.tv/oauth/token",
 *   userinfo: "https://api-staging.trakt.tv/users/settings",
 * })
 *
 * Quirks:
 * - The account id is `ids.uuid`, which Trakt documents as the way to identify a user. Auth.js uses `ids.slug`, which
 *   follows the username: a renamed user gets a new account, and whoever takes the old name gets the old one.
 *   Accounts linked through Auth.js carry the slug as `providerAccountId`; see docs/differences.md.
 * - Every API call needs `trakt-api-version: 2` and the client id as `trakt-api-key`; the profile request sends both.
 * - The token request carries the client secret in its body, as Trakt documents it. Trakt shares no e-mail address
 *   (`email` is `null`); images may not be hot-linked, so `image` is for display through your own proxy or not at all.
 * - Checks `pkce` and `state`; access tokens last 7 days, with a refresh token. Trakt documents `redirect_uri` on the
 *   refresh request too, a value only your app knows: `Trakt({ refresh: { params: { redirect_uri } } })` with your
 *   callback URL.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"

/** The `user` of `GET /users/settings` (https://trakt.docs.apiary.io/#reference/users/settings/retrieve-settings). */
export interface TraktUser {
  username: string
  private: boolean
  name: string
  vip: boolean
  vip_ep: boolean
  ids: {
    /** Follows the username: it changes when the user is renamed. */
    slug: string
    /** Permanent and globally unique; cannot be used to call the API. */
    uuid: string
  }
  joined_at: string
  location: string | null
  about: string | null
  gender: string | null
  age: number | null
  images?: { avatar: { full: string } }
  vip_og?: boolean
  vip_years?: number
  [field: string]: unknown
}

const SETTINGS_URL = "https://api.trakt.tv/users/settings"

// The button mark: the Simple Icons "Trakt" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='m15.082%2015.107-.73-.73%209.578-9.583a4.499%204.499%200%200%200-.115-.575L13.662%2014.382l1.08%201.08-.73.73-1.81-1.81L23.422%203.144c-.075-.15-.155-.3-.25-.44L11.508%2014.377l2.154%202.155-.73.73-7.193-7.199.73-.73%204.309%204.31L22.546%201.86A5.618%205.618%200%200%200%2018.362%200H5.635A5.637%205.637%200%200%200%200%205.634V18.37A5.632%205.632%200%200%200%205.635%2024h12.732C21.477%2024%2024%2021.48%2024%2018.37V6.19l-8.913%208.918zm-4.314-2.155L6.814%208.988l.73-.73%203.954%203.96zm1.075-1.084-3.954-3.96.73-.73%203.959%203.96zm9.853%205.688a4.141%204.141%200%200%201-4.14%204.14H6.438a4.144%204.144%200%200%201-4.139-4.14V6.438A4.141%204.141%200%200%201%206.44%202.3h10.387v1.04H6.438c-1.71%200-3.099%201.39-3.099%203.1V17.55c0%201.71%201.39%203.105%203.1%203.105h11.117c1.71%200%203.1-1.395%203.1-3.105v-1.754h1.04v1.754z'/%3E%3C/svg%3E"

/** The Trakt provider: the app's permissions, checks `pkce` and `state`, client secret in the body. */
export default function Trakt<P extends TraktUser = TraktUser>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "trakt",
    name: "Trakt",
    type: "oauth",
    authorization: "https://trakt.tv/oauth/authorize",
    token: "https://api.trakt.tv/oauth/token",
    userinfo: { url: SETTINGS_URL, request: requestSettingsUser },
    checks: ["pkce", "state"],
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: P): User {
      return {
        id: profile.ids.uuid,
        name: profile.name || profile.username,
        email: null,
        image: profile.images?.avatar?.full ?? null,
      }
    },
    style: { brandColor: "#9f42c6", text: "#ffffff", logo: LOGO },
    options,
  }
}

/** `userinfo.request`: `GET /users/settings` with Trakt's API headers; the profile is its `user`. */
async function requestSettingsUser({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const userinfo = provider.userinfo
  const url = (typeof userinfo === "string" ? userinfo : userinfo?.url) ?? SETTINGS_URL
  const response = await providerFetch(provider)(url, {
    headers: {
      authorization: `Bearer ${tokens.access_token ?? ""}`,
      "trakt-api-version": "2",
      "trakt-api-key": provider.clientId ?? "",
      "content-type": "application/json",
      accept: "application/json",
      "user-agent": "gatehouse",
    },
  })
  if (!response.ok) throw new Error(`Trakt's users/settings answered ${response.status}.`)
  const settings = (await response.json()) as { user?: unknown }
  if (typeof settings?.user !== "object" || settings.user === null) throw new Error("Trakt's users/settings returned no user.")
  return settings.user as Profile
}
