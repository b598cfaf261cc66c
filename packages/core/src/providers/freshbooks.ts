/**
 * FreshBooks sign-in (OAuth 2). The profile is FreshBooks' identity endpoint, `GET /auth/api/v1/users/me`.
 *
 * Callback URL to register as a redirect URI of the app (FreshBooks → Developer Portal):
 * `https://example.com/auth/callback/freshbooks` (Next.js: `https://example.com/api/auth/callback/freshbooks`).
 * FreshBooks takes https redirect URIs only, without a query.
 * Environment variables when `Freshbooks` is listed bare in `providers`: `AUTH_FRESHBOOKS_ID`, `AUTH_FRESHBOOKS_SECRET`.
 *
 * @example
 * import Freshbooks from "@gatehousejs/core/providers/freshbooks"
 *
 * Gatehouse({ providers: [Freshbooks] })
 * Freshbooks({ authorization: { params: { scope: "user:profile:read user:clients:read" } } })
 *
 * Quirks:
 * - The authorization endpoint is `https://auth.freshbooks.com/oauth/authorize`, the one FreshBooks documents
 *   (Auth.js uses an older `/service/auth/oauth/authorize` path).
 * - Scope `user:profile:read` is requested, since the identity endpoint needs it (Auth.js requests none); the scopes
 *   ticked for the app in the Developer Portal must include it.
 * - The token endpoint reads the client id and secret from the form body (`client_secret_post`), as FreshBooks
 *   documents; Auth.js sends them as a Basic header.
 * - FreshBooks documents no PKCE, so the check is `state`.
 * - The identity is wrapped in `response`; the name is first and last name; there is no picture. One identity may
 *   belong to several businesses (`business_memberships`), each with its own account id for the accounting API.
 * - Access tokens last 12 hours; the refresh token is single use and is replaced by each refresh.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** One business the identity belongs to, with its role there. */
export interface FreshbooksBusinessMembership {
  id: number
  role: string
  business: { id: number; business_uuid?: string; name: string; account_id: string | null; [field: string]: unknown }
  [field: string]: unknown
}

/** `GET /auth/api/v1/users/me` (https://www.freshbooks.com/api/me_endpoint): the identity, under `response`. */
export interface FreshbooksProfile {
  response: {
    /** The identity id. */
    id: number
    identity_uuid?: string
    first_name: string | null
    last_name: string | null
    email: string
    language?: string
    confirmed_at?: string | null
    created_at?: string
    setup_complete?: boolean
    phone_numbers?: unknown[]
    addresses?: unknown[]
    business_memberships?: FreshbooksBusinessMembership[]
    [field: string]: unknown
  }
  [field: string]: unknown
}

/** The FreshBooks provider: scope `user:profile:read`, check `state`, client credentials in the token request's body. */
export default function Freshbooks<P extends FreshbooksProfile = FreshbooksProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "freshbooks",
    name: "Freshbooks",
    type: "oauth",
    authorization: { url: "https://auth.freshbooks.com/oauth/authorize", params: { scope: "user:profile:read" } },
    token: "https://api.freshbooks.com/auth/oauth/token",
    userinfo: "https://api.freshbooks.com/auth/api/v1/users/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile: P): User {
      const identity = profile.response
      const name = [identity.first_name, identity.last_name].filter(Boolean).join(" ")
      return { id: String(identity.id), name: name || null, email: identity.email ?? null, image: null }
    },
    // FreshBooks' blue; no icon in Simple Icons, so no logo.
    style: { brandColor: "#0075dd" },
    options,
  }
}
