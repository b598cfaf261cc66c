/**
 * Passage: https://docs.passage.id/hosted-login/oidc-client-configuration (the app's OpenID Configuration,
 * Authorization, Token, UserInfo and JWKS endpoints; client id and secret; the scopes `openid`, `email`
 * (`email`, `email_verified`) and `phone` (`phone_number`, `phone_number_verified`)). The issuer below stands for an
 * app's; its exact form is shown in the Passage console.
 */
import Passage from "@gatehousejs/core/providers/passage"
import type { StandIn } from "../spec.js"

const ISSUER = "https://gatehouse-test.withpassage.com"

export default {
  name: "passage",
  provider: Passage,
  options: { issuer: ISSUER },
  authorization: { url: `${ISSUER}/authorize`, params: { scope: "openid email", response_type: "code", code_challenge_method: "S256" } },
  token: { url: `${ISSUER}/token`, auth: "client_secret_basic", response: { scope: "openid email" } },
  oidc: {
    issuer: ISSUER,
    userinfo: `${ISSUER}/userinfo`,
    claims: { sub: "u2PzSXnYy9mZE3ZqFMWrJbLp", email: "passkey.user@example.com", email_verified: true, client_id: "stand-in-client-id" },
  },
  expect: { providerAccountId: "u2PzSXnYy9mZE3ZqFMWrJbLp", user: { name: null, email: "passkey.user@example.com" } },
} satisfies StandIn
