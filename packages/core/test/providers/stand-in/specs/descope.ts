/**
 * Descope: https://docs.descope.com/customize/auth/oidc (the project as an OIDC provider: issuer
 * `https://api.descope.com/{project id}`, its discovery document, `/oauth2/v1/authorize`, `/oauth2/v1/token`,
 * `/oauth2/v1/userinfo`; the project id as the client id and an access key as the secret; PKCE) and the ID token's
 * standard claims (`sub`, `name`, `email`, `email_verified`, `phone_number`, `picture`).
 */
import Descope from "@gatehousejs/core/providers/descope"
import type { StandIn } from "../spec.js"

const PROJECT = "stand-in-client-id"
const ISSUER = `https://api.descope.com/${PROJECT}`

export default {
  name: "descope",
  provider: Descope,
  authorization: { url: "https://api.descope.com/oauth2/v1/authorize", params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" } },
  token: { url: "https://api.descope.com/oauth2/v1/token", auth: "client_secret_basic", response: { scope: "openid profile email", refresh_token: "descope-refresh" } },
  oidc: {
    issuer: ISSUER,
    userinfo: "https://api.descope.com/oauth2/v1/userinfo",
    claims: {
      sub: "U2aBcDeFgHiJkLmNoPqRsTuVwXyZ",
      name: "Ada Lovelace",
      email: "ada@example.com",
      email_verified: true,
      phone_number: "+15555550100",
      phone_number_verified: false,
      picture: "https://static.descope.com/pictures/ada.png",
      amr: ["webauthn"],
      drn: "DS",
    },
  },
  refresh: {},
  expect: { providerAccountId: "U2aBcDeFgHiJkLmNoPqRsTuVwXyZ", user: { name: "Ada Lovelace", email: "ada@example.com", image: "https://static.descope.com/pictures/ada.png" } },
} satisfies StandIn
