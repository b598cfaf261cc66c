/**
 * Dropbox sign-in (OAuth 2). The profile is the `users/get_current_account` RPC of the Dropbox API.
 *
 * Callback URL to register under the app's Redirect URIs: `https://example.com/auth/callback/dropbox`
 * (Next.js: `https://example.com/api/auth/callback/dropbox`).
 * Environment variables when `Dropbox` is listed bare in `providers`: `AUTH_DROPBOX_ID` (the App key),
 * `AUTH_DROPBOX_SECRET` (the App secret).
 *
 * @example
 * import Dropbox from "@gatehousejs/core/providers/dropbox"
 *
 * Gatehouse({ providers: [Dropbox] })
 * Dropbox({ authorization: { params: { scope: "account_info.read files.metadata.read" } } })
 *
 * Quirks:
 * - The profile call is an RPC: `POST` with no body (a `Content-Type` without a body is refused), not a `GET`.
 * - `token_access_type=offline` (in the defaults) yields a refresh token; the access token is short-lived.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"

/** `POST /2/users/get_current_account` (https://www.dropbox.com/developers/documentation/http/documentation#users-get_current_account). */
export interface DropboxProfile {
  account_id: string
  name: { given_name: string; surname: string; familiar_name: string; display_name: string; abbreviated_name: string }
  email: string
  email_verified: boolean
  disabled: boolean
  country?: string
  locale: string
  referral_link: string
  is_paired: boolean
  account_type: { ".tag": "basic" | "pro" | "business" }
  root_info: { ".tag": string; root_namespace_id: string; home_namespace_id: string; home_path?: string }
  profile_photo_url?: string
  team?: Record<string, unknown>
  team_member_id?: string
  [field: string]: unknown
}

const ACCOUNT_URL = "https://api.dropboxapi.com/2/users/get_current_account"
// The button mark: the Simple Icons "Dropbox" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M6%201.807L0%205.629l6%203.822%206.001-3.822L6%201.807zM18%201.807l-6%203.822%206%203.822%206-3.822-6-3.822zM0%2013.274l6%203.822%206.001-3.822L6%209.452l-6%203.822zM18%209.452l-6%203.822%206%203.822%206-3.822-6-3.822zM6%2018.371l6.001%203.822%206-3.822-6-3.822L6%2018.371z'/%3E%3C/svg%3E"

/** The Dropbox provider: scope `account_info.read`, `token_access_type=offline`, PKCE. */
export default function Dropbox<P extends DropboxProfile = DropboxProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "dropbox",
    name: "Dropbox",
    type: "oauth",
    authorization: {
      url: "https://www.dropbox.com/oauth2/authorize",
      params: { scope: "account_info.read", token_access_type: "offline" },
    },
    token: "https://api.dropboxapi.com/oauth2/token",
    userinfo: { url: ACCOUNT_URL, request: requestAccount },
    profile(profile: P): User {
      return {
        id: profile.account_id,
        name: profile.name?.display_name ?? null,
        email: profile.email ?? null,
        image: profile.profile_photo_url ?? null,
      }
    },
    style: { brandColor: "#0061fe", logo: LOGO },
    options,
  }
}

/** `userinfo.request`: the account RPC, a `POST` without a body. */
async function requestAccount({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const userinfo = provider.userinfo
  const url = String((typeof userinfo === "string" ? userinfo : userinfo?.url) ?? ACCOUNT_URL)
  const response = await providerFetch(provider)(url, {
    method: "POST",
    headers: { authorization: `Bearer ${tokens.access_token ?? ""}` },
  })
  if (!response.ok) throw new TypeError(`Dropbox's get_current_account answered ${response.status}.`)
  return (await response.json()) as Profile
}
