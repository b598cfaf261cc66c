/**
 * Pipedrive sign-in (OAuth 2, a Marketplace app). The profile is `GET /v1/users/me` of the API.
 *
 * Callback URL to register as the app's Callback URL in Developer Hub: `https://example.com/auth/callback/pipedrive`
 * (Next.js: `https://example.com/api/auth/callback/pipedrive`).
 * Environment variables when `Pipedrive` is listed bare in `providers`: `AUTH_PIPEDRIVE_ID`, `AUTH_PIPEDRIVE_SECRET`.
 *
 * @example
 * import Pipedrive from "@gatehousejs/core/providers/pipedrive"
 *
 * Gatehouse({ providers: [Pipedrive] })
 *
 * Quirks:
 * - The profile URL is `https://api.pipedrive.com/v1/users/me`, as documented. Auth.js calls `/users/me` without the
 *   API version, a path Pipedrive's API reference does not have.
 * - No `scope` is sent: the app's scopes are set in Developer Hub (`users:read` or any base scope covers `/users/me`).
 * - The answer is wrapped, `{ success, data }`. The account id is `data.id`, as in Auth.js. Pipedrive advises keying
 *   on the user id together with `data.company_id` (the company the token is for); an app that wants one account per
 *   company can map `profile` to `${data.company_id}:${data.id}`.
 * - Checks `pkce` and `state` (Pipedrive documents `state`, not PKCE).
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /v1/users/me` (https://pipedrive.readme.io/docs/marketplace-getting-user-data). */
export interface PipedriveProfile {
  success: boolean
  data: {
    id: number
    name: string
    default_currency?: string
    locale?: string
    lang?: number
    email: string
    phone?: string | null
    activated?: boolean
    last_login?: string
    created?: string
    modified?: string
    signup_flow_variation?: string
    has_created_company?: boolean
    is_admin?: number
    active_flag?: boolean
    timezone_name?: string
    timezone_offset?: string
    role_id?: number
    icon_url?: string | null
    is_you?: boolean
    company_id?: number
    company_name?: string
    company_domain?: string
    company_country?: string
    company_industry?: string | null
    language?: { language_code?: string; country_code?: string }
    [field: string]: unknown
  }
  [field: string]: unknown
}

/** The Pipedrive provider: the app's scopes, checks `pkce` and `state`. */
export default function Pipedrive<P extends PipedriveProfile = PipedriveProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "pipedrive",
    name: "Pipedrive",
    type: "oauth",
    authorization: "https://oauth.pipedrive.com/oauth/authorize",
    token: "https://oauth.pipedrive.com/oauth/token",
    userinfo: "https://api.pipedrive.com/v1/users/me",
    checks: ["pkce", "state"],
    profile({ data }: P): User {
      return {
        id: String(data.id),
        name: data.name ?? null,
        email: data.email ?? null,
        image: data.icon_url ?? null,
      }
    },
    // Pipedrive publishes no sign-in button: a neutral black, white text.
    style: { brandColor: "#000000", text: "#ffffff" },
    options,
  }
}
