/**
 * Kinde: https://docs.kinde.com/build/tokens/about-id-tokens/ (the ID token's `iss` is the business domain; `sub`,
 * `email`, `name`, `given_name`, `family_name`, `picture`, `org_codes`, `azp`, `at_hash`) and Kinde's OIDC endpoints
 * under that domain (`/oauth2/auth`, `/oauth2/token`, `/oauth2/v2/user_profile`, discovery at
 * `/.well-known/openid-configuration`), with PKCE and `state`.
 */
import Kinde from "@gatehousejs/core/providers/kinde"
import type { StandIn } from "../spec.js"

const ISSUER = "https://gatehouse.kinde.com"

const base = {
  name: "kinde",
  provider: Kinde,
  options: { issuer: `${ISSUER}/` },
  authorization: {
    url: `${ISSUER}/oauth2/auth`,
    params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" },
  },
  token: { url: `${ISSUER}/oauth2/token`, auth: "client_secret_basic", response: { scope: "openid profile email" } },
  oidc: {
    issuer: ISSUER,
    userinfo: `${ISSUER}/oauth2/v2/user_profile`,
    claims: {
      sub: "kp_0ba7c433e5d648cf992621ce99d42817",
      email: "sally@example.com",
      given_name: "Sally",
      family_name: "Ride",
      name: "Sally Ride",
      picture: "https://gravatar.com/avatar/sally",
      org_codes: ["org_123456789"],
      updated_at: 1_760_000_000,
      azp: "stand-in-client-id",
    },
  },
  expect: { providerAccountId: "kp_0ba7c433e5d648cf992621ce99d42817", user: { name: "Sally Ride", email: "sally@example.com", image: "https://gravatar.com/avatar/sally" } },
} satisfies StandIn

const OFFLINE_SCOPE = "openid profile email offline"

export default [
  base,
  {
    // https://docs.kinde.com/build/tokens/refresh-tokens/: a refresh token only with the `offline` scope (Kinde does not
    // support `offline_access`: with it the sign-in succeeds without a refresh token), spent at /oauth2/token with
    // `grant_type=refresh_token`. Kinde always rotates: each answer carries a new refresh token and the spent one
    // becomes invalid. Kinde's own client (kinde-oss/js-utils, refreshToken.ts) takes `expires_in` and a new `id_token`
    // from the answer.
    ...base,
    name: "kinde (offline: a rotating refresh token)",
    options: { ...base.options, authorization: { params: { scope: OFFLINE_SCOPE } } },
    authorization: { ...base.authorization, params: { ...base.authorization.params, scope: OFFLINE_SCOPE } },
    token: { ...base.token, response: { scope: OFFLINE_SCOPE, refresh_token: "VOe264goKindeRefresh0oLp2dC6" } },
    refresh: { rotate: true },
  },
] satisfies StandIn[]
