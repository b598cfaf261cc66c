/**
 * Naver Login (네이버 로그인, OAuth 2). The profile is `GET https://openapi.naver.com/v1/nid/me`, an envelope
 * `{ resultcode, message, response }` around the user.
 *
 * Callback URL to register as the application's Callback URL: `https://example.com/auth/callback/naver`
 * (Next.js: `https://example.com/api/auth/callback/naver`).
 * Environment variables when `Naver` is listed bare in `providers`: `AUTH_NAVER_ID` (Client ID),
 * `AUTH_NAVER_SECRET` (Client Secret).
 *
 * @example
 * import Naver from "@gatehousejs/core/providers/naver"
 *
 * Gatehouse({ providers: [Naver] })
 *
 * Quirks:
 * - No `scope` is sent: the permissions (이메일, 별명, 프로필 사진…) come from the app's settings.
 * - Checks `pkce` and `state`: Naver's authorization request requires `state` (Auth.js sends PKCE only); Naver
 *   ignores the PKCE parameters.
 * - The profile is the whole envelope (as with Auth.js); a `resultcode` other than `"00"` is an error, even with
 *   HTTP 200.
 * - The token endpoint reports errors with HTTP 200 too; `token.conform` turns those into the 400 of RFC 6749 §5.2.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"
import { tokenErrorsSentWith200 } from "../oauth/token-errors.js"

/** `GET /v1/nid/me` (https://developers.naver.com/docs/login/profile/profile.md). */
export interface NaverProfile {
  /** `"00"` on success. */
  resultcode: string
  message: string
  response: {
    id: string
    nickname?: string
    name?: string
    email?: string
    gender?: "F" | "M" | "U"
    age?: string
    birthday?: string
    profile_image?: string
    birthyear?: string
    mobile?: string
    mobile_e164?: string
  }
  [field: string]: unknown
}

const ME_URL = "https://openapi.naver.com/v1/nid/me"
// The button mark: the Simple Icons "Naver" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M16.273%2012.845%207.376%200H0v24h7.726V11.156L16.624%2024H24V0h-7.727v12.845Z'/%3E%3C/svg%3E"

/** The Naver provider: no scope (the app's permissions apply), checks `pkce` + `state`, the `resultcode` envelope checked. */
export default function Naver<P extends NaverProfile = NaverProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "naver",
    name: "Naver",
    type: "oauth",
    authorization: "https://nid.naver.com/oauth2.0/authorize",
    token: { url: "https://nid.naver.com/oauth2.0/token", conform: tokenErrorsSentWith200 },
    userinfo: { url: ME_URL, request: requestMe },
    checks: ["pkce", "state"],
    profile(profile: P): User {
      return {
        id: profile.response.id,
        name: profile.response.nickname ?? profile.response.name ?? null,
        email: profile.response.email ?? null,
        image: profile.response.profile_image ?? null,
      }
    },
    style: { brandColor: "#03c75a", logo: LOGO },
    options,
  }
}

/** `userinfo.request`: `GET /v1/nid/me`, refused unless `resultcode` is `"00"`. */
async function requestMe({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const userinfo = provider.userinfo
  const url = String((typeof userinfo === "string" ? userinfo : userinfo?.url) ?? ME_URL)
  const response = await providerFetch(provider)(url, {
    headers: { authorization: `Bearer ${tokens.access_token ?? ""}`, accept: "application/json" },
  })
  let envelope: Profile | undefined
  try {
    envelope = (await response.json()) as Profile
  } catch {
    envelope = undefined
  }
  const user = envelope?.response as { id?: unknown } | undefined
  if (!response.ok || envelope?.resultcode !== "00" || typeof user?.id !== "string") {
    const reason = envelope ? `resultcode ${String(envelope.resultcode)}: ${String(envelope.message ?? "")}` : `HTTP ${response.status}`
    throw new TypeError(`Naver's nid/me failed (${reason}).`)
  }
  return envelope
}
