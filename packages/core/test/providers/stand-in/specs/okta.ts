/**
 * Okta: https://developer.okta.com/docs/api/openapi/okta-oauth/guides/overview/ and
 * https://developer.okta.com/docs/guides/implement-grant-type/authcode/main/ (a custom authorization server's
 * `/v1/authorize`, `/v1/token`, `/v1/userinfo`, `/v1/keys` under the issuer `https://<org>.okta.com/oauth2/<id>`;
 * the client secret as Basic or form fields; `state` required), and
 * https://developer.okta.com/docs/reference/api/oidc/#id-token-claims (the ID token's claims: `ver`, `idp`, `amr`,
 * `auth_time`, and per scope `name`, `preferred_username`, `email`, `email_verified`), whose example user is reused.
 */
import Okta from "@gatehousejs/core/providers/okta"
import type { StandIn } from "../spec.js"

const ISSUER = "https://gatehouse-test.okta.com/oauth2/default"

const base = {
  provider: Okta,
  authorization: {
    url: `${ISSUER}/v1/authorize`,
    params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" },
  },
  token: { url: `${ISSUER}/v1/token`, auth: "client_secret_basic", response: { scope: "openid profile email" } },
  oidc: {
    issuer: ISSUER,
    userinfo: `${ISSUER}/v1/userinfo`,
    claims: {
      sub: "00uid4BxXw6I6TV4m0g3",
      ver: 1,
      jti: "ID.4eAWJOCMB3SX8XewDfVR",
      amr: ["pwd"],
      idp: "00ok1u7AsAkrwdZL3z0g3",
      auth_time: 1_760_000_000,
      name: "John Doe",
      preferred_username: "john.doe@example.com",
      email: "john.doe@example.com",
      email_verified: true,
    },
  },
  expect: { providerAccountId: "00uid4BxXw6I6TV4m0g3", user: { name: "John Doe", email: "john.doe@example.com", image: null } },
} as const

export default [
  { ...base, name: "okta", options: { issuer: ISSUER } },
  { ...base, name: "okta (the issuer given with a trailing slash)", options: { issuer: `${ISSUER}/` } },
  {
    // https://developer.okta.com/docs/guides/refresh-tokens/main/: a refresh token with `offline_access`, spent at /v1/token.
    ...base,
    name: "okta (offline_access: a refresh token)",
    options: { issuer: ISSUER, authorization: { params: { scope: "openid profile email offline_access" } } },
    authorization: { ...base.authorization, params: { ...base.authorization.params, scope: "openid profile email offline_access" } },
    token: { ...base.token, response: { scope: "openid profile email offline_access", refresh_token: "okta-refresh-a9Tq2LmV" } },
    refresh: {},
  },
] satisfies StandIn[]
