/**
 * Amazon Cognito sign-in through OpenID Connect (a user pool's managed login / Hosted UI). The issuer is the user
 * pool's, which you supply; the profile is the ID token's claims.
 *
 * Callback URL to register under the app client's Allowed callback URLs:
 * `https://example.com/auth/callback/cognito`
 * (Next.js: `https://example.com/api/auth/callback/cognito`).
 * Environment variables when `Cognito` is listed bare in `providers`: `AUTH_COGNITO_ID`, `AUTH_COGNITO_SECRET`,
 * `AUTH_COGNITO_ISSUER` (`https://cognito-idp.{region}.amazonaws.com/{userPoolId}`).
 *
 * @example
 * import Cognito from "@gatehousejs/core/providers/cognito"
 *
 * Gatehouse({ providers: [Cognito] }) // AUTH_COGNITO_ID, AUTH_COGNITO_SECRET, AUTH_COGNITO_ISSUER
 * Cognito({ issuer: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123" })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_COGNITO_ISSUER`) no sign-in starts: the configuration error that
 *   is logged names that variable.
 * - The issuer host (`cognito-idp…`) is not the Hosted UI / custom domain: discovery on the issuer points the
 *   authorization and token endpoints at the domain. A trailing `/` is dropped, as Cognito's issuers have none.
 * - `name` is often not set: the name falls back to `cognito:username`. `email` needs the `email` scope allowed on
 *   the app client.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of a Cognito ID token (https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-the-id-token.html). */
export interface CognitoProfile {
  sub: string
  iss: string
  aud: string
  token_use: "id"
  auth_time: number
  iat: number
  exp: number
  jti?: string
  origin_jti?: string
  nonce?: string
  at_hash?: string
  event_id?: string
  "cognito:username": string
  "cognito:groups"?: string[]
  identities?: { providerName: string; providerType: string; userId: string; primary: string; issuer?: string | null; dateCreated: string }[]
  name?: string
  given_name?: string
  family_name?: string
  nickname?: string
  preferred_username?: string
  email?: string
  email_verified?: boolean
  phone_number?: string
  phone_number_verified?: boolean
  picture?: string
  locale?: string
  [claim: string]: unknown
}

// The button mark: a simple drawn mark, in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='none'%20stroke='%23000'%20stroke-width='3'%20stroke-linecap='round'%20d='M18.5%207A8%208%200%201%200%2018.5%2017'/%3E%3C/svg%3E"

/** The Cognito provider: OIDC discovery on the user-supplied user pool issuer, scope `openid profile email`, PKCE. */
export default function Cognito<P extends CognitoProfile = CognitoProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  const issuer = options.issuer?.replace(/\/+$/, "")
  return {
    id: "cognito",
    name: "Cognito",
    type: "oidc",
    issuer,
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? profile.nickname ?? profile.preferred_username ?? profile["cognito:username"] ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    style: { brandColor: "#c17b9e", logo: LOGO },
    options: (issuer ? { ...options, issuer } : options) as OIDCConfig<P>["options"],
  }
}
