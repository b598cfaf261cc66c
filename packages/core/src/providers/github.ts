/**
 * GitHub sign-in (an OAuth App, or a GitHub App's user authorization) on github.com or GitHub Enterprise Server.
 * GitHub speaks OAuth 2 only, no OpenID Connect: the profile is `GET /user` of the REST API.
 *
 * Callback URL to register in the app's settings: `https://example.com/auth/callback/github`
 * (Next.js: `https://example.com/api/auth/callback/github`).
 * Environment variables when `GitHub` is listed bare in `providers`: `AUTH_GITHUB_ID`, `AUTH_GITHUB_SECRET`.
 *
 * @example
 * import GitHub from "@gatehousejs/core/providers/github"
 *
 * Gatehouse({ providers: [GitHub] })
 * Gatehouse({ providers: [GitHub({ enterprise: { baseUrl: "https://github.example.com" } })] })
 *
 * Quirks:
 * - A user whose e-mail address is private has `email: null` in `/user`. The provider then asks `GET /user/emails`
 *   (the `user:email` scope, in the defaults, allows it) and takes the primary address, else the first one.
 * - `issuer` is `{baseUrl}/login/oauth`: GitHub sends it back as the RFC 9207 `iss` callback parameter.
 * - The token endpoint answers form-encoded unless asked for JSON (the engine sends `Accept: application/json`), and
 *   reports errors (`bad_verification_code`, …) with HTTP 200; `token.conform` turns those into the 400 of RFC 6749
 *   §5.2 so that they fail as OAuth errors.
 * - GitHub Apps ignore `scope` (their permissions come from the app settings) and need "Email addresses: read" for the
 *   fallback to find private addresses.
 * - OAuth apps' tokens do not expire and come without a refresh token. A GitHub App with expiring user tokens gets
 *   one (8 hours / 6 months), refreshed with the standard grant at the same endpoint, so `refresh` is left on.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"
import { tokenErrorsSentWith200 } from "../oauth/token-errors.js"

/** `GET /user` for the authenticated user (https://docs.github.com/en/rest/users/users#get-the-authenticated-user). */
export interface GitHubProfile {
  login: string
  id: number
  node_id: string
  avatar_url: string
  gravatar_id: string | null
  url: string
  html_url: string
  type: string
  site_admin: boolean
  name: string | null
  company: string | null
  blog: string | null
  location: string | null
  /** The public address, or the one the `/user/emails` fallback found; `null` when there is none. */
  email: string | null
  hireable: boolean | null
  bio: string | null
  twitter_username?: string | null
  public_repos: number
  public_gists: number
  followers: number
  following: number
  created_at: string
  updated_at: string
  private_gists?: number
  total_private_repos?: number
  owned_private_repos?: number
  disk_usage?: number
  collaborators?: number
  two_factor_authentication?: boolean
  plan?: { collaborators: number; name: string; space: number; private_repos: number }
  [field: string]: unknown
}

/** One entry of `GET /user/emails`. */
export interface GitHubEmail {
  email: string
  primary: boolean
  verified: boolean
  visibility: "public" | "private" | null
}

export type GitHubUserConfig<P> = OAuthUserConfig<P> & {
  /** GitHub Enterprise Server: its base URL, e.g. `https://github.example.com`. The API is `{baseUrl}/api/v3`. */
  enterprise?: { baseUrl?: string }
}

