/**
 * Reddit sign-in (OAuth 2, a "web app"). The profile is `GET /api/v1/me` on `oauth.reddit.com`.
 *
 * Callback URL to set as the app's redirect uri: `https://example.com/auth/callback/reddit`
 * (Next.js: `https://example.com/api/auth/callback/reddit`).
 * Environment variables when `Reddit` is listed bare in `providers`: `AUTH_REDDIT_ID`, `AUTH_REDDIT_SECRET`.
 *
 * @example
 * import Reddit from "@gatehousejs/core/providers/reddit"
 *
 * Gatehouse({ providers: [Reddit] })
 * // A refresh token:
 * Reddit({ authorization: { params: { duration: "permanent" } } })
 *
 * Quirks:
 * - Reddit has no e-mail scope: `email` is always `null`.
 * - Reddit throttles or refuses generic User-Agents; the profile request sends a descriptive one
 *   (`web:{clientId}:gatehouse`).
 * - `icon_img` comes HTML-escaped (`&amp;` in its query); the image is unescaped. Auth.js maps no image at all.
 * - The token endpoint requires HTTP Basic (the default); check `state` only.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"

/** `GET /api/v1/me` (https://www.reddit.com/dev/api/#GET_api_v1_me), the fields of the `identity` scope. */
export interface RedditProfile {
  /** The account id without its `t2_` prefix. */
  id: string
  /** The username. */
  name: string
  icon_img: string
  snoovatar_img?: string
  created?: number
  created_utc: number
  verified: boolean
  has_verified_email: boolean
  total_karma?: number
  link_karma: number
  comment_karma: number
  awardee_karma?: number
  awarder_karma?: number
  is_gold: boolean
  is_mod: boolean
  is_employee?: boolean
  is_suspended?: boolean
  over_18?: boolean
  pref_nightmode?: boolean
  subreddit?: { display_name: string; title: string; icon_img: string; public_description: string; [field: string]: unknown } | null
  [field: string]: unknown
}

const ME_URL = "https://oauth.reddit.com/api/v1/me"
// The button mark: the Simple Icons "Reddit" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M12%200C5.373%200%200%205.373%200%2012c0%203.314%201.343%206.314%203.515%208.485l-2.286%202.286C.775%2023.225%201.097%2024%201.738%2024H12c6.627%200%2012-5.373%2012-12S18.627%200%2012%200Zm4.388%203.199c1.104%200%201.999.895%201.999%201.999%200%201.105-.895%202-1.999%202-.946%200-1.739-.657-1.947-1.539v.002c-1.147.162-2.032%201.15-2.032%202.341v.007c1.776.067%203.4.567%204.686%201.363.473-.363%201.064-.58%201.707-.58%201.547%200%202.802%201.254%202.802%202.802%200%201.117-.655%202.081-1.601%202.531-.088%203.256-3.637%205.876-7.997%205.876-4.361%200-7.905-2.617-7.998-5.87-.954-.447-1.614-1.415-1.614-2.538%200-1.548%201.255-2.802%202.803-2.802.645%200%201.239.218%201.712.585%201.275-.79%202.881-1.291%204.64-1.365v-.01c0-1.663%201.263-3.034%202.88-3.207.188-.911.993-1.595%201.959-1.595Zm-8.085%208.376c-.784%200-1.459.78-1.506%201.797-.047%201.016.64%201.429%201.426%201.429.786%200%201.371-.369%201.418-1.385.047-1.017-.553-1.841-1.338-1.841Zm7.406%200c-.786%200-1.385.824-1.338%201.841.047%201.017.634%201.385%201.418%201.385.785%200%201.473-.413%201.426-1.429-.046-1.017-.721-1.797-1.506-1.797Zm-3.703%204.013c-.974%200-1.907.048-2.77.135-.147.015-.241.168-.183.305.483%201.154%201.622%201.964%202.953%201.964%201.33%200%202.47-.81%202.953-1.964.057-.137-.037-.29-.184-.305-.863-.087-1.795-.135-2.769-.135Z'/%3E%3C/svg%3E"

/** The Reddit provider: scope `identity`, check `state`, a descriptive User-Agent on the profile request. */
export default function Reddit<P extends RedditProfile = RedditProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "reddit",
    name: "Reddit",
    type: "oauth",
    authorization: { url: "https://www.reddit.com/api/v1/authorize", params: { scope: "identity" } },
    token: "https://www.reddit.com/api/v1/access_token",
    userinfo: { url: ME_URL, request: requestMe },
    checks: ["state"],
    profile(profile: P): User {
      return {
        id: profile.id,
        name: profile.name ?? null,
        email: null,
        image: profile.icon_img ? profile.icon_img.replace(/&amp;/g, "&") : null,
      }
    },
    style: { brandColor: "#ff4500", logo: LOGO },
    options,
  }
}

/** `userinfo.request`: `GET /api/v1/me` with the User-Agent Reddit's API rules ask for. */
async function requestMe({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const userinfo = provider.userinfo
  const url = String((typeof userinfo === "string" ? userinfo : userinfo?.url) ?? ME_URL)
  const response = await providerFetch(provider)(url, {
    headers: {
      authorization: `Bearer ${tokens.access_token ?? ""}`,
      accept: "application/json",
      // https://github.com/reddit-archive/reddit/wiki/API: `<platform>:<app ID>:<version string>`.
      "user-agent": `web:${provider.clientId ?? "unknown"}:gatehouse`,
    },
  })
  if (!response.ok) throw new TypeError(`Reddit's api/v1/me answered ${response.status}.`)
  return (await response.json()) as Profile
}
