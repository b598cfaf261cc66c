/**
 * LinkedIn sign-in through OpenID Connect (`https://www.linkedin.com/oauth`, found by discovery). The profile is the
 * ID token's claims.
 *
 * Callback URL to register under Auth → Authorized redirect URLs: `https://example.com/auth/callback/linkedin`
 * (Next.js: `https://example.com/api/auth/callback/linkedin`).
 * Environment variables when `LinkedIn` is listed bare in `providers`: `AUTH_LINKEDIN_ID`, `AUTH_LINKEDIN_SECRET`.
 *
 * @example
 * import LinkedIn from "@gatehousejs/core/providers/linkedin"
 *
 * Gatehouse({ providers: [LinkedIn] })
 *
 * Quirks:
 * - The app needs the "Sign In with LinkedIn using OpenID Connect" product; the old `r_liteprofile` /
 *   `r_emailaddress` scopes are retired.
 * - State only (LinkedIn's OIDC does not take PKCE here, as Auth.js configures it); the client secret goes in the
 *   token request body.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of LinkedIn's ID token (https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2). */
export interface LinkedInProfile {
  iss?: string
  aud?: string
  iat?: number
  exp?: number
  sub: string
  name: string
  given_name: string
  family_name: string
  picture?: string
  locale?: string | { country: string; language: string }
  email?: string
  email_verified?: boolean
  [claim: string]: unknown
}

// The button mark: a simple drawn mark, in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M3%209h4v12H3zM5%202.8a2.2%202.2%200%201%201%200%204.4%202.2%202.2%200%200%201%200-4.4M10%209h3.8v1.7h.1c.5-1%201.8-2%203.7-2%204%200%204.7%202.6%204.7%206V21h-4v-5.6c0-1.3%200-3-1.9-3s-2.1%201.4-2.1%202.9V21H10z'/%3E%3C/svg%3E"

/** The LinkedIn provider: OIDC discovery, scope `openid profile email`, check `state`, `client_secret_post`. */
export default function LinkedIn<P extends LinkedInProfile = LinkedInProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "linkedin",
    name: "LinkedIn",
    type: "oidc",
    issuer: "https://www.linkedin.com/oauth",
    checks: ["state"],
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: P): User {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null }
    },
    style: { brandColor: "#0a66c2", logo: LOGO },
    options: options as OIDCConfig<P>["options"],
  }
}
