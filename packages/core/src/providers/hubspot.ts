/**
 * HubSpot sign-in (OAuth 2, an app installed into a HubSpot account). HubSpot has no user endpoint: the profile is
 * the metadata of the access token, from the token introspection endpoint (`POST /oauth/v3/token/introspect`).
 *
 * Callback URL to register as the app's redirect URL: `https://example.com/auth/callback/hubspot`
 * (Next.js: `https://example.com/api/auth/callback/hubspot`).
 * Environment variables when `HubSpot` is listed bare in `providers`: `AUTH_HUBSPOT_ID`, `AUTH_HUBSPOT_SECRET`.
 *
 * @example
 * import HubSpot from "@gatehousejs/core/providers/hubspot"
 *
 * Gatehouse({ providers: [HubSpot] })
 * HubSpot({ authorization: { params: { scope: "oauth crm.objects.contacts.read" } } })
 *
 * Quirks:
 * - Uses HubSpot's v3 OAuth endpoints (`/oauth/v3/token`, `/oauth/v3/token/introspect`), which take every value in
 *   the form body. Auth.js uses v1, which HubSpot deprecates on 16 February 2027, and puts the access token in the
 *   metadata URL's path (where server logs keep it), with the global `fetch` rather than the configured one.
 * - The client id and secret go in the token request's body (`client_secret_post`); the introspection request
 *   carries them too.
 * - Scope `oauth`; the scopes requested must be among those set on the app. Checks `pkce`.
 * - The account id is the HubSpot user id (`user_id`); name and e-mail are both the user's address (`user`), the
 *   only personal detail HubSpot gives. `hub_id` is the account the app was installed into. No picture.
 * - Access tokens last 30 minutes; a refresh token comes with every authorization.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"

/** The token introspection answer (https://developers.hubspot.com/docs/api-reference/auth-oauth-v3/guide). */
export interface HubSpotProfile extends Record<string, unknown> {
  /** The address of the user who authorized the app. */
  user: string
  user_id: number
  hub_domain: string
  hub_id: number
  app_id?: number
  active?: boolean
  token_use?: string
  client_id?: string
  scopes?: string[]
  expires_in?: number
  token_type?: string
  is_private_distribution?: boolean
}

const INTROSPECT = "https://api.hubapi.com/oauth/v3/token/introspect"

// The button mark: the Simple Icons "HubSpot" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M18.164%207.93V5.084a2.198%202.198%200%20001.267-1.978v-.067A2.2%202.2%200%200017.238.845h-.067a2.2%202.2%200%2000-2.193%202.193v.067a2.196%202.196%200%20001.252%201.973l.013.006v2.852a6.22%206.22%200%2000-2.969%201.31l.012-.01-7.828-6.095A2.497%202.497%200%20104.3%204.656l-.012.006%207.697%205.991a6.176%206.176%200%2000-1.038%203.446c0%201.343.425%202.588%201.147%203.607l-.013-.02-2.342%202.343a1.968%201.968%200%2000-.58-.095h-.002a2.033%202.033%200%20102.033%202.033%201.978%201.978%200%2000-.1-.595l.005.014%202.317-2.317a6.247%206.247%200%20104.782-11.134l-.036-.005zm-.964%209.378a3.206%203.206%200%20113.215-3.207v.002a3.206%203.206%200%2001-3.207%203.207z'/%3E%3C/svg%3E"

/** The HubSpot provider: scope `oauth`, PKCE, the v3 token endpoint, the profile from token introspection. */
export default function HubSpot<P extends HubSpotProfile = HubSpotProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "hubspot",
    name: "HubSpot",
    type: "oauth",
    authorization: { url: "https://app.hubspot.com/oauth/authorize", params: { scope: "oauth" } },
    token: "https://api.hubapi.com/oauth/v3/token",
    userinfo: { url: INTROSPECT, request: introspect },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: P): User {
      return { id: String(profile.user_id), name: profile.user ?? null, email: profile.user ?? null, image: null }
    },
    style: { brandColor: "#ff7a59", logo: LOGO },
    options,
  }
}

/** `userinfo.request`: the access token's metadata, asked with the client's credentials in the form body. */
async function introspect({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const userinfo = provider.userinfo
  const url = (typeof userinfo === "string" ? userinfo : userinfo?.url) ?? INTROSPECT
  const response = await providerFetch(provider)(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      client_id: provider.clientId ?? "",
      client_secret: provider.clientSecret ?? "",
      token: tokens.access_token ?? "",
      token_type_hint: "access_token",
    }),
  })
  if (!response.ok) throw new TypeError(`HubSpot's token introspection answered ${response.status}.`)
  const metadata = (await response.json()) as Profile
  if (metadata.active === false) throw new TypeError("HubSpot reports the new access token as inactive.")
  return metadata
}
