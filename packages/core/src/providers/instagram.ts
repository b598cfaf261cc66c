/**
 * Instagram sign-in through Business Login for Instagram (the Instagram API with Instagram Login). Only professional
 * accounts (Business or Creator) can sign in. The profile is `GET https://graph.instagram.com/me`.
 *
 * Callback URL to register under the app's Instagram → API setup with Instagram login → Business login settings →
 * OAuth redirect URIs: `https://example.com/auth/callback/instagram`
 * (Next.js: `https://example.com/api/auth/callback/instagram`).
 * Environment variables when `Instagram` is listed bare in `providers`: `AUTH_INSTAGRAM_ID` (the Instagram app ID),
 * `AUTH_INSTAGRAM_SECRET` (the Instagram app secret).
 *
 * @example
 * import Instagram from "@gatehousejs/core/providers/instagram"
 *
 * Gatehouse({ providers: [Instagram] })
 * Instagram({ authorization: { params: { scope: "instagram_business_basic,instagram_business_manage_comments" } } })
 *
 * Quirks:
 * - Meta shut the Instagram Basic Display API down on 4 December 2024. Auth.js still uses it (authorization at
 *   `api.instagram.com` with scope `user_profile`), so its Instagram sign-in no longer works; this provider uses
 *   Business Login: `https://www.instagram.com/oauth/authorize` with scope `instagram_business_basic`.
 * - Personal Instagram accounts cannot sign in at all; there is no e-mail address.
 * - The token endpoint reads the app ID and secret from the form body (`client_secret_post`). Its answer has no
 *   `token_type` and is documented wrapped in a `data` array; `token.conform` unwraps it and names it a bearer token.
 *   The token lasts one hour; a 60-day token is a separate exchange (`grant_type=ig_exchange_token`), renewed with
 *   `ig_refresh_token` and the token itself, not a refresh token: `refresh: false`.
 * - Meta documents no PKCE for this flow: the check is `state`.
 * - The account id is the app-scoped `id` of `/me`; `user_id` is the professional account's id (the one webhooks
 *   name). The picture is `profile_picture_url`.
 */
import { rewriteTokenAnswer } from "../oauth/token-errors.js"
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /me` of the Instagram API with Instagram Login, with the fields this provider asks for. */
export interface InstagramProfile extends Record<string, unknown> {
  /** The app-scoped user id. */
  id: string
  /** The professional account's id. */
  user_id?: string
  username: string
  name?: string
  account_type?: "BUSINESS" | "MEDIA_CREATOR" | string
  profile_picture_url?: string
}

const FIELDS = "id,user_id,username,name,account_type,profile_picture_url"

// The button mark: the Simple Icons "Instagram" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M7.0301.084c-1.2768.0602-2.1487.264-2.911.5634-.7888.3075-1.4575.72-2.1228%201.3877-.6652.6677-1.075%201.3368-1.3802%202.127-.2954.7638-.4956%201.6365-.552%202.914-.0564%201.2775-.0689%201.6882-.0626%204.947.0062%203.2586.0206%203.6671.0825%204.9473.061%201.2765.264%202.1482.5635%202.9107.308.7889.72%201.4573%201.388%202.1228.6679.6655%201.3365%201.0743%202.1285%201.38.7632.295%201.6361.4961%202.9134.552%201.2773.056%201.6884.069%204.9462.0627%203.2578-.0062%203.668-.0207%204.9478-.0814%201.28-.0607%202.147-.2652%202.9098-.5633.7889-.3086%201.4578-.72%202.1228-1.3881.665-.6682%201.0745-1.3378%201.3795-2.1284.2957-.7632.4966-1.636.552-2.9124.056-1.2809.0692-1.6898.063-4.948-.0063-3.2583-.021-3.6668-.0817-4.9465-.0607-1.2797-.264-2.1487-.5633-2.9117-.3084-.7889-.72-1.4568-1.3876-2.1228C21.2982%201.33%2020.628.9208%2019.8378.6165%2019.074.321%2018.2017.1197%2016.9244.0645%2015.6471.0093%2015.236-.005%2011.977.0014%208.718.0076%208.31.0215%207.0301.0839m.1402%2021.6932c-1.17-.0509-1.8053-.2453-2.2287-.408-.5606-.216-.96-.4771-1.3819-.895-.422-.4178-.6811-.8186-.9-1.378-.1644-.4234-.3624-1.058-.4171-2.228-.0595-1.2645-.072-1.6442-.079-4.848-.007-3.2037.0053-3.583.0607-4.848.05-1.169.2456-1.805.408-2.2282.216-.5613.4762-.96.895-1.3816.4188-.4217.8184-.6814%201.3783-.9003.423-.1651%201.0575-.3614%202.227-.4171%201.2655-.06%201.6447-.072%204.848-.079%203.2033-.007%203.5835.005%204.8495.0608%201.169.0508%201.8053.2445%202.228.408.5608.216.96.4754%201.3816.895.4217.4194.6816.8176.9005%201.3787.1653.4217.3617%201.056.4169%202.2263.0602%201.2655.0739%201.645.0796%204.848.0058%203.203-.0055%203.5834-.061%204.848-.051%201.17-.245%201.8055-.408%202.2294-.216.5604-.4763.96-.8954%201.3814-.419.4215-.8181.6811-1.3783.9-.4224.1649-1.0577.3617-2.2262.4174-1.2656.0595-1.6448.072-4.8493.079-3.2045.007-3.5825-.006-4.848-.0608M16.953%205.5864A1.44%201.44%200%201%200%2018.39%204.144a1.44%201.44%200%200%200-1.437%201.4424M5.8385%2012.012c.0067%203.4032%202.7706%206.1557%206.173%206.1493%203.4026-.0065%206.157-2.7701%206.1506-6.1733-.0065-3.4032-2.771-6.1565-6.174-6.1498-3.403.0067-6.156%202.771-6.1496%206.1738M8%2012.0077a4%204%200%201%201%204.008%203.9921A3.9996%203.9996%200%200%201%208%2012.0077'/%3E%3C/svg%3E"

/** The Instagram provider: Business Login, scope `instagram_business_basic`, check `state`, the profile from `/me`. */
export default function Instagram<P extends InstagramProfile = InstagramProfile>(config: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "instagram",
    name: "Instagram",
    type: "oauth",
    authorization: { url: "https://www.instagram.com/oauth/authorize", params: { scope: "instagram_business_basic" } },
    token: { url: "https://api.instagram.com/oauth/access_token", conform: unwrapTokenAnswer },
    userinfo: { url: "https://graph.instagram.com/me", params: { fields: FIELDS } },
    refresh: false,
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile: P): User {
      return { id: String(profile.id), name: profile.name || profile.username || null, email: null, image: profile.profile_picture_url ?? null }
    },
    style: { brandColor: "#ff0069", logo: LOGO },
    options: config,
  }
}

/**
 * `token.conform`: `{ data: [{ access_token, user_id, permissions }] }` (or the same fields unwrapped) becomes an
 * RFC 6749 §5.1 answer with `token_type: "bearer"`, which Instagram leaves out.
 */
function unwrapTokenAnswer(response: Response): Promise<Response | undefined> {
  return rewriteTokenAnswer(response, (body) => {
    const wrapped = Array.isArray(body.data) ? (body.data[0] as unknown) : body
    if (!isObject(wrapped) || typeof wrapped.access_token !== "string") return undefined
    return { body: { ...wrapped, token_type: typeof wrapped.token_type === "string" ? wrapped.token_type : "bearer" } }
  })
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null
}
