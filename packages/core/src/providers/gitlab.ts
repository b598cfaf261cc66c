/**
 * GitLab sign-in (OAuth 2) on gitlab.com or a self-managed instance. The profile is `GET /api/v4/user`.
 *
 * Callback URL to register in the application's settings: `https://example.com/auth/callback/gitlab`
 * (Next.js: `https://example.com/api/auth/callback/gitlab`).
 * Environment variables when `GitLab` is listed bare in `providers`: `AUTH_GITLAB_ID`, `AUTH_GITLAB_SECRET`.
 *
 * @example
 * import GitLab from "@gatehousejs/core/providers/gitlab"
 *
 * Gatehouse({ providers: [GitLab] })
 * Gatehouse({ providers: [GitLab({ baseUrl: "https://gitlab.example.com" })] })
 *
 * Quirks: GitLab also speaks OpenID Connect, but this provider (like Auth.js's) uses plain OAuth 2 with the
 * `read_user` scope, so the account id is GitLab's numeric user id.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /api/v4/user` (https://docs.gitlab.com/api/users/#retrieve-the-current-user). */
export interface GitLabProfile {
  id: number
  username: string
  name: string
  state: string
  locked?: boolean
  avatar_url: string | null
  web_url: string
  created_at: string
  bio: string
  location?: string | null
  public_email: string | null
  skype?: string
  linkedin?: string
  twitter?: string
  discord?: string
  website_url?: string
  organization?: string | null
  job_title?: string
  pronouns?: string | null
  bot: boolean
  work_information?: string | null
  followers?: number
  following?: number
  local_time?: string | null
  last_sign_in_at: string | null
  confirmed_at: string | null
  last_activity_on?: string | null
  /** The primary address (the `read_user` scope shows it). */
  email: string
  theme_id?: number
  color_scheme_id?: number
  projects_limit?: number
  current_sign_in_at?: string | null
  identities?: { provider: string; extern_uid: string }[]
  can_create_group?: boolean
  can_create_project?: boolean
  two_factor_enabled?: boolean
  external?: boolean
  private_profile?: boolean
  commit_email?: string
  [field: string]: unknown
}

export type GitLabUserConfig<P> = OAuthUserConfig<P> & {
  /** A self-managed instance, e.g. `https://gitlab.example.com` (a sub-path such as `/gitlab` is kept). */
  baseUrl?: string | URL
}

// The button mark: the Simple Icons "GitLab" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='m23.6004%209.5927-.0337-.0862L20.3.9814a.851.851%200%200%200-.3362-.405.8748.8748%200%200%200-.9997.0539.8748.8748%200%200%200-.29.4399l-2.2055%206.748H7.5375l-2.2057-6.748a.8573.8573%200%200%200-.29-.4412.8748.8748%200%200%200-.9997-.0537.8585.8585%200%200%200-.3362.4049L.4332%209.5015l-.0325.0862a6.0657%206.0657%200%200%200%202.0119%207.0105l.0113.0087.03.0213%204.976%203.7264%202.462%201.8633%201.4995%201.1321a1.0085%201.0085%200%200%200%201.2197%200l1.4995-1.1321%202.4619-1.8633%205.006-3.7489.0125-.01a6.0682%206.0682%200%200%200%202.0094-7.003z'/%3E%3C/svg%3E"

/** The GitLab provider: scope `read_user`, PKCE; `baseUrl` for a self-managed instance. */
export default function GitLab<P extends GitLabProfile = GitLabProfile>(options: GitLabUserConfig<P> = {}): OAuthConfig<P> {
  const url = new URL(String(options.baseUrl ?? "https://gitlab.com"))
  // Endpoints are relative to the instance, sub-path included.
  if (!url.pathname.endsWith("/")) url.pathname += "/"
  const base = url.href
  return {
    id: "gitlab",
    name: "GitLab",
    type: "oauth",
    // A URL string with its query, as Auth.js's provider has it (the same request on the wire).
    authorization: `${base}oauth/authorize?scope=read_user`,
    token: `${base}oauth/token`,
    userinfo: `${base}api/v4/user`,
    profile(profile: P): User {
      return {
        id: String(profile.id),
        name: profile.name || profile.username,
        email: profile.email ?? null,
        image: profile.avatar_url ?? null,
      }
    },
    style: { brandColor: "#fc6d26", logo: LOGO },
    options: options as OAuthUserConfig<P>,
  }
}
