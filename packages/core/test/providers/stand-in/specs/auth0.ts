/**
 * Auth0: https://auth0.com/docs/get-started/authentication-and-authorization-flow/authorization-code-flow/add-login-auth-code-flow
 * (`/authorize` with `response_type=code` and `scope=openid profile email`; `POST /oauth/token` with the client
 * secret, the answer with `id_token`), https://auth0.com/docs/authenticate/login/oidc-conformant-authentication/oidc-adoption-openid-connect-discovery
 * (discovery at `https://{tenant}/.well-known/openid-configuration`; the issuer ends with `/`; token endpoint
 * authentication `client_secret_basic` or `client_secret_post`) and https://auth0.com/docs/secure/tokens/id-tokens/id-token-structure
 * (the ID token's profile claims: `name`, `nickname`, `picture`, `email`, `email_verified`, `updated_at`).
 */
import Auth0 from "@gatehousejs/core/providers/auth0"
import type { StandIn } from "../spec.js"

const TENANT = "https://gatehouse-test.eu.auth0.com"

const base = {
  provider: Auth0,
  authorization: { url: `${TENANT}/authorize`, params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" } },
  token: { url: `${TENANT}/oauth/token`, auth: "client_secret_basic", response: { scope: "openid profile email" } },
  oidc: {
    issuer: `${TENANT}/`,
    userinfo: `${TENANT}/userinfo`,
    discovery: { token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "private_key_jwt"] },
    claims: {
      sub: "auth0|64f0c0ffee1234567890abcd",
      sid: "Xo5N0_6ky3B3K8Yq9uPGm-1_qUeJpr7d",
      name: "Jane Doe",
      nickname: "jane",
      picture: "https://s.gravatar.com/avatar/5b1c9f0ab36f2b5a4c6b1d5e1d8b9c3e?s=480&r=pg&d=https%3A%2F%2Fcdn.auth0.com%2Favatars%2Fja.png",
      email: "jane@example.com",
      email_verified: true,
      updated_at: "2025-01-01T00:00:00.000Z",
    },
  },
  expect: {
    providerAccountId: "auth0|64f0c0ffee1234567890abcd",
    user: {
      name: "Jane Doe",
      email: "jane@example.com",
      image: "https://s.gravatar.com/avatar/5b1c9f0ab36f2b5a4c6b1d5e1d8b9c3e?s=480&r=pg&d=https%3A%2F%2Fcdn.auth0.com%2Favatars%2Fja.png",
    },
  },
} as const

export default [
  { ...base, name: "auth0", options: { issuer: `${TENANT}/` } },
  { ...base, name: "auth0 (the tenant domain given without its trailing slash)", options: { issuer: TENANT } },
  {
    // https://auth0.com/docs/secure/tokens/refresh-tokens: a refresh token with `offline_access`, spent at /oauth/token.
    ...base,
    name: "auth0 (offline_access: a refresh token)",
    options: { issuer: `${TENANT}/`, authorization: { params: { scope: "openid profile email offline_access" } } },
    authorization: { ...base.authorization, params: { ...base.authorization.params, scope: "openid profile email offline_access" } },
    token: { ...base.token, response: { scope: "openid profile email offline_access", refresh_token: "v1.MdAuth0RefreshToken" } },
    refresh: {},
  },
] satisfies StandIn[]
