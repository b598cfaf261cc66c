/**
 * authentik: https://docs.goauthentik.io/docs/add-secure-apps/providers/oauth2/ (the OAuth2/OpenID provider: the
 * endpoints `/application/o/authorize/`, `/application/o/token/`, `/application/o/userinfo/` shared by all
 * applications, the issuer and key set `/application/o/<slug>/` and `/application/o/<slug>/jwks/` per application,
 * discovery at `/application/o/<slug>/.well-known/openid-configuration`; client authentication by Basic header or
 * form fields) and https://docs.goauthentik.io/docs/add-secure-apps/providers/property-mappings/ (the default scope
 * mappings: `email`, `email_verified`, `name`, `given_name`, `preferred_username`, `nickname`, `groups`).
 */
import Authentik from "@gatehousejs/core/providers/authentik"
import type { StandIn } from "../spec.js"

const HOST = "https://authentik.example.com"
const ISSUER = `${HOST}/application/o/gatehouse/`

const base = {
  provider: Authentik,
  authorization: { url: `${HOST}/application/o/authorize/`, params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" } },
  token: { url: `${HOST}/application/o/token/`, auth: "client_secret_basic", response: { scope: "openid profile email" } },
  oidc: {
    issuer: ISSUER,
    userinfo: `${HOST}/application/o/userinfo/`,
    discovery: { end_session_endpoint: `${ISSUER}end-session/`, token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"] },
    claims: {
      sub: "3f2a0d4c9e5b8a7f6e1d2c3b4a5968778695a4b3c2d1e0f9a8b7c6d5e4f3a2b1",
      auth_time: 1_760_000_000,
      acr: "goauthentik.io/providers/oauth2/default",
      email: "jane@example.com",
      email_verified: true,
      name: "Jane Doe",
      given_name: "Jane Doe",
      preferred_username: "jane",
      nickname: "jane",
      groups: ["authentik Admins", "users"],
    },
  },
  expect: {
    providerAccountId: "3f2a0d4c9e5b8a7f6e1d2c3b4a5968778695a4b3c2d1e0f9a8b7c6d5e4f3a2b1",
    user: { name: "Jane Doe", email: "jane@example.com", image: null },
  },
} as const

export default [
  { ...base, name: "authentik", options: { issuer: ISSUER } },
  // Auth.js's documentation gives the issuer without the slash; authentik's issuer has it (next-auth #12512).
  { ...base, name: "authentik (the issuer given without its trailing slash)", options: { issuer: ISSUER.slice(0, -1) } },
] satisfies StandIn[]
