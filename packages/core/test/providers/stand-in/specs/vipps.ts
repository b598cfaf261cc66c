/**
 * Vipps MobilePay: https://developer.vippsmobilepay.com/docs/APIs/login-api/api-guide/core-concepts (OpenID Connect,
 * discovery at `https://api.vipps.no/access-management-1.0/access/.well-known/openid-configuration`, `oauth2/auth`,
 * `oauth2/token` with client_secret_basic by default, PKCE, `state` and `nonce`) and
 * https://developer.vippsmobilepay.com/docs/APIs/login-api/api-guide/user-info (`GET /vipps-userinfo-api/userinfo`
 * with the Bearer token: `sub`, `name`, `given_name`, `family_name`, `email`, `email_verified`, `phone_number`, `sid`).
 */
import Vipps from "@gatehousejs/core/providers/vipps"
import type { StandIn } from "../spec.js"

const issuer = "https://api.vipps.no/access-management-1.0/access/"

export default {
  name: "vipps",
  provider: Vipps,
  authorization: { url: `${issuer}oauth2/auth`, params: { scope: "openid name email", response_type: "code", code_challenge_method: "S256" } },
  token: { url: `${issuer}oauth2/token`, auth: "client_secret_basic", response: { expires_in: 599, scope: "openid name email" } },
  oidc: {
    issuer,
    userinfo: "https://api.vipps.no/vipps-userinfo-api/userinfo",
    claims: { sub: "c06c4afe-d9e1-4c5d-939a-177d752a0944", amr: ["vipps_app"], auth_time: 1714651200, sid: "7b5e7a5d-0b1c-4f1a-9c2e-8d9d2f3b4a5c" },
    discovery: { scopes_supported: ["openid", "address", "birthDate", "email", "name", "phoneNumber", "nin", "accounts"] },
  },
  api: {
    "GET https://api.vipps.no/vipps-userinfo-api/userinfo": {
      body: {
        sub: "c06c4afe-d9e1-4c5d-939a-177d752a0944",
        sid: "7b5e7a5d-0b1c-4f1a-9c2e-8d9d2f3b4a5c",
        name: "Ada Lovelace",
        given_name: "Ada",
        family_name: "Lovelace",
        email: "ada@example.no",
        email_verified: true,
        phone_number: "4712345678",
      },
    },
  },
  expect: { providerAccountId: "c06c4afe-d9e1-4c5d-939a-177d752a0944", user: { name: "Ada Lovelace", email: "ada@example.no", image: null } },
} satisfies StandIn
