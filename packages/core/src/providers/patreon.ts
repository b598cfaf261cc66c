/**
 * Patreon sign-in (OAuth 2). The profile is the API v2 `identity` resource, a JSON:API document.
 *
 * Callback URL to register as a Redirect URI of the client: `https://example.com/auth/callback/patreon`
 * (Next.js: `https://example.com/api/auth/callback/patreon`).
 * Environment variables when `Patreon` is listed bare in `providers`: `AUTH_PATREON_ID`, `AUTH_PATREON_SECRET`.
 *
 * @example
 * import Patreon from "@gatehousejs/core/providers/patreon"
 *
 * Gatehouse({ providers: [Patreon] })
 *
 * Quirks:
 * - JSON:API: the user is `data`, its fields `data.attributes`, and only the fields listed in `fields[user]` come
 *   back. Errors are an `errors` array.
 * - The scopes `identity identity[email]` are API v2 scopes, so the profile uses the v2 `/api/oauth2/v2/identity`
 *   (Auth.js calls the v1 `current_user`). The account id (`data.id`) is the same in both.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"

/** `GET /api/oauth2/v2/identity?fields[user]=…` (https://docs.patreon.com/#get-api-oauth2-v2-identity). */
export interface PatreonProfile {
  data: {
    id: string
    type: "user"
    attributes: {
      full_name: string
      first_name?: string
      last_name?: string
      vanity?: string | null
      /** With the `identity[email]` scope. */
      email?: string
      is_email_verified?: boolean
      image_url?: string
      thumb_url?: string
      url?: string
      about?: string | null
      created?: string
      [field: string]: unknown
    }
    relationships?: Record<string, unknown>
  }
  links?: { self: string }
  included?: unknown[]
  [field: string]: unknown
}

const USER_FIELDS = "about,created,email,first_name,full_name,image_url,is_email_verified,last_name,thumb_url,url,vanity"
const IDENTITY_URL = `https://www.patreon.com/api/oauth2/v2/identity?${new URLSearchParams({ "fields[user]": USER_FIELDS })}`
// The button mark: the Simple Icons "Patreon" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M22.957%207.21c-.004-3.064-2.391-5.576-5.191-6.482-3.478-1.125-8.064-.962-11.384.604C2.357%203.231%201.093%207.391%201.046%2011.54c-.039%203.411.302%2012.396%205.369%2012.46%203.765.047%204.326-4.804%206.068-7.141%201.24-1.662%202.836-2.132%204.801-2.618%203.376-.836%205.678-3.501%205.673-7.031Z'/%3E%3C/svg%3E"

/** The Patreon provider: scope `identity identity[email]`, PKCE, the API v2 identity. */
export default function Patreon<P extends PatreonProfile = PatreonProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "patreon",
    name: "Patreon",
    type: "oauth",
    authorization: { url: "https://www.patreon.com/oauth2/authorize", params: { scope: "identity identity[email]" } },
    token: "https://www.patreon.com/api/oauth2/token",
    userinfo: { url: IDENTITY_URL, request: requestIdentity },
    profile(profile: P): User {
      const attributes = profile.data.attributes
      return {
        id: profile.data.id,
        name: attributes?.full_name ?? null,
        email: attributes?.email ?? null,
        image: attributes?.image_url ?? null,
      }
    },
    style: { brandColor: "#e85b46", logo: LOGO },
    options,
  }
}

/** `userinfo.request`: the identity document, its JSON:API `errors` turned into an error. */
async function requestIdentity({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const userinfo = provider.userinfo
  const url = String((typeof userinfo === "string" ? userinfo : userinfo?.url) ?? IDENTITY_URL)
  const response = await providerFetch(provider)(url, {
    headers: { authorization: `Bearer ${tokens.access_token ?? ""}`, accept: "application/vnd.api+json, application/json" },
  })
  let document: Profile | undefined
  try {
    document = (await response.json()) as Profile
  } catch {
    document = undefined
  }
  const data = document?.data as { id?: unknown } | undefined
  if (!response.ok || typeof data?.id !== "string") {
    const errors = Array.isArray(document?.errors) ? (document.errors as { code_name?: unknown; detail?: unknown }[]) : []
    const first = errors[0]
    const reason = first ? `${String(first.code_name ?? "error")}: ${String(first.detail ?? "")}` : `HTTP ${response.status}`
    throw new TypeError(`Patreon's identity endpoint failed (${reason}).`)
  }
  return document as Profile
}
