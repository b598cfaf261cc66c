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
import { providerFetch } from "../oauth/http.js"
import type { Profile, TokenSet, User } from "../types.js"
import { merge } from "../util/merge.js"
import type { AuthorizationParameters, EndpointHandler, OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"
/** The VK API version the default URLs ask for (spec, Versioning 5). */
export const VK_DEFAULT_API_VERSION = "5.126"

const OAUTH_URL = "https://oauth.vk.com"
const API_URL = "https://api.vk.com"

/** The endpoint URLs of the spec, for one API version. */
export function vkEndpoints(apiVersion: string = VK_DEFAULT_API_VERSION): Required<VkEndpointOptions> {
  const v = encodeURIComponent(apiVersion)
  return {
    accessTokenUrl: `${OAUTH_URL}/access_token?v=${v}`,
    requestTokenUrl: `${OAUTH_URL}/access_token?v=${v}`,
    authorizationUrl: `${OAUTH_URL}/authorize?response_type=code&v=${v}`,
    profileUrl: `${API_URL}/method/users.get?fields=photo_100&v=${v}`,
  }
}

/** The spec's option keys for the endpoint URLs; each URL's `v` parameter is the API version used with it. */
export interface VkEndpointOptions {
  /** Where the code is exchanged: `{oauth_url}/access_token?v=<api_version>`. */
  accessTokenUrl?: string
  /** Same URL as `accessTokenUrl` (a leftover of OAuth 1 configs); used when `accessTokenUrl` is not given. */
  requestTokenUrl?: string
  /** Where sign-in starts: `{oauth_url}/authorize?response_type=code&v=<api_version>`. */
  authorizationUrl?: string
  /** The profile request: `{api_url}/method/users.get?fields=photo_100&v=<api_version>`. */
  profileUrl?: string
}

export type VkUserConfig<P> = OAuthUserConfig<P> & VkEndpointOptions

/** What the token endpoint answers (no `token_type`: the provider adds it). */
export interface VkTokenResponse {
  access_token: string
  /** Seconds; `0` for a non-expiring token (the `offline` scope). */
  expires_in: number
  user_id: number
  /** Only with the `email` scope, and only when the account has an address. */
  email?: string
}

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

type Endpoint<C, R> = EndpointHandler<Record<string, unknown>, C, R>

function lift<E extends object>(value: string | E | undefined): { url: string } | E | undefined {
  return typeof value === "string" ? { url: value } : value
}

function endpoint(url: string, override: string | EndpointHandler<AuthorizationParameters> | undefined): EndpointHandler<AuthorizationParameters> & { url: string } {
  return merge({ url } as EndpointHandler<AuthorizationParameters> & { url: string }, lift(override))
}

/**
 * `token.conform`: VK's token response has no `token_type`, which the OAuth client requires (RFC 6749 §5.1), so a
 * successful response gets `token_type: "bearer"`. Everything else (`email`, `user_id`, `expires_in`) is kept, and an
 * error response (`{ error, error_description }`) goes to the OAuth client untouched, to fail there.
 */
export async function conformTokenResponse(response: Response): Promise<Response | undefined> {
  if (!response.ok) return undefined
  let body: unknown
  try {
    body = await response.clone().json()
  } catch {
    return undefined
  }
  if (!isRecord(body) || "error" in body || typeof body.access_token !== "string" || typeof body.token_type === "string") return undefined
  const headers = new Headers(response.headers)
  headers.delete("content-length")
  headers.delete("content-encoding")
  headers.set("content-type", "application/json")
  return new Response(JSON.stringify({ ...body, token_type: "bearer" }), { status: response.status, statusText: response.statusText, headers })
}

/**
 * `userinfo.request`: `GET users.get` for the token's owner, unwrapped from `{ response: [user] }`, with the e-mail of
 * the token response added (users.get never returns it).
 *
 * The token travels as the `access_token` query parameter, VK's documented way of calling API methods and the one
 * the Auth.js v3 provider used; no `Authorization` header is sent besides, so the token is sent once. The request
 * goes to api.vk.com over https only (`providerFetch`), and no error raised here includes the URL or the token.
 */
export async function requestUser({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const accessToken = tokens.access_token
  if (typeof accessToken !== "string" || !accessToken) throw new Error("VK users.get: the token response has no access_token.")
  const url = new URL(userinfoUrl(provider) ?? vkEndpoints().profileUrl)
  // VK refuses method calls without a version (error 8); a custom URL without one gets the default.
  if (!url.searchParams.has("v")) url.searchParams.set("v", VK_DEFAULT_API_VERSION)
  url.searchParams.set("access_token", accessToken)

  const response = await providerFetch(provider)(url, { headers: { accept: "application/json" } })
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = undefined
  }
  if (isRecord(body) && isRecord(body.error)) {
    const { error_code: code, error_msg: message } = body.error
    const text = typeof message === "string" ? message.split(accessToken).join("[access_token]") : "no message"
    throw new Error(`VK users.get failed with API error ${String(code)}: ${text}`)
  }
  if (!response.ok) throw new Error(`VK users.get failed with HTTP ${response.status}.`)
  const user = isRecord(body) && Array.isArray(body.response) ? (body.response as unknown[])[0] : undefined
  if (!isRecord(user) || (typeof user.id !== "number" && typeof user.id !== "string")) {
    throw new Error("VK users.get returned no user: expected { response: [{ id, ... }] }.")
  }
  const email = (tokens as TokenSet & { email?: unknown }).email
  return (typeof email === "string" && email ? { ...user, email } : user) as Profile
}

/** The userinfo URL of the provider being used (the user may have replaced it after the factory ran). */
function userinfoUrl(provider: UserinfoEndpointContext["provider"]): string | undefined {
  const userinfo = provider.userinfo as string | URL | Endpoint<unknown, unknown> | undefined
  const url = typeof userinfo === "string" || userinfo instanceof URL ? userinfo : userinfo?.url
  return url ? String(url) : undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
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

/** A VK boolean flag: an integer. */
export type VkFlag = 0 | 1

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

export interface VkCareer {
  city_id: number
  city_name: string
  company: string
  country_id: number
  from: number
  group_id: number
  position: string
  until: number
}

/** A city or a country. */
export interface VkPlace {
  id: number
  title: string
}

export interface VkConnections {
  facebook: string
  instagram: string
  livejournal: string
  skype: string
  twitter: string
}

export interface VkContacts {
  home_phone: string
  mobile_phone: string
}

export interface VkCounters {
  albums: number
  audios: number
  followers: number
  friends: number
  groups: number
  mutual_friends: number
  notes: number
  online_friends: number
  pages: number
  photos: number
  user_videos: number
  videos: number
}

export interface VkEducation {
  faculty: number
  faculty_name: string
  graduation: number
  university: number
  university_name: string
}

export interface VkExports {
  facebook: number
  instagram: number
  livejournal: number
  twitter: number
}

export interface VkLastSeen {
  /** 1 mobile web, 2 iPhone, 3 iPad, 4 Android, 5 Windows Phone, 6 Windows 10, 7 full web. */
  platform: 1 | 2 | 3 | 4 | 5 | 6 | 7
  time: number
}

export interface VkMilitary {
  country_id: number
  from?: number
  unit: string
  unit_id: number
  until?: number
}

export interface VkOccupation {
  id?: number
  name?: string
  type?: "work" | "school" | "university"
}

export interface VkPersonal {
  alcohol: 1 | 2 | 3 | 4 | 5
  inspired_by: string
  langs: string[]
  life_main: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8
  people_main: 1 | 2 | 3 | 4 | 5 | 6
  political: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9
  religion: string
  smoking: 1 | 2 | 3 | 4 | 5
}

export interface VkRelationPartner {
  first_name: string
  last_name: string
  id: number
  can_access_closed?: boolean
  is_closed?: boolean
  deactivated?: string
  hidden?: number
}

export interface VkRelative {
  id: number
  name: string
  type: "parent" | "child" | "grandparent" | "grandchild" | "sibling"
}

export interface VkSchool {
  city: number
  country: number
  type: number
  year_from: number
  year_graduated: number
  year_to: number
  class: string
  id: string
  name: string
  speciality: string
  type_str: string
}

export interface VkStatusAudio {
  artist: string
  title: string
  duration: number
  id: number
  owner_id: number
  access_key?: string
  performer?: string
  url?: string
  album_id?: number
  date?: number
  genre_id?: number
}

export interface VkUniversity {
  chair: number
  city: number
  country: number
  faculty: number
  graduation: number
  id: number
  university_group_id: number
  chair_name: string
  education_form: string
  education_status: string
  faculty_name: string
  name: string
}

export interface VkCropPhoto {
  crop: VkCropRect
  rect: VkCropRect
  photo: VkPhoto
}

/** A rectangle in percent of the photo. */
export interface VkCropRect {
  x: number
  x2: number
  y: number
  y2: number
}

export interface VkPhoto {
  album_id: number
  date: number
  id: number
  owner_id: number
  has_tags: boolean
  access_key?: string
  photo_256?: string
  place?: string
  text?: string
  can_comment?: VkFlag
  height?: number
  width?: number
  lat?: number
  long?: number
  post_id?: number
  user_id?: number
  images?: VkPhotoImage[]
  sizes?: VkPhotoSize[]
}

export type VkPhotoImageType = "p" | "q" | "s" | "r" | "x" | "y" | "m" | "l" | "o" | "z" | "w"

export interface VkPhotoImage {
  height: number
  width: number
  url: string
  type: VkPhotoImageType
}

export type VkPhotoSizeType =
  | "max" | "k" | "a" | "b" | "i" | "p" | "q" | "s" | "g" | "d" | "r" | "x" | "y" | "m" | "l" | "o" | "z" | "w" | "c" | "e" | "j" | "temp" | "h" | "n" | "f"

export interface VkPhotoSize {
  height: number
  width: number
  src: string
  url: string
  type: VkPhotoSizeType
}
