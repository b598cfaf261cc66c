/**
 * FusionAuth: https://fusionauth.io/docs/lifecycle/authenticate-users/oauth/endpoints (`/oauth2/authorize`,
 * `/oauth2/token` with the client as Basic or form fields, `/oauth2/userinfo`, discovery per tenant with `tenantId`),
 * https://fusionauth.io/docs/lifecycle/authenticate-users/oauth/tokens (the ID token: `authenticationType`, `email`,
 * `email_verified`, `preferred_username`, `given_name`, `family_name`, `sid`, `tid`, `applicationId`, `roles`), and
 * FusionAuth/fusionauth-issues#2645 (a `WWW-Authenticate` header on the token endpoint's successful answers to a
 * Basic-authenticated client), which the stand-in reproduces.
 */
import FusionAuth from "@gatehousejs/core/providers/fusionauth"
import type { StandIn } from "../spec.js"

const ISSUER = "https://auth.example.com"

const base = {
  provider: FusionAuth,
  token: {
    url: `${ISSUER}/oauth2/token`,
    auth: "client_secret_basic",
    response: { refresh_token: "fusionauth-refresh", refresh_token_id: "0b2ad8d4-9e1e-4b2a-bb3b-4f5f7c1c2d3e", userId: "00000000-0000-0001-0000-000000000001" },
    headers: { "www-authenticate": 'Basic realm="FusionAuth"' },
  },
  oidc: {
    issuer: ISSUER,
    userinfo: `${ISSUER}/oauth2/userinfo`,
    claims: {
      sub: "00000000-0000-0001-0000-000000000001",
      authenticationType: "PASSWORD",
      email: "richard@example.com",
      email_verified: true,
      preferred_username: "richard",
      given_name: "Richard",
      family_name: "Hendricks",
      sid: "a3c4f1e2-6b7a-4c1d-9e8f-0a1b2c3d4e5f",
      tid: "5e8b1f3a-0000-4bd7-8f44-3a1c2e0f9d11",
      applicationId: "85a03867-dccf-4882-adde-1a79aeec50df",
      roles: ["user"],
    },
  },
  refresh: {},
  expect: { providerAccountId: "00000000-0000-0001-0000-000000000001", user: { name: "richard", email: "richard@example.com" } },
} as const

export default [
  {
    ...base,
    name: "fusionauth",
    options: { issuer: ISSUER },
    authorization: {
      url: `${ISSUER}/oauth2/authorize`,
      params: { scope: "openid offline_access email profile", response_type: "code", code_challenge_method: "S256", tenantId: undefined },
    },
  },
  {
    ...base,
    name: "fusionauth (one tenant of several)",
    options: { issuer: ISSUER, tenantId: "5e8b1f3a-0000-4bd7-8f44-3a1c2e0f9d11" },
    authorization: {
      url: `${ISSUER}/oauth2/authorize`,
      params: { scope: "openid offline_access email profile", tenantId: "5e8b1f3a-0000-4bd7-8f44-3a1c2e0f9d11" },
    },
  },
] satisfies StandIn[]
