/**
 * osu! sign-in (OAuth 2 of the osu! API v2). The profile is `GET https://osu.ppy.sh/api/v2/me`.
 *
 * Callback URL to register as the OAuth application's Application Callback URL (account settings → OAuth):
 * `https://example.com/auth/callback/osu` (Next.js: `https://example.com/api/auth/callback/osu`).
 * Environment variables when `Osu` is listed bare in `providers`: `AUTH_OSU_ID`, `AUTH_OSU_SECRET`.
 *
 * @example
 * import Osu from "@gatehousejs/core/providers/osu"
 *
 * Gatehouse({ providers: [Osu] })
 * Osu({ authorization: { params: { scope: "identify public" } } })
 *
 * Quirks:
 * - Scope `identify`, which `/me` needs. No e-mail address.
 * - The token endpoint reads the client id and secret from the form body (`client_secret_post`), as the osu! API
 *   documents. Checks `pkce`.
 * - The account id is the numeric user id, as a string; the picture is `avatar_url`. Dates (`join_date`,
 *   `last_visit`) arrive as ISO 8601 strings (Auth.js types them as `Date`).
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** The compact user of the osu! API v2 (https://osu.ppy.sh/docs/index.html#usercompact). */
export interface OsuUserCompact {
  avatar_url: string
  country_code: string
  default_group: string
  id: number
  is_active: boolean
  is_bot: boolean
  is_deleted: boolean
  is_online: boolean
  is_supporter: boolean
  /** ISO 8601. */
  last_visit: string | null
  pm_friends_only: boolean
  profile_colour: string | null
  username: string
}

/** `GET /api/v2/me` (https://osu.ppy.sh/docs/index.html#get-own-data): the user with its extended attributes. */
export interface OsuProfile extends OsuUserCompact, Record<string, unknown> {
  discord: string | null
  has_supported: boolean
  interests: string | null
  /** ISO 8601. */
  join_date: string
  kudosu: { available: number; total: number }
  location: string | null
  max_blocks: number
  max_friends: number
  occupation: string | null
  playmode: string
  playstyle: string[]
  post_count: number
  profile_order: string[]
  title: string | null
  title_url: string | null
  twitter: string | null
  website: string | null
  country: { code: string; name: string }
  cover: { custom_url: string | null; url: string; id: number | null }
  is_restricted: boolean
}

