/**
 * SAML single sign-on through BoxyHQ SAML Jackson (now Ory Polis), which runs the SAML exchange with each customer's
 * identity provider and hands the result to the app as an OAuth 2 flow. The profile is Jackson's
 * `GET /api/oauth/userinfo`.
 *
 * Callback URL to register as Jackson's allowed redirect URL (and in each SAML connection's redirect URLs):
 * `https://example.com/auth/callback/boxyhq-saml` (Next.js: `https://example.com/api/auth/callback/boxyhq-saml`).
 * Environment variables when `SAMLJackson` is listed bare in `providers`: `AUTH_BOXYHQ_SAML_ID`,
 * `AUTH_BOXYHQ_SAML_SECRET`, `AUTH_BOXYHQ_SAML_ISSUER` (the Jackson service's URL, e.g. `https://sso.example.com`).
 *
 * @example
 * import SAMLJackson from "@gatehousejs/core/providers/boxyhq-saml"
 *
 * // One client for every tenant: client id `dummy`, secret = Jackson's CLIENT_SECRET_VERIFIER.
 * Gatehouse({ providers: [SAMLJackson({ issuer: "https://sso.example.com", clientId: "dummy", clientSecret: verifier })] })
 * // Then name the tenant and product when signing in:
 * signIn("boxyhq-saml", { redirectTo: "/" }, { tenant: "example.com", product: "my-app" })
 *
 * Quirks:
 * - Jackson finds the SAML connection from `tenant` and `product` (pass them as authorization parameters, as above), or
 *   from a connection's own client id. With the shared `dummy` client id, the secret is Jackson's
 *   `CLIENT_SECRET_VERIFIER`.
 * - Plain OAuth 2 (no `scope`): Jackson answers with an access token only. Asking for `openid` turns on its OIDC flow,
 *   whose ID token this OAuth 2 provider does not verify.
 * - Without an `issuer` (option or `AUTH_BOXYHQ_SAML_ISSUER`) no sign-in starts: the configuration error that is
 *   logged names that variable (Auth.js builds `undefined/api/oauth/authorize`).
 * - The name is `firstName lastName` as the identity provider's SAML attributes give them; `roles` and `groups` are in
 *   the profile.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** Jackson's `GET /api/oauth/userinfo`: the SAML attributes mapped to a profile, and what the sign-in asked for. */
export interface BoxyHQSAMLProfile {
  /** The user's id at the customer's identity provider (the SAML subject). */
  id: string
  email: string
  firstName?: string
  lastName?: string
  roles?: string[]
  groups?: string[]
  /** Every attribute of the SAML assertion. */
  raw?: Record<string, unknown>
  /** The authorization request's `tenant`, `product`, `client_id` and `state`. */
  requested?: Record<string, unknown>
  [field: string]: unknown
}

/** The BoxyHQ SAML provider: Jackson's OAuth 2 endpoints under the issuer, PKCE. */
export default function SAMLJackson<P extends BoxyHQSAMLProfile = BoxyHQSAMLProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  const issuer = options.issuer?.replace(/\/+$/, "")
  return {
    id: "boxyhq-saml",
    name: "BoxyHQ SAML",
    type: "oauth",
    issuer,
    // Without an issuer there are no endpoints: the configuration check then names AUTH_BOXYHQ_SAML_ISSUER.
    authorization: issuer ? { url: `${issuer}/api/oauth/authorize`, params: { provider: "saml" } } : undefined,
    token: issuer ? `${issuer}/api/oauth/token` : undefined,
    userinfo: issuer ? `${issuer}/api/oauth/userinfo` : undefined,
    profile(profile: P): User {
      const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ")
      return {
        id: profile.id,
        name: name || null,
        email: profile.email ?? null,
        image: null,
      }
    },
    // BoxyHQ's green, darkened until white text on it meets WCAG AA (4.6:1).
    style: { brandColor: "#19826b" },
    options: (issuer ? { ...options, issuer } : options) as OAuthUserConfig<P>,
  }
}
