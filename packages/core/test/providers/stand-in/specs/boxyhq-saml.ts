/**
 * BoxyHQ SAML Jackson: https://boxyhq.com/docs/jackson/sso-flow (the OAuth 2 endpoints `/api/oauth/authorize`,
 * `/api/oauth/token`, `/api/oauth/userinfo` under the service URL; `tenant` and `product` on the authorization
 * request; the token request with the client credentials as Basic or in the body, PKCE accepted) and Jackson's
 * `OAuthController` (`npm/src/controller/oauth.ts`: the token answer `access_token`, `token_type: "bearer"`,
 * `expires_in`; userinfo `id`, `email`, `firstName`, `lastName`, `roles`, `groups`, `raw`, `requested`).
 */
import SAMLJackson from "@gatehousejs/core/providers/boxyhq-saml"
import type { StandIn } from "../spec.js"

const JACKSON = "https://sso.example.com"

export default {
  name: "boxyhq-saml",
  provider: SAMLJackson,
  // A single-tenant app names its SAML connection in the authorization parameters.
  options: { issuer: `${JACKSON}/`, authorization: { params: { tenant: "example.com", product: "gatehouse" } } },
  authorization: {
    url: `${JACKSON}/api/oauth/authorize`,
    params: { response_type: "code", provider: "saml", tenant: "example.com", product: "gatehouse", scope: undefined, code_challenge_method: "S256" },
  },
  token: { url: `${JACKSON}/api/oauth/token`, auth: "client_secret_basic", response: { token_type: "bearer", expires_in: 300 } },
  api: {
    [`GET ${JACKSON}/api/oauth/userinfo`]: {
      body: {
        id: "00u1abcd2EFGH3ijk4l5",
        email: "samuel.jackson@example.com",
        firstName: "Samuel",
        lastName: "Jackson",
        roles: ["admin"],
        groups: ["engineering"],
        raw: { "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress": "samuel.jackson@example.com" },
        requested: { tenant: "example.com", product: "gatehouse", client_id: "stand-in-client-id" },
      },
    },
  },
  expect: { providerAccountId: "00u1abcd2EFGH3ijk4l5", user: { name: "Samuel Jackson", email: "samuel.jackson@example.com", image: null } },
} satisfies StandIn
