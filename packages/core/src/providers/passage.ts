/**
 * Passage (by 1Password) sign-in through OpenID Connect, Passage's hosted login. The issuer is your Passage app's,
 * which you supply; the profile is the ID token's claims.
 *
 * Callback URL to register among the app's OIDC redirect URIs: `https://example.com/auth/callback/passage`
 * (Next.js: `https://example.com/api/auth/callback/passage`).
 * Environment variables when `Passage` is listed bare in `providers`: `AUTH_PASSAGE_ID`, `AUTH_PASSAGE_SECRET`,
 * `AUTH_PASSAGE_ISSUER` (the app's issuer, from the OpenID Configuration URL in the Passage console without
 * `/.well-known/openid-configuration`).
 *
 * @example
 * import Passage from "@gatehousejs/core/providers/passage"
 *
 * Gatehouse({ providers: [Passage] }) // AUTH_PASSAGE_ID, AUTH_PASSAGE_SECRET, AUTH_PASSAGE_ISSUER
 * Passage({ authorization: { params: { scope: "openid email phone" } } })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_PASSAGE_ISSUER`) no sign-in starts: the configuration error that is logged
 *   names that variable.
 * - Passage supports the scopes `openid`, `email` and `phone` only; the default is `openid email` (Auth.js sends
 *   the generic `openid profile email`, with `profile`, which Passage does not list).
 * - Passage users have no name or picture. The phone claim is `phone_number` (Auth.js's type calls it `phone`).
 * - The client is sent as a Basic header, as Auth.js. Checks `pkce`.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of Passage's ID token (https://docs.passage.id/hosted-login/oidc-client-configuration#supported-scopes). */
export interface PassageProfile {
  iss: string
  /** The user's id in Passage. */
  sub: string
  aud: string[]
  exp: number
  iat: number
  auth_time: number
  azp: string
  client_id: string
  at_hash: string
  c_hash: string
  /** Scope `email`. */
  email: string
  email_verified: boolean
  /** Scope `phone`. */
  phone_number?: string
  phone_number_verified: boolean
  /** Auth.js's name for the phone claim; Passage sends `phone_number`. */
  phone?: string
}

/** The Passage provider: OIDC discovery on the user-supplied issuer, scope `openid email`, PKCE. */
export default function Passage<P extends PassageProfile = PassageProfile>(config: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "passage",
    name: "Passage",
    type: "oidc",
    issuer: config.issuer,
    authorization: { params: { scope: "openid email" } },
    client: { token_endpoint_auth_method: "client_secret_basic" },
    profile(profile: P): User {
      return { id: profile.sub, name: null, email: profile.email ?? null, image: null }
    },
    // Passage's blue, as Auth.js; Simple Icons has no mark for it.
    style: { brandColor: "#3d53f6" },
    options: config as OIDCConfig<P>["options"],
  }
}
