/**
 * Asgardeo: https://wso2.com/asgardeo/docs/guides/authentication/oidc/discover-oidc-configs (the organization's
 * issuer `https://api.asgardeo.io/t/{organization}/oauth2/token`, its discovery document at
 * `{issuer}/.well-known/openid-configuration`, endpoints `/oauth2/authorize`, `/oauth2/token`, `/oauth2/userinfo`,
 * `/oauth2/jwks`) and https://wso2.com/asgardeo/docs/guides/authentication/oidc/implement-auth-code-with-pkce/ (the
 * code flow with PKCE; client secret as Basic or in the body; the ID token's `sub` and the requested attributes).
 */
import Asgardeo from "@gatehousejs/core/providers/asgardeo"
import type { StandIn } from "../spec.js"

const ORG = "https://api.asgardeo.io/t/acme"
const ISSUER = `${ORG}/oauth2/token`

const base = {
  provider: Asgardeo,
  authorization: { url: `${ORG}/oauth2/authorize`, params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" } },
  token: { url: ISSUER, auth: "client_secret_basic", response: { scope: "openid profile email", refresh_token: "asgardeo-refresh" } },
  oidc: {
    issuer: ISSUER,
    userinfo: `${ORG}/oauth2/userinfo`,
    claims: {
      sub: "6e1f3a9c-52b4-4c7e-9d1b-7f0f2a5c8e31",
      isk: "0f5a6c0e7b1f0d1c9f0e",
      amr: ["BasicAuthenticator"],
      org_id: "10084a8d-113f-4211-a0d5-efe36b082211",
      org_name: "acme",
      email: "ada@acme.example",
      given_name: "Ada",
      family_name: "Lovelace",
      picture: "https://acme.example/photos/ada.png",
    },
  },
  refresh: {},
  expect: {
    providerAccountId: "6e1f3a9c-52b4-4c7e-9d1b-7f0f2a5c8e31",
    user: { name: "Ada Lovelace", email: "ada@acme.example", image: "https://acme.example/photos/ada.png" },
  },
} as const

export default [
  { ...base, name: "asgardeo", options: { issuer: ISSUER } },
  { ...base, name: "asgardeo (the organization URL as the issuer)", options: { issuer: `${ORG}/` } },
] satisfies StandIn[]
