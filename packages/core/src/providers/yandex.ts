/**
 * Yandex ID sign-in (OAuth 2). The profile is `GET https://login.yandex.ru/info?format=json`.
 *
 * Callback URL to register as the app's Redirect URI: `https://example.com/auth/callback/yandex`
 * (Next.js: `https://example.com/api/auth/callback/yandex`).
 * Environment variables when `Yandex` is listed bare in `providers`: `AUTH_YANDEX_ID` (ClientID),
 * `AUTH_YANDEX_SECRET` (Client secret).
 *
 * @example
 * import Yandex from "@gatehousejs/core/providers/yandex"
 *
 * Gatehouse({ providers: [Yandex] })
 *
 * Quirks:
 * - The profile request authenticates with Yandex's documented `Authorization: OAuth <token>` scheme (Auth.js sends
 *   `Bearer`).
 * - The picture is built from `default_avatar_id` (`https://avatars.yandex.net/get-yapic/{id}/islands-200`) unless
 *   `is_avatar_empty`.
 * - The scopes (`login:info login:email login:avatar`) must also be ticked in the app's settings.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"

/** `GET /info?format=json` (https://yandex.ru/dev/id/doc/en/user-information). */
export interface YandexProfile {
  id: string
  login: string
  client_id: string
  /** A stable id of the user for this app. */
  psuid: string
  display_name?: string
  real_name?: string
  first_name?: string
  last_name?: string
  sex?: "female" | "male" | null
  /** With `login:email`. */
  default_email?: string
  emails?: string[]
  /** With `login:avatar`. */
  default_avatar_id?: string
  is_avatar_empty?: boolean
  birthday?: string | null
  default_phone?: { id: number; number: string }
  [field: string]: unknown
}

const INFO_URL = "https://login.yandex.ru/info?format=json"
// The button mark: a simple drawn mark, in the button text colour. Inline: pages load no remote image.
// Yandex ID button rules: its colours and logo are not to be changed; the main button is black with white text and
// the red circle with the white "Я" (white with black text on a dark page).
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Ccircle%20cx='12'%20cy='12'%20r='12'%20fill='%23FC3F1D'/%3E%3Cpath%20fill='none'%20stroke='%23fff'%20stroke-width='2.5'%20stroke-linecap='round'%20stroke-linejoin='round'%20transform='translate(12%2012)%20scale(.72)%20translate(-11%20-12)'%20d='M15%2020V4h-3.5a4%204%200%200%200%200%208H15M11.5%2012%207%2020'/%3E%3C/svg%3E"

/** The Yandex provider: scope `login:info login:email login:avatar`, PKCE, the `OAuth` token scheme for the profile. */
export default function Yandex<P extends YandexProfile = YandexProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "yandex",
    name: "Yandex",
    type: "oauth",
    authorization: { url: "https://oauth.yandex.ru/authorize", params: { scope: "login:info login:email login:avatar" } },
    token: "https://oauth.yandex.ru/token",
    userinfo: { url: INFO_URL, request: requestInfo },
    profile(profile: P): User {
      return {
        id: profile.id,
        name: profile.display_name ?? profile.real_name ?? profile.first_name ?? null,
        email: profile.default_email ?? profile.emails?.[0] ?? null,
        image:
          !profile.is_avatar_empty && profile.default_avatar_id
            ? `https://avatars.yandex.net/get-yapic/${encodeURIComponent(profile.default_avatar_id)}/islands-200`
            : null,
      }
    },
    style: { brandColor: "#fc3f1d", bg: "#000000", text: "#ffffff", bgDark: "#ffffff", textDark: "#000000", logo: LOGO },
    options,
  }
}

/** `userinfo.request`: `GET /info?format=json` with `Authorization: OAuth <token>`. */
async function requestInfo({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const userinfo = provider.userinfo
  const url = String((typeof userinfo === "string" ? userinfo : userinfo?.url) ?? INFO_URL)
  const response = await providerFetch(provider)(url, {
    headers: { authorization: `OAuth ${tokens.access_token ?? ""}`, accept: "application/json" },
  })
  if (!response.ok) throw new TypeError(`Yandex's info endpoint answered ${response.status}.`)
  return (await response.json()) as Profile
}
