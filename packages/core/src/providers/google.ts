/**
 * Google sign-in through OpenID Connect (`https://accounts.google.com`, found by discovery). The profile is the ID
 * token's claims.
 *
 * Callback URL to register for the OAuth client: `https://example.com/api/auth/callback/google`.
 * Environment variables when `Google` is listed bare in `providers`: `AUTH_GOOGLE_ID`, `AUTH_GOOGLE_SECRET`.
 *
 * @example
 * import Google from "@gatehousejs/core/providers/google"
 *
 * Gatehouse({ providers: [Google] })
 * // A refresh token: Google sends one only with access_type=offline, and again only after prompt=consent.
 * Google({ authorization: { params: { access_type: "offline", prompt: "consent" } } })
 *
 * Quirks: `email_verified` and `hd` (the Google Workspace domain) are in the profile for a `signIn` callback that
 * restricts who may sign in (`profile.email_verified && profile.hd === "example.com"`).
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of Google's ID token (https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload). */
export interface GoogleProfile {
  iss: string
  azp: string
  aud: string
  sub: string
  email: string
  email_verified: boolean
  at_hash?: string
  name: string
  picture: string
  given_name: string
  family_name?: string
  locale?: string
  /** The Google Workspace (hosted) domain of the account, when it has one. */
  hd?: string
  nonce?: string
  iat: number
  exp: number
  [claim: string]: unknown
}

// The button mark: the Simple Icons "Google" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M12.48%2010.92v3.28h7.84c-.24%201.84-.853%203.187-1.787%204.133-1.147%201.147-2.933%202.4-6.053%202.4-4.827%200-8.6-3.893-8.6-8.72s3.773-8.72%208.6-8.72c2.6%200%204.507%201.027%205.907%202.347l2.307-2.307C18.747%201.44%2016.133%200%2012.48%200%205.867%200%20.307%205.387.307%2012s5.56%2012%2012.173%2012c3.573%200%206.267-1.173%208.373-3.36%202.16-2.16%202.84-5.213%202.84-7.667%200-.76-.053-1.467-.173-2.053H12.48z'/%3E%3C/svg%3E"

/** The Google provider: OIDC discovery from `https://accounts.google.com`, PKCE, scope `openid profile email`. */
export default function Google<P extends GoogleProfile = GoogleProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "google",
    name: "Google",
    type: "oidc",
    issuer: "https://accounts.google.com",
    profile(profile: P): User {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null }
    },
    style: { brandColor: "#1a73e8", logo: LOGO },
    options: options as OIDCConfig<P>["options"],
  }
}
