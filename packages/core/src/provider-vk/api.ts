// The VK API as the provider calls it: the endpoint URLs for an API version, the token response fix, the users.get request.
import { providerFetch } from "../oauth/http.js"
import type { EndpointHandler, UserinfoEndpointContext } from "../providers/types.js"
import type { Profile, TokenSet } from "../types.js"

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

/** What the token endpoint answers (no `token_type`: the provider adds it). */
export interface VkTokenResponse {
  access_token: string
  /** Seconds; `0` for a non-expiring token (the `offline` scope). */
  expires_in: number
  user_id: number
  /** Only with the `email` scope, and only when the account has an address. */
  email?: string
}

type Endpoint<C, R> = EndpointHandler<Record<string, unknown>, C, R>

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