// The button mark: the Simple Icons "osu!" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M7.698%2010.362c-.1855-.2184-.4189-.3905-.7002-.5162-.2813-.1257-.6104-.1885-.9874-.1885s-.7046.0628-.9829.1885-.5088.2978-.6912.5162c-.1827.2185-.3203.4773-.413.7765-.0928.2993-.1391.6194-.1391.9605%200%20.3412.0463.6584.1391.9516.0927.2933.2303.5491.413.7675.1824.2185.4129.3891.6912.5116.2783.1226.6059.1841.9829.1841s.7061-.0615.9875-.1841c.2813-.1226.5146-.2931.7002-.5116.1855-.2184.3231-.4742.413-.7675.0897-.2931.1346-.6104.1346-.9516%200-.3411-.0449-.6612-.1346-.9605-.0899-.2992-.2276-.558-.4131-.7765zm-.965%202.8096c-.1467.2484-.3875.3725-.7227.3725-.3291%200-.567-.1241-.7136-.3725-.1467-.2483-.2199-.6059-.2199-1.0727s.0732-.8243.2199-1.0727c.1466-.2482.3844-.3725.7136-.3725.3352%200%20.5759.1243.7227.3725.1466.2484.2199.6059.2199%201.0727.0001.4668-.0733.8245-.2199%201.0727zm11.8894-.8303-.0898-4.3896a4.5409%204.5409%200%200%201%20.6912-.0539c.2334%200%20.4668.0179.7002.0539l-.0898%204.3896c-.2096.0359-.41.0538-.6015.0538a3.4957%203.4957%200%200%201-.6103-.0538zm1.3196%201.4003c0%20.2215-.0179.443-.0538.6643a4.2055%204.2055%200%200%201-.6553.0538%204.1414%204.1414%200%200%201-.6642-.0538%204.0882%204.0882%200%200%201-.0539-.6553c0-.2154.018-.4367.0539-.6643a4.0876%204.0876%200%200%201%20.6552-.0538c.2155%200%20.4368.018.6643.0538.0359.2276.0538.446.0538.6553zm-3.2226-4.0305c.2095%200%20.422.018.6373.0539v4.4614c-.1916.0659-.4443.1302-.7585.193-.3141.0629-.6418.0943-.9829.0943-.3052%200-.5985-.024-.8798-.0718-.2813-.0479-.5282-.1495-.7405-.3052-.2125-.1555-.3815-.3829-.5072-.6823-.1257-.2991-.1885-.697-.1885-1.1938V9.765a3.8725%203.8725%200%200%201%20.6373-.0539c.2094%200%20.4219.018.6373.0539v2.4596c0%20.2455.0194.4474.0584.6059.0388.1586.0988.2843.1795.377a.6606.6606%200%200%200%20.3007.1974c.1197.0391.2603.0584.4219.0584.2214%200%20.407-.0209.5566-.0628V9.765a3.8218%203.8218%200%200%201%20.6284-.0539zm-4.3625%202.6841c.0538.1497.0808.3321.0808.5476%200%20.2215-.0464.428-.1392.6194-.0928.1916-.2274.3577-.4039.4982-.1766.1407-.3905.2514-.6418.3322-.2514.0808-.5356.1212-.8528.1212a5.2984%205.2984%200%200%201-.395-.0135%203.1226%203.1226%200%200%201-.3456-.0448%204.0482%204.0482%200%200%201-.3277-.0763%203.9336%203.9336%200%200%201-.35-.1166%202.5768%202.5768%200%200%201%20.0852-.4893%203.0737%203.0737%200%200%201%20.1751-.4802c.1975.0779.3844.1362.561.1751.1765.039.3605.0584.5521.0584.0838%200%20.175-.0075.2738-.0225a.9945.9945%200%200%200%20.2737-.0808.6467.6467%200%200%200%20.2109-.1526c.0569-.0628.0853-.145.0853-.2469%200-.1436-.0434-.2469-.1302-.3097-.0868-.0628-.208-.1181-.3636-.1661l-.5565-.1616c-.3352-.0956-.5969-.2379-.7855-.4263-.1885-.1886-.2827-.4713-.2827-.8484%200-.4547.163-.8108.4892-1.0682.3261-.2573.7705-.386%201.333-.386.2334%200%20.4638.0211.6913.0629.2273.0419.4578.1048.6912.1885-.012.1557-.0419.3173-.0897.4847-.048.1676-.1048.3142-.1706.4398a3.58%203.58%200%200%200-.4757-.1571%202.18%202.18%200%200%200-.5477-.0673c-.2034%200-.3621.0314-.4758.0943-.1137.0629-.1705.1631-.1705.3007%200%20.1317.0403.2244.1211.2783.0809.0538.1959.1048.3456.1526l.5117.1526c.1675.048.3187.1063.4533.1751.1347.0688.2498.1541.3456.2558.0958.1016.1707.2272.2246.3768zM12%200C5.3726%200%200%205.3726%200%2012.0001%200%2018.6273%205.3726%2024%2012%2024c6.6275%200%2012-5.3727%2012-11.9999C24%205.3726%2018.6275%200%2012%200zm0%2022.8c-5.9647%200-10.8-4.8354-10.8-10.7999C1.2%206.0353%206.0353%201.2%2012%201.2s10.8%204.8353%2010.8%2010.8001C22.8%2017.9646%2017.9647%2022.8%2012%2022.8z'/%3E%3C/svg%3E"

/** The osu! provider: scope `identify`, PKCE, the profile from `/api/v2/me`. */
export default function Osu<P extends OsuProfile = OsuProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "osu",
    name: "osu!",
    type: "oauth",
    authorization: { url: "https://osu.ppy.sh/oauth/authorize", params: { scope: "identify" } },
    token: "https://osu.ppy.sh/oauth/token",
    userinfo: "https://osu.ppy.sh/api/v2/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: P): User {
      return { id: String(profile.id), name: profile.username ?? null, email: null, image: profile.avatar_url ?? null }
    },
    style: { brandColor: "#ff66aa", logo: LOGO },
    options,
  }
}
