/**
 * Vipps MobilePay Login through OpenID Connect, issuer `https://api.vipps.no/access-management-1.0/access/`. The
 * profile is userinfo (`/vipps-userinfo-api/userinfo`), checked against the ID token.
 *
 * Callback URL to register on the sales unit (business portal → Developer → Setup login):
 * `https://example.com/auth/callback/vipps` (Next.js: `https://example.com/api/auth/callback/vipps`).
 * Environment variables when `Vipps` is listed bare in `providers`: `AUTH_VIPPS_ID`, `AUTH_VIPPS_SECRET`,
 * `AUTH_VIPPS_ISSUER` (optional: the test environment's issuer).
 *
 * @example
 * import Vipps from "@gatehousejs/core/providers/vipps"
 *
 * Gatehouse({ providers: [Vipps] })
 * Vipps({ issuer: "https://apitest.vipps.no/access-management-1.0/access/" }) // the test environment
 * Vipps({ authorization: { params: { scope: "openid name email phoneNumber address" } } })
 *
 * Quirks:
 * - The ID token has no profile claims; the profile is userinfo (`idToken: false`), whose `sub` must match the ID
 *   token's. The user consents to all requested scopes or none: ask only for what you use.
 * - Scopes are Vipps's own names (`name`, `email`, `phoneNumber`, `address`, `birthDate`, `nin`…); the claims are the
 *   OIDC ones (`name`, `email`, `phone_number`…). `email_verified` says whether Vipps verified the address.
 * - Checks `pkce`, `state` and `nonce`, as in Auth.js. The issuer keeps its trailing `/`.
 * - Access tokens last 10 minutes and come without a refresh token (`refresh: false`): sign in again.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

interface Address {
  address_type: string
  country: string
  formatted: string
  postal_code: string
  region: string
  street_address: string
}

/** Userinfo (https://developer.vippsmobilepay.com/docs/APIs/login-api/api-guide/user-info). */
export interface VippsProfile {
  sub: string
  sid?: string
  name?: string
  given_name?: string
  family_name?: string
  email?: string
  email_verified?: boolean
  phone_number?: string
  birthdate?: string
  address?: Address
  other_addresses?: Address[]
  /** The national identity number; only with the `nin` scope, for merchants allowed to ask for it. */
  nin?: string
  accounts?: { account_name: string; account_number: number; bank_name: string }[]
  delegatedConsents?: {
    language: string
    heading: string
    termsDescription: string
    confirmConsentButtonText: string
    links: { termsLinkText: string; termsLinkUrl: string; privacyStatementLinkText: string; privacyStatementLinkUrl: string }
    timeOfConsent: string
    consents: { id: string; accepted: boolean; required: boolean; textDisplayedToUser: string }[]
  }
  [claim: string]: unknown
}

/** The Vipps provider: scope `openid name email`, checks `pkce`, `state` and `nonce`, the profile from userinfo. */
export default function Vipps<P extends VippsProfile = VippsProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "vipps",
    name: "Vipps",
    type: "oidc",
    refresh: false,
    issuer: "https://api.vipps.no/access-management-1.0/access/",
    authorization: { params: { scope: "openid name email" } },
    idToken: false,
    checks: ["pkce", "state", "nonce"],
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: null,
      }
    },
    // Vipps orange with black text: white on it is under WCAG AA (3.1:1).
    style: { brandColor: "#ff5b24", text: "#000000" },
    options,
  }
}
