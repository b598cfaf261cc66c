/**
 * Foursquare sign-in (OAuth 2, Foursquare's user-authenticated v2 API). The profile is `GET /v2/users/self`.
 *
 * Callback URL to register as the app's Redirect URL (Foursquare developer console):
 * `https://example.com/auth/callback/foursquare` (Next.js: `https://example.com/api/auth/callback/foursquare`).
 * Environment variables when `Foursquare` is listed bare in `providers`: `AUTH_FOURSQUARE_ID`, `AUTH_FOURSQUARE_SECRET`.
 *
 * @example
 * import Foursquare from "@gatehousejs/core/providers/foursquare"
 *
 * Gatehouse({ providers: [Foursquare] })
 * Foursquare({ apiVersion: "20240101" })
 *
 * Quirks:
 * - Foursquare redeems the code with a GET whose query carries `client_id`, `client_secret`, `grant_type`,
 *   `redirect_uri` and `code`, and answers with `access_token` alone (no `token_type`); `token.request` sends
 *   exactly that, keeping the URL (it holds the secret) out of every error message. Auth.js posts a standard token
 *   request and expects a `token_type` Foursquare does not send.
 * - API calls carry the token as the `oauth_token` query parameter and a `v` version date (`apiVersion`, default
 *   `20230131`).
 * - The name is first and last name, leaving out a missing part (Auth.js writes `"Jane undefined"`). `state` is
 *   sent, as OAuth 2 has Foursquare echo it; Foursquare documents no PKCE.
 * - Foursquare's tokens do not expire and come without a refresh token (`refresh: false`).
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, TokenSet, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, TokenEndpointContext, UserinfoEndpointContext } from "./types.js"

/** `GET https://api.foursquare.com/v2/users/self`: Foursquare's envelope around the user. */
export interface FoursquareProfile {
  meta: { code: number; requestId: string }
  response: {
    user: {
      id: string
      firstName: string
      lastName?: string
      gender?: string
      relationship?: string
      photo?: { prefix: string; suffix: string }
      contact?: { email?: string; phone?: string; [field: string]: unknown }
      homeCity?: string
      [field: string]: unknown
    }
  }
  [field: string]: unknown
}

export type FoursquareUserConfig<P> = OAuthUserConfig<P> & {
  /** The `v` version date of Foursquare's v2 API (`YYYYMMDD`). Default `20230131`. */
  apiVersion?: string
}

const TOKEN = "https://foursquare.com/oauth2/access_token"

// The button mark: the Simple Icons "Foursquare" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M2.376%200h7.338v1.204h-6.12v3.372h5.44V5.78h-5.44v4.874H2.376V0zm-.208%2020.16l1.19-.268c.213%201.473%201.232%202.352%202.89%202.352%201.487%200%202.664-.694%202.664-1.828%200-.807-.595-1.487-2.919-2.18-2.635-.752-3.513-1.715-3.513-3.13%200-1.829%201.473-2.805%203.613-2.805%202.393%200%203.456%201.218%203.825%202.89l-1.19.269c-.299-1.374-1.233-1.955-2.679-1.955-1.36%200-2.323.51-2.323%201.487%200%20.793.624%201.403%202.777%202.083%202.565.793%203.67%201.658%203.67%203.301%200%202.04-1.715%203.103-3.896%203.103-2.281-.003-3.84-1.193-4.11-3.318zm9.223-2.238c0-3.159%202.068-5.624%205.242-5.624%203.159%200%205.2%202.479%205.2%205.624%200%201.573-.525%202.933-1.404%203.925a36.155%2036.155%200%20011.247%201.303l-.879.85a57.16%2057.16%200%2000-1.303-1.346c-.807.524-1.771.822-2.861.822-3.061%200-5.242-2.352-5.242-5.554zm7.181%203.825a31.241%2031.241%200%2000-1.247-1.148l.85-.863a36.537%2036.537%200%20011.331%201.218c.638-.764%201.02-1.813%201.02-3.046%200-2.493-1.516-4.39-3.896-4.39s-3.91%201.897-3.91%204.39c0%202.565%201.658%204.363%203.91%204.363.725%200%201.375-.184%201.942-.524z'/%3E%3C/svg%3E"

/** The Foursquare provider: state, Foursquare's own token request, the profile with `oauth_token` and `v`. */
export default function Foursquare<P extends FoursquareProfile = FoursquareProfile>(options: FoursquareUserConfig<P> = {}): OAuthConfig<P> {
  const { apiVersion = "20230131", ...rest } = options
  const usersSelf = `https://api.foursquare.com/v2/users/self?v=${encodeURIComponent(apiVersion)}`
  return {
    id: "foursquare",
    name: "Foursquare",
    type: "oauth",
    authorization: "https://foursquare.com/oauth2/authenticate",
    token: { url: TOKEN, request: tokenRequest },
    userinfo: { url: usersSelf, request: selfRequest(usersSelf) },
    refresh: false,
    checks: ["state"],
    profile(profile: P): User {
      const user = profile.response.user
      const name = [user.firstName, user.lastName].filter(Boolean).join(" ")
      return {
        id: user.id,
        name: name || null,
        email: user.contact?.email ?? null,
        image: user.photo ? `${user.photo.prefix}original${user.photo.suffix}` : null,
      }
    },
    style: { brandColor: "#3333ff", logo: LOGO },
    options: rest as OAuthUserConfig<P>,
  }
}

/** `token.request`: `GET /oauth2/access_token?client_id=…&client_secret=…&grant_type=authorization_code&redirect_uri=…&code=…`. */
async function tokenRequest({ params, provider }: TokenEndpointContext): Promise<{ tokens: TokenSet }> {
  const url = new URL(TOKEN)
  url.searchParams.set("client_id", provider.clientId ?? "")
  url.searchParams.set("client_secret", provider.clientSecret ?? "")
  url.searchParams.set("grant_type", "authorization_code")
  url.searchParams.set("redirect_uri", provider.callbackUrl)
  url.searchParams.set("code", params.code ?? "")
  const response = await providerFetch(provider)(url, { headers: { accept: "application/json" } })
  const body = (await response.json().catch(() => null)) as { access_token?: unknown; error?: unknown } | null
  if (!response.ok || typeof body?.access_token !== "string") {
    const reason = typeof body?.error === "string" ? body.error : `HTTP ${response.status}`
    throw new TypeError(`Foursquare's token endpoint refused the code: ${reason}.`)
  }
  return { tokens: { access_token: body.access_token, token_type: "bearer" } }
}

/** `userinfo.request`: `GET /v2/users/self?v=…&oauth_token=…`. */
function selfRequest(usersSelf: string) {
  return async ({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> => {
    const url = new URL(usersSelf)
    url.searchParams.set("oauth_token", tokens.access_token ?? "")
    const response = await providerFetch(provider)(url, { headers: { accept: "application/json" } })
    if (!response.ok) throw new TypeError(`Foursquare's users/self answered ${response.status}.`)
    return (await response.json()) as Profile
  }
}