// The button mark: the Simple Icons "GitHub" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M12%20.297c-6.63%200-12%205.373-12%2012%200%205.303%203.438%209.8%208.205%2011.385.6.113.82-.258.82-.577%200-.285-.01-1.04-.015-2.04-3.338.724-4.042-1.61-4.042-1.61C4.422%2018.07%203.633%2017.7%203.633%2017.7c-1.087-.744.084-.729.084-.729%201.205.084%201.838%201.236%201.838%201.236%201.07%201.835%202.809%201.305%203.495.998.108-.776.417-1.305.76-1.605-2.665-.3-5.466-1.332-5.466-5.93%200-1.31.465-2.38%201.235-3.22-.135-.303-.54-1.523.105-3.176%200%200%201.005-.322%203.3%201.23.96-.267%201.98-.399%203-.405%201.02.006%202.04.138%203%20.405%202.28-1.552%203.285-1.23%203.285-1.23.645%201.653.24%202.873.12%203.176.765.84%201.23%201.91%201.23%203.22%200%204.61-2.805%205.625-5.475%205.92.42.36.81%201.096.81%202.22%200%201.606-.015%202.896-.015%203.286%200%20.315.21.69.825.57C20.565%2022.092%2024%2017.592%2024%2012.297c0-6.627-5.373-12-12-12'/%3E%3C/svg%3E"

/** The GitHub provider: scope `read:user user:email`, PKCE, the e-mail fallback described in the module comment. */
export default function GitHub<P extends GitHubProfile = GitHubProfile>(options: GitHubUserConfig<P> = {}): OAuthConfig<P> {
  const enterprise = options.enterprise?.baseUrl?.replace(/\/+$/, "")
  const baseUrl = enterprise ?? "https://github.com"
  const apiBaseUrl = enterprise ? `${enterprise}/api/v3` : "https://api.github.com"
  return {
    id: "github",
    name: "GitHub",
    type: "oauth",
    issuer: `${baseUrl}/login/oauth`,
    authorization: { url: `${baseUrl}/login/oauth/authorize`, params: { scope: "read:user user:email" } },
    token: { url: `${baseUrl}/login/oauth/access_token`, conform: tokenErrorsSentWith200 },
    userinfo: { url: `${apiBaseUrl}/user`, request: profileRequest(apiBaseUrl) },
    profile(profile: P): User {
      return {
        id: String(profile.id),
        name: profile.name ?? profile.login,
        email: profile.email ?? null,
        image: profile.avatar_url ?? null,
      }
    },
    style: { brandColor: "#24292f", text: "#ffffff", logo: LOGO },
    options: options as OAuthUserConfig<P>,
  }
}

/** `userinfo.request`: `GET /user`, then `GET /user/emails` when the address is private. */
function profileRequest(apiBaseUrl: string) {
  return async ({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> => {
    const fetch = providerFetch(provider)
    const headers = {
      authorization: `Bearer ${tokens.access_token ?? ""}`,
      accept: "application/vnd.github+json",
      // GitHub's REST API refuses requests without a User-Agent.
      "user-agent": "gatehouse",
    }
    const userinfo = provider.userinfo
    const url = (typeof userinfo === "string" ? userinfo : userinfo?.url) ?? `${apiBaseUrl}/user`
    const response = await fetch(String(url), { headers })
    if (!response.ok) throw new TypeError(`GitHub's user endpoint answered ${response.status}.`)
    const profile: Profile = await response.json()
    // The addresses live beside the user endpoint actually used (an overridden or Enterprise one included): the
    // access token never goes to a host the app did not configure.
    const emails = new URL(String(url))
    emails.search = ""
    emails.pathname = `${emails.pathname.replace(/\/$/, "")}/emails`
    if (!profile.email) profile.email = await primaryEmail(fetch, emails.href, headers)
    return profile
  }
}

/** The primary address of `GET /user/emails`, else the first; `null` when the call fails or lists none. */
async function primaryEmail(
  fetch: ReturnType<typeof providerFetch>,
  url: string,
  headers: Record<string, string>,
): Promise<string | null> {
  try {
    const response = await fetch(url, { headers })
    if (!response.ok) return null
    const body: unknown = await response.json()
    const emails = (Array.isArray(body) ? body : []).filter(
      (entry): entry is GitHubEmail => typeof entry === "object" && entry !== null && typeof (entry as GitHubEmail).email === "string",
    )
    return (emails.find((entry) => entry.primary) ?? emails[0])?.email ?? null
  } catch {
    // Without the address the sign-in still works; the user just has no e-mail.
    return null
  }
}
