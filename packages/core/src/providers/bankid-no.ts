/**
 * BankID Norge sign-in through its OpenID Connect provider (`auth.bankid.no`). The profile is the userinfo answer:
 * the name from the national register and, with consent, the e-mail address.
 *
 * Callback URL to register for your BankID OIDC client (set up by BankID or your BankID partner):
 * `https://example.com/auth/callback/bankid-no` (Next.js: `https://example.com/api/auth/callback/bankid-no`).
 * Environment variables when `BankIDNorway` is listed bare in `providers`: `AUTH_BANKID_NO_ID`, `AUTH_BANKID_NO_SECRET`.
 *
 * @example
 * import BankIDNorway from "@gatehousejs/core/providers/bankid-no"
 *
 * Gatehouse({ providers: [BankIDNorway] })
 * // BankID's test environment:
 * BankIDNorway({ issuer: "https://auth.current.bankid.no/auth/realms/current" })
 *
 * Quirks:
 * - Production is `https://auth.bankid.no/auth/realms/prod`; pass `issuer` for BankID's test environment.
 * - `login_hint=BIS` preselects BankID (the app or the code device) and `ui_locales=no` shows Norwegian; change them
 *   with `authorization.params`.
 * - The client secret goes in the request body (`client_secret_post`), and state, PKCE and nonce are all sent.
 * - The userinfo answer is read whether BankID sends it as JSON or as a signed JWT. Auth.js insists on a signed one
 *   (`userinfo_signed_response_alg`), which fails on a JSON answer, the form BankID's OIDC documentation shows.
 * - `sub` is BankID's pseudonymous user id; the national identity number needs the `nnin` scope and a BankID agreement
 *   that allows it (`nnin_altsub` then).
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** BankID's userinfo (and ID token) claims. */
export interface BankIDNorwayProfile {
  exp: number
  iat: number
  auth_time: number
  jti: string
  iss: string
  aud: string
  /** BankID's pseudonymous, stable user id. */
  sub: string
  typ: "ID"
  azp: string
  session_state: string
  at_hash: string
  name: string
  given_name: string
  family_name: string
  birthdate: string
  updated_at: number
  acr: string
  sid: string
  /** How the user authenticated: BankID (`BID`), BankID on mobile (`BIM`), BankID app or code device (`BIS`). */
  amr: "BID" | "BIM" | "BIS"
  bankid_altsub: string
  originator: string
  additionalCertInfo: {
    certValidFrom: number
    serialNumber: string
    keyAlgorithm: string
    keySize: string
    policyOid: string
    certQualified: boolean
    certValidTo: number
    versionNumber: string
    subjectName: string
  }
  tid: string
  email?: string
  /** The national identity number, with the `nnin` scope. */
  nnin_altsub?: string
  [claim: string]: unknown
}

/** The BankID Norge provider: OIDC discovery on `auth.bankid.no`, profile from userinfo, PKCE, state and nonce. */
export default function BankIDNorway<P extends BankIDNorwayProfile = BankIDNorwayProfile>(config: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "bankid-no",
    name: "BankID Norge",
    type: "oidc",
    issuer: "https://auth.bankid.no/auth/realms/prod",
    client: { token_endpoint_auth_method: "client_secret_post" },
    idToken: false,
    authorization: { params: { ui_locales: "no", login_hint: "BIS" } },
    checks: ["pkce", "state", "nonce"],
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: null,
      }
    },
    // BankID's aubergine, as in Auth.js; white text on it meets WCAG AA (15:1).
    style: { brandColor: "#39134c", text: "#ffffff" },
    options: config as OIDCConfig<P>["options"],
  }
}
