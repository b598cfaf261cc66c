/**
 * Kakao Login (OAuth 2). The profile is `GET /v2/user/me` of the Kakao API.
 *
 * Callback URL to register under Kakao Login → Redirect URI: `https://example.com/auth/callback/kakao`
 * (Next.js: `https://example.com/api/auth/callback/kakao`).
 * Environment variables when `Kakao` is listed bare in `providers`: `AUTH_KAKAO_ID` (the REST API key),
 * `AUTH_KAKAO_SECRET` (the Client Secret, when enabled).
 *
 * @example
 * import Kakao from "@gatehousejs/core/providers/kakao"
 *
 * Gatehouse({ providers: [Kakao] })
 *
 * Quirks:
 * - No `scope` is sent: the consent items configured in the Kakao console apply. Auth.js needs an empty `?scope`
 *   for that; Gatehouse adds no default scope to OAuth 2 providers.
 * - The e-mail address is there only when the e-mail consent item is enabled (for a verified business app) and the
 *   user agreed; check `kakao_account.is_email_verified` before trusting it.
 * - The client secret goes in the token request body.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /v2/user/me` (https://developers.kakao.com/docs/latest/en/kakaologin/rest-api#req-user-info). */
export interface KakaoProfile {
  id: number
  has_signed_up?: boolean
  connected_at?: string
  synched_at?: string
  properties?: { nickname?: string; profile_image?: string; thumbnail_image?: string; [property: string]: string | undefined }
  kakao_account?: {
    profile_needs_agreement?: boolean
    profile_nickname_needs_agreement?: boolean
    profile_image_needs_agreement?: boolean
    profile?: {
      nickname?: string
      thumbnail_image_url?: string
      profile_image_url?: string
      is_default_image?: boolean
      is_default_nickname?: boolean
    }
    name_needs_agreement?: boolean
    name?: string
    email_needs_agreement?: boolean
    is_email_valid?: boolean
    is_email_verified?: boolean
    email?: string
    age_range_needs_agreement?: boolean
    age_range?: string
    birthyear_needs_agreement?: boolean
    birthyear?: string
    birthday_needs_agreement?: boolean
    birthday?: string
    birthday_type?: "SOLAR" | "LUNAR"
    gender_needs_agreement?: boolean
    gender?: "female" | "male"
    phone_number_needs_agreement?: boolean
    phone_number?: string
    ci_needs_agreement?: boolean
    ci?: string
    ci_authenticated_at?: string
  }
  for_partner?: { uuid?: string }
  [field: string]: unknown
}

// The button mark: the Simple Icons "KakaoTalk" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M22.125%200H1.875C.8394%200%200%20.8394%200%201.875v20.25C0%2023.1606.8394%2024%201.875%2024h20.25C23.1606%2024%2024%2023.1606%2024%2022.125V1.875C24%20.8394%2023.1606%200%2022.125%200zM12%2018.75c-.591%200-1.1697-.0413-1.7317-.1209-.5626.3965-3.813%202.6797-4.1198%202.7225%200%200-.1258.0489-.2328-.0141s-.0876-.2282-.0876-.2282c.0322-.2198.8426-3.0183.992-3.5333-2.7452-1.36-4.5701-3.7686-4.5701-6.5135C2.25%206.8168%206.6152%203.375%2012%203.375s9.75%203.4418%209.75%207.6875c0%204.2457-4.3652%207.6875-9.75%207.6875zM8.0496%209.8672h-.8777v3.3417c0%20.2963-.2523.5372-.5625.5372s-.5625-.2409-.5625-.5372V9.8672h-.8777c-.3044%200-.552-.2471-.552-.5508s.2477-.5508.552-.5508h2.8804c.3044%200%20.552.2471.552.5508s-.2477.5508-.552.5508zm10.9879%202.9566a.558.558%200%200%201%20.108.4167.5588.5588%200%200%201-.2183.371.5572.5572%200%200%201-.3383.1135.558.558%200%200%201-.4493-.2236l-1.3192-1.7479-.1952.1952v1.2273a.5635.5635%200%200%201-.5627.5628.563.563%200%200%201-.5625-.5625V9.3281c0-.3102.2523-.5625.5625-.5625s.5625.2523.5625.5625v1.209l1.5694-1.5694c.0807-.0807.1916-.1252.312-.1252.1404%200%20.2814.0606.3871.1661.0985.0984.1573.2251.1654.3566.0082.1327-.036.2542-.1241.3425l-1.2818%201.2817%201.3845%201.8344zm-8.3502-3.5023c-.095-.2699-.3829-.5475-.7503-.5557-.3663.0083-.6542.2858-.749.5551l-1.3455%203.5415c-.1708.5305-.0217.7272.1333.7988a.8568.8568%200%200%200%20.3576.0776c.2346%200%20.4139-.0952.4678-.2481l.2787-.7297%201.7152.0001.2785.7292c.0541.1532.2335.2484.4681.2484a.8601.8601%200%200%200%20.3576-.0775c.1551-.0713.3041-.2681.1329-.7999l-1.3449-3.5398zm-1.3116%202.4433l.5618-1.5961.5618%201.5961H9.3757zm5.9056%201.3836c0%20.2843-.2418.5156-.5391.5156h-1.8047c-.2973%200-.5391-.2314-.5391-.5156V9.3281c0-.3102.2576-.5625.5742-.5625s.5742.2523.5742.5625v3.3047h1.1953c.2974%200%20.5392.2314.5392.5156z'/%3E%3C/svg%3E"

/** The Kakao provider: no scope (console consent items apply), PKCE, `client_secret_post`. */
export default function Kakao<P extends KakaoProfile = KakaoProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "kakao",
    name: "Kakao",
    type: "oauth",
    authorization: "https://kauth.kakao.com/oauth/authorize",
    token: "https://kauth.kakao.com/oauth/token",
    userinfo: "https://kapi.kakao.com/v2/user/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: P): User {
      const account = profile.kakao_account
      return {
        id: String(profile.id),
        name: account?.profile?.nickname ?? null,
        email: account?.email ?? null,
        image: account?.profile?.profile_image_url ?? null,
      }
    },
    style: { brandColor: "#fee500", logo: LOGO },
    options,
  }
}
