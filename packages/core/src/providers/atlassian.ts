/**
 * Atlassian account sign-in (OAuth 2.0 "3LO", for Jira and Confluence Cloud apps). The profile is
 * `GET https://api.atlassian.com/me`.
 *
 * Callback URL to register in the developer console (Authorization → OAuth 2.0 (3LO)):
 * `https://example.com/auth/callback/atlassian`
 * (Next.js: `https://example.com/api/auth/callback/atlassian`).
 * Environment variables when `Atlassian` is listed bare in `providers`: `AUTH_ATLASSIAN_ID`, `AUTH_ATLASSIAN_SECRET`.
 *
 * @example
 * import Atlassian from "@gatehousejs/core/providers/atlassian"
 *
 * Gatehouse({ providers: [Atlassian] })
 * // Jira access with a refresh token:
 * Atlassian({ authorization: { params: { scope: "read:me read:jira-work offline_access", prompt: "consent" } } })
 *
 * Quirks:
 * - `audience=api.atlassian.com` is required; `prompt=consent` is usually wanted when scopes change.
 * - State only (no PKCE), as Auth.js configures it.
 * - Refresh tokens need `offline_access` and rotate on every use.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /me` (https://developer.atlassian.com/cloud/confluence/oauth-2-3lo-apps/#how-do-i-retrieve-the-public-profile-of-the-authenticated-user-). */
export interface AtlassianProfile {
  account_type: string
  account_id: string
  email: string
  email_verified?: boolean
  name: string
  picture: string
  account_status: string
  nickname?: string
  zoneinfo?: string
  locale?: string
  extended_profile?: { job_title?: string; organization?: string; department?: string; location?: string }
  [field: string]: unknown
}

// The button mark: the Simple Icons "Atlassian" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M7.12%2011.084a.683.683%200%2000-1.16.126L.075%2022.974a.703.703%200%2000.63%201.018h8.19a.678.678%200%2000.63-.39c1.767-3.65.696-9.203-2.406-12.52zM11.434.386a15.515%2015.515%200%2000-.906%2015.317l3.95%207.9a.703.703%200%2000.628.388h8.19a.703.703%200%2000.63-1.017L12.63.38a.664.664%200%2000-1.196.006z'/%3E%3C/svg%3E"

/** The Atlassian provider: scope `read:me`, `audience=api.atlassian.com`, check `state`. */
export default function Atlassian<P extends AtlassianProfile = AtlassianProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "atlassian",
    name: "Atlassian",
    type: "oauth",
    authorization: {
      url: "https://auth.atlassian.com/authorize",
      params: { audience: "api.atlassian.com", scope: "read:me" },
    },
    token: "https://auth.atlassian.com/oauth/token",
    userinfo: "https://api.atlassian.com/me",
    checks: ["state"],
    profile(profile: P): User {
      return { id: profile.account_id, name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null }
    },
    style: { brandColor: "#0052cc", logo: LOGO },
    options,
  }
}
