/**
 * ZITADEL: https://zitadel.com/docs/apis/openidoauth/endpoints (`/oauth/v2/authorize`, `/oauth/v2/token`,
 * `/oidc/v1/userinfo`, `/oauth/v2/keys`, discovery at `<issuer>/.well-known/openid-configuration`; a web application
 * with a client secret authenticates by Basic header or form fields) and https://zitadel.com/docs/apis/openidoauth/claims
 * (the `profile` and `email` claims: `name`, `given_name`, `family_name`, `preferred_username`, `email`,
 * `email_verified`, `locale`, `picture`). By default an application gets those claims from userinfo only; with
 * "User Info inside ID Token" they are in the ID token too. Both are signed in here.
 */
import ZITADEL from "@gatehousejs/core/providers/zitadel"
import type { StandIn } from "../spec.js"

const ISSUER = "https://gatehouse-test.zitadel.cloud"
const SUB = "277787011111111111"
const profile = {
  name: "Jane Doe",
  given_name: "Jane",
  family_name: "Doe",
  preferred_username: "jane@example.com",
  email: "jane@example.com",
  email_verified: true,
  locale: "en",
  picture: `${ISSUER}/assets/v1/277787011111111111/users/avatar`,
  updated_at: 1_760_000_000,
}

const base = {
  provider: ZITADEL,
  options: { issuer: ISSUER },
  authorization: { url: `${ISSUER}/oauth/v2/authorize`, params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" } },
  token: { url: `${ISSUER}/oauth/v2/token`, auth: "client_secret_basic" },
  expect: { providerAccountId: SUB, user: { name: "Jane Doe", email: "jane@example.com", image: profile.picture } },
} as const

const idTokenBase = { sub: SUB, amr: ["password", "pwd"], auth_time: 1_760_000_000, client_id: "stand-in-client-id", azp: "stand-in-client-id", sid: "V1_2777870" }

export default [
  {
    ...base,
    name: "zitadel (the default: profile claims from userinfo)",
    oidc: { issuer: ISSUER, userinfo: `${ISSUER}/oidc/v1/userinfo`, claims: idTokenBase },
    api: { [`GET ${ISSUER}/oidc/v1/userinfo`]: { body: { sub: SUB, ...profile } } },
  },
  {
    ...base,
    name: "zitadel (User Info inside ID Token)",
    oidc: { issuer: ISSUER, userinfo: `${ISSUER}/oidc/v1/userinfo`, claims: { ...idTokenBase, ...profile } },
  },
  {
    // `offline_access` gives a refresh token, spent at /oauth/v2/token.
    ...base,
    name: "zitadel (offline_access: a refresh token)",
    options: { issuer: ISSUER, authorization: { params: { scope: "openid profile email offline_access" } } },
    authorization: { ...base.authorization, params: { ...base.authorization.params, scope: "openid profile email offline_access" } },
    token: { ...base.token, response: { refresh_token: "zitadel-refresh-7Hq3" } },
    oidc: { issuer: ISSUER, userinfo: `${ISSUER}/oidc/v1/userinfo`, claims: { ...idTokenBase, ...profile } },
    refresh: {},
  },
] satisfies StandIn[]
