/**
 * Keycloak: https://www.keycloak.org/securing-apps/oidc-layers (a realm's endpoints under
 * `/realms/<realm>/protocol/openid-connect/`: `auth`, `token`, `userinfo`, `certs`; the issuer
 * `https://<host>/realms/<realm>` and its discovery document; confidential clients send their secret as Basic or
 * form fields) and https://www.keycloak.org/docs/latest/server_admin/#_oidc_token_and_saml_assertion_mappings (the
 * default client scopes' claims: `preferred_username`, `email`, `email_verified`, `name`, `given_name`, `family_name`).
 * The token answer carries Keycloak's own `refresh_expires_in`, `session_state` and `not-before-policy`.
 */
import Keycloak from "@gatehousejs/core/providers/keycloak"
import type { StandIn } from "../spec.js"

const ISSUER = "https://keycloak.example.com/realms/gatehouse"
const OIDC = `${ISSUER}/protocol/openid-connect`

const base = {
  provider: Keycloak,
  authorization: { url: `${OIDC}/auth`, params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" } },
  token: {
    url: `${OIDC}/token`,
    auth: "client_secret_basic",
    response: {
      expires_in: 300,
      refresh_expires_in: 1800,
      refresh_token: "eyJhbGciOiJIUzUxMiJ9.keycloak-refresh",
      "not-before-policy": 0,
      session_state: "f4c9edf6-855c-4493-9da8-d0939269d0f5",
      scope: "openid profile email",
    },
  },
  oidc: {
    issuer: ISSUER,
    userinfo: `${OIDC}/userinfo`,
    claims: {
      sub: "8a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d",
      typ: "ID",
      azp: "stand-in-client-id",
      sid: "f4c9edf6-855c-4493-9da8-d0939269d0f5",
      acr: "1",
      email_verified: true,
      name: "Jane Doe",
      preferred_username: "jdoe",
      given_name: "Jane",
      family_name: "Doe",
      email: "jdoe@example.com",
    },
  },
  refresh: {},
  expect: { providerAccountId: "8a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d", user: { name: "Jane Doe", email: "jdoe@example.com", image: null } },
} as const

export default [
  { ...base, name: "keycloak", options: { issuer: ISSUER } },
  { ...base, name: "keycloak (the realm issuer given with a trailing slash)", options: { issuer: `${ISSUER}/` } },
] satisfies StandIn[]
