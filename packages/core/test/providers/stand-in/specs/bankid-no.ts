/**
 * BankID Norge: https://confluence.bankidnorge.no/confluence/pdoidcl (the OIDC provider: discovery on the realm
 * issuer `https://auth.bankid.no/auth/realms/prod`, Keycloak's `/protocol/openid-connect/{auth,token,userinfo}`,
 * `login_hint` values `BID`, `BIM`, `BIS`, `ui_locales`; the userinfo answer with `sub`, `name`, `given_name`,
 * `family_name`, `birthdate` and, with consent, `email`). The client secret goes in the body. The discovery document
 * is Keycloak's, with `userinfo_signing_alg_values_supported`.
 */
import { generateKeyPair, SignJWT } from "jose"
import BankIDNorway from "@gatehousejs/core/providers/bankid-no"
import type { StandIn } from "../spec.js"

const ISSUER = "https://auth.bankid.no/auth/realms/prod"
const OIDC = `${ISSUER}/protocol/openid-connect`
const SUB = "9578-5999-4-1765512"

const userinfo = {
  sub: SUB,
  name: "Nilsen, Frode Beckmann",
  given_name: "Frode Beckmann",
  family_name: "Nilsen",
  birthdate: "1978-07-11",
  email: "frode.nilsen@example.no",
  updated_at: 1_711_000_000,
}

// A JWT userinfo answer; the engine reads its claims without checking the signature (it came over TLS, from the
// endpoint the access token was sent to), so this key is the test's own.
const { privateKey } = await generateKeyPair("RS256")
const signedUserinfo = await new SignJWT(userinfo).setProtectedHeader({ alg: "RS256", kid: "bankid-userinfo" }).setIssuer(ISSUER).sign(privateKey)

const base = {
  provider: BankIDNorway,
  authorization: {
    url: `${OIDC}/auth`,
    params: { scope: "openid profile email", response_type: "code", ui_locales: "no", login_hint: "BIS", code_challenge_method: "S256" },
  },
  token: { url: `${OIDC}/token`, auth: "client_secret_post", response: { expires_in: 300, refresh_expires_in: 1800, scope: "openid profile email", session_state: "a63c2b4f-5a2d-4b0a-9b7e-2f3f6f5b1c7e" } },
  oidc: {
    issuer: ISSUER,
    userinfo: `${OIDC}/userinfo`,
    // Keycloak's discovery lists the algorithms a JWT userinfo answer may be signed with.
    discovery: { userinfo_signing_alg_values_supported: ["RS256", "RS384", "RS512", "PS256", "ES256"] },
    claims: { sub: SUB, typ: "ID", acr: "urn:bankid:bis", amr: "BIS", azp: "stand-in-client-id", tid: "bankid", sid: "a63c2b4f-5a2d-4b0a-9b7e-2f3f6f5b1c7e" },
  },
  expect: { providerAccountId: SUB, user: { name: "Nilsen, Frode Beckmann", email: "frode.nilsen@example.no", image: null } },
} as const

export default [
  { ...base, name: "bankid-no (JSON userinfo)", api: { [`GET ${OIDC}/userinfo`]: { body: userinfo } } },
  { ...base, name: "bankid-no (signed JWT userinfo)", api: { [`GET ${OIDC}/userinfo`]: { body: signedUserinfo, contentType: "application/jwt" } } },
] satisfies StandIn[]
