/**
 * Bitbucket Cloud sign-in (OAuth 2, an OAuth consumer of a workspace). The profile is `GET /2.0/user`.
 *
 * Callback URL to set as the consumer's Callback URL: `https://example.com/auth/callback/bitbucket`
 * (Next.js: `https://example.com/api/auth/callback/bitbucket`).
 * Environment variables when `Bitbucket` is listed bare in `providers`: `AUTH_BITBUCKET_ID` (the consumer Key),
 * `AUTH_BITBUCKET_SECRET`.
 *
 * @example
 * import Bitbucket from "@gatehousejs/core/providers/bitbucket"
 *
 * Gatehouse({ providers: [Bitbucket] })
 * // With the e-mail address: grant the consumer the "Email" permission and ask for the scope.
 * Bitbucket({ authorization: { params: { scope: "account email" } } })
 *
 * Quirks: `/2.0/user` never has the e-mail address. When the token was granted the `email` scope, the provider also
 * asks `GET /2.0/user/emails` and takes the confirmed primary address (like GitHub's fallback); with the default
 * `account` scope the user has no e-mail, as with Auth.js.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"

/** `GET /2.0/user` (https://developer.atlassian.com/cloud/bitbucket/rest/api-group-users/#api-user-get). */
export interface BitbucketProfile {
  account_id: string
  uuid: string
  username: string
  nickname: string
  display_name: string
  type: "user"
  created_on: string
  account_status: string
  has_2fa_enabled: boolean | null
  is_staff: boolean
  location: string | null
  links: Record<"self" | "avatar" | "repositories" | "snippets" | "html" | "hooks" | (string & {}), { href?: string }>
  /** Added from `GET /2.0/user/emails` when the token has the `email` scope. */
  email?: string | null
  [field: string]: unknown
}

/** One entry of `GET /2.0/user/emails`. */
export interface BitbucketEmail {
  email: string
  is_primary: boolean
  is_confirmed: boolean
  type: "email"
}

const USER_URL = "https://api.bitbucket.org/2.0/user"
// The button mark: the Simple Icons "Bitbucket" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M.778%201.213a.768.768%200%2000-.768.892l3.263%2019.81c.084.5.515.868%201.022.873H19.95a.772.772%200%2000.77-.646l3.27-20.03a.768.768%200%2000-.768-.891zM14.52%2015.53H9.522L8.17%208.466h7.561z'/%3E%3C/svg%3E"

/** The Bitbucket provider: scope `account`, PKCE; the e-mail address when the `email` scope was granted. */
export default function Bitbucket<P extends BitbucketProfile = BitbucketProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "bitbucket",
    name: "Bitbucket",
    type: "oauth",
    authorization: { url: "https://bitbucket.org/site/oauth2/authorize", params: { scope: "account" } },
    token: "https://bitbucket.org/site/oauth2/access_token",
    userinfo: { url: USER_URL, request: requestProfile },
    profile(profile: P): User {
      return {
        id: profile.account_id,
        name: profile.display_name ?? profile.username ?? null,
        email: profile.email ?? null,
        image: profile.links?.avatar?.href ?? null,
      }
    },
    style: { brandColor: "#205081", logo: LOGO },
    options,
  }
}

/** `userinfo.request`: `GET /2.0/user`, and `GET /2.0/user/emails` when the token has the `email` scope. */
async function requestProfile({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const fetch = providerFetch(provider)
  const headers = { authorization: `Bearer ${tokens.access_token ?? ""}`, accept: "application/json" }
  const userinfo = provider.userinfo
  const url = String((typeof userinfo === "string" ? userinfo : userinfo?.url) ?? USER_URL)
  const response = await fetch(url, { headers })
  if (!response.ok) throw new TypeError(`Bitbucket's user endpoint answered ${response.status}.`)
  const profile: Profile = await response.json()
  // Bitbucket's token response names the granted scopes `scopes`.
  const granted = String(tokens.scopes ?? tokens.scope ?? "").split(/[\s,]+/)
  if (granted.includes("email")) profile.email = await primaryEmail(fetch, `${url.split("?")[0]}/emails`, headers)
  return profile
}

/** The confirmed primary address, else any confirmed one; `null` when there is none or the call fails. */
async function primaryEmail(fetch: ReturnType<typeof providerFetch>, url: string, headers: Record<string, string>): Promise<string | null> {
  try {
    const response = await fetch(url, { headers })
    if (!response.ok) return null
    const body = (await response.json()) as { values?: unknown }
    const emails = (Array.isArray(body?.values) ? body.values : []).filter(
      (entry): entry is BitbucketEmail =>
        typeof entry === "object" && entry !== null && typeof (entry as BitbucketEmail).email === "string" && (entry as BitbucketEmail).is_confirmed === true,
    )
    return (emails.find((entry) => entry.is_primary) ?? emails[0])?.email ?? null
  } catch {
    return null
  }
}
