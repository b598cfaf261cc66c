/**
 * VK (VKontakte) sign-in through the legacy "OAuth VKontakte" authorization-code flow: the browser goes to
 * `oauth.vk.com/authorize`, the code is exchanged at `oauth.vk.com/access_token`, and the profile comes from the
 * `users.get` API method on `api.vk.com`.
 *
 * Register `{base_url}{basePath}/callback/vk` as a trusted redirect URL of the VK app, for example
 * `https://example.com/auth/callback/vk` (`https://example.com/api/auth/callback/vk` with Next.js's base path).
 * The client id and secret come from `AUTH_VK_ID` and `AUTH_VK_SECRET` when `VK` is listed bare in `providers`.
 *
 * @example
 * import VK from "@gatehousejs/core/providers/vk"
 *
 * Gatehouse({ providers: [VK] }) // AUTH_VK_ID, AUTH_VK_SECRET
 * Gatehouse({ providers: [VK({ clientId: env.VK_APP_ID, clientSecret: env.VK_APP_SECRET })] })
 *
 * API version: `5.126` by default (spec, Versioning 5). Another version is chosen by overriding the endpoint URLs,
 * whose `v` parameter carries it; the provider then uses those URLs for every request:
 *
 * @example
 * const v = "5.199"
 * VK({
 *   accessTokenUrl: `https://oauth.vk.com/access_token?v=${v}`,
 *   requestTokenUrl: `https://oauth.vk.com/access_token?v=${v}`,
 *   authorizationUrl: `https://oauth.vk.com/authorize?response_type=code&v=${v}`,
 *   profileUrl: `https://api.vk.com/method/users.get?fields=photo_100&v=${v}`,
 * })
 *
 * The Auth.js v5 keys `authorization`, `token` and `userinfo` work too and win over the four keys above.
 *
 * Checks: `state` only. oauth.vk.com refuses PKCE (`invalid_request`, "Code challenge method is unsupported"), which
 * is why the Auth.js provider, left on the default `["pkce"]`, cannot sign anyone in; `state` still binds the callback
 * to the browser that started the sign-in.
 *
 * VK's token response is not quite OAuth 2: it has no `token_type` (added here, as `bearer`) and it is the only place
 * the e-mail address appears (copied onto the profile). VK does not say the address is verified: do not combine this
 * provider with `allowDangerousEmailAccountLinking`. Nor does it carry a refresh token (an `offline` token simply
 * does not expire, `expires_in: 0`), so `refresh: false`.
 */
import { conformTokenResponse, requestUser, vkEndpoints, type VkEndpointOptions } from "../provider-vk/api.js"
import type {
  VkCareer,
  VkConnections,
  VkContacts,
  VkCounters,
  VkCropPhoto,
  VkEducation,
  VkExports,
  VkFlag,
  VkLastSeen,
  VkMilitary,
  VkOccupation,
  VkPersonal,
  VkPlace,
  VkRelationPartner,
  VkRelative,
  VkSchool,
  VkStatusAudio,
  VkUniversity,
} from "../provider-vk/profile-objects.js"
import type { User } from "../types.js"
import { merge } from "../util/merge.js"
import type { AuthorizationParameters, EndpointHandler, OAuthConfig, OAuthUserConfig } from "./types.js"
export type VkUserConfig<P> = OAuthUserConfig<P> & VkEndpointOptions

/** An error of a VK API method, sent with HTTP 200 in place of `response`. */
export interface VkApiError {
  error_code: number
  error_msg: string
  request_params?: { key: string; value: string }[]
}

/** What `users.get` answers. */
export type VkUsersGetResponse = { response: VkProfile[] } | { error: VkApiError }

/**
 * The VK provider. Defaults: id `vk`, scope `email`, checks `["state"]`, client secret in the token request body,
 * API version 5.126; see the module comment for the callback URL, the environment variables and the version override.
 */
export default function VK<P extends object = VkProfile>(options: VkUserConfig<P> = {}): OAuthConfig<P> {
  const { accessTokenUrl, requestTokenUrl, authorizationUrl, profileUrl, authorization, token, userinfo, ...rest } = options
  const defaults = vkEndpoints()

  const authorizationEndpoint = endpoint(authorizationUrl ?? defaults.authorizationUrl, authorization)
  // `email` is a parameter rather than part of the URL, so that a URL overridden to change `v` keeps it. A scope the
  // user put in the URL or in `params` wins.
  if (!new URL(authorizationEndpoint.url).searchParams.has("scope") && authorizationEndpoint.params?.scope === undefined) {
    authorizationEndpoint.params = { ...authorizationEndpoint.params, scope: "email" }
  }

  return {
    id: "vk",
    name: "VK",
    type: "oauth",
    authorization: authorizationEndpoint,
    token: merge({ url: accessTokenUrl ?? requestTokenUrl ?? defaults.accessTokenUrl, conform: conformTokenResponse }, lift(token)),
    userinfo: merge({ url: profileUrl ?? defaults.profileUrl, request: requestUser }, lift(userinfo)),
    refresh: false,
    checks: ["state"],
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: P): User {
      // `P` defaults to VkProfile; a widened profile type still carries VK's fields.
      const user = profile as unknown as VkProfile
      return {
        id: String(user.id),
        name: [user.first_name, user.last_name].filter(Boolean).join(" ") || null,
        email: user.email ?? null,
        image: user.photo_100 ?? null,
      }
    },
    // VK ID's design rules: its secondary button (black text on white, with a border) is the one meant to stand among
    // other services' buttons; white on #0077FF, the primary one, is 4.1:1, under WCAG AA for text this size.
    style: { brandColor: "#0077FF", bg: "#ffffff", text: "#000000", bgDark: "#232324", textDark: "#ffffff", logo: VK_LOGO },
    // The endpoint keys are already folded into the defaults above. They are left out of `options` so that the
    // engine's merge cannot undo that: a `token` string would otherwise replace the `conform` fix VK needs.
    options: rest,
  }
}

function lift<E extends object>(value: string | E | undefined): { url: string } | E | undefined {
  return typeof value === "string" ? { url: value } : value
}

function endpoint(url: string, override: string | EndpointHandler<AuthorizationParameters> | undefined): EndpointHandler<AuthorizationParameters> & { url: string } {
  return merge({ url } as EndpointHandler<AuthorizationParameters> & { url: string }, lift(override))
}

// An inline mark (the pages show only same-origin or data: images): white "VK" on VK blue.
const VK_LOGO = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="12" fill="#0077FF"/>` +
    `<path fill="#FFF" d="M7 15h4.4l4.1 12.2L19.6 15H24l-6.4 18h-4.2zM26 15h4v7.4l5.8-7.4h4.9l-6.8 8.3L41 33h-5l-6-8.6V33h-4z"/></svg>`,
)}`

// ---------------------------------------------------------------------------------------------------------------
// The profile (spec, "Social-network provider profile"). Fields are required exactly where the spec's table does not
// mark them `?`, including inside the nested objects, even though VK leaves some of them out in practice.
// ---------------------------------------------------------------------------------------------------------------

/** The user object of `users.get` (with `fields=photo_100`), plus the e-mail copied from the token response. */
export interface VkProfile {
  id: number
  first_name: string
  last_name: string
  photo_100: string
  is_closed: boolean
  can_access_closed: boolean

  about?: string
  activities?: string
  bdate?: string
  books?: string
  city_name?: string
  company?: string
  /** `deleted` or `banned`; such pages carry no optional fields. */
  deactivated?: string
  domain?: string
  /** Not a users.get field: copied from the token response (`email` scope). */
  email?: string
  games?: string
  home_town?: string
  interests?: string
  maiden_name?: string
  movies?: string
  music?: string
  nickname?: string
  photo_200?: string
  photo_200_orig?: string
  photo_400?: string
  photo_400_orig?: string
  photo_50?: string
  photo_id?: string
  photo_max?: string
  photo_max_orig?: string
  quotes?: string
  screen_name?: string
  site?: string
  status?: string
  tv?: string

  first_name_abl?: string
  first_name_acc?: string
  first_name_dat?: string
  first_name_gen?: string
  first_name_ins?: string
  first_name_nom?: string
  last_name_abl?: string
  last_name_acc?: string
  last_name_dat?: string
  last_name_gen?: string
  last_name_ins?: string
  last_name_nom?: string

  blacklisted?: VkFlag
  blacklisted_by_me?: VkFlag
  can_post?: VkFlag
  can_see_all_posts?: VkFlag
  can_see_audio?: VkFlag
  can_send_friend_request?: VkFlag
  can_write_private_message?: VkFlag
  has_mobile?: VkFlag
  has_photo?: VkFlag
  is_favorite?: VkFlag
  is_friend?: VkFlag
  is_hidden_from_feed?: VkFlag
  is_no_index?: VkFlag
  online?: VkFlag
  online_mobile?: VkFlag
  trending?: VkFlag
  verified?: VkFlag

  city_id?: number
  common_count?: number
  country_id?: number
  followers_count?: number
  from?: number
  group_id?: number
  online_app?: number
  timezone?: number
  until?: number

  /** 0 not a friend, 1 request sent, 2 incoming request, 3 friend. */
  friend_status?: 0 | 1 | 2 | 3
  /** 0 unknown, 1 female, 2 male. */
  sex?: 0 | 1 | 2
  relation?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8
  wall_default?: "all" | "owner"
  position?: string

  career?: VkCareer
  city?: VkPlace
  country?: VkPlace
  connections?: VkConnections
  contacts?: VkContacts
  counters?: VkCounters
  education?: VkEducation
  exports?: VkExports
  last_seen?: VkLastSeen
  military?: VkMilitary
  occupation?: VkOccupation
  personal?: VkPersonal
  relation_partner?: VkRelationPartner
  relatives?: VkRelative[]
  schools?: VkSchool[]
  status_audio?: VkStatusAudio
  universities?: VkUniversity[]
  crop_photo?: VkCropPhoto
}

export { VK_DEFAULT_API_VERSION, type VkEndpointOptions, type VkTokenResponse, conformTokenResponse, requestUser, vkEndpoints } from "../provider-vk/api.js"
export type {
  VkCareer,
  VkConnections,
  VkContacts,
  VkCounters,
  VkCropPhoto,
  VkCropRect,
  VkEducation,
  VkExports,
  VkFlag,
  VkLastSeen,
  VkMilitary,
  VkOccupation,
  VkPersonal,
  VkPhoto,
  VkPhotoImage,
  VkPhotoImageType,
  VkPhotoSize,
  VkPhotoSizeType,
  VkPlace,
  VkRelationPartner,
  VkRelative,
  VkSchool,
  VkStatusAudio,
  VkUniversity,
} from "../provider-vk/profile-objects.js"
