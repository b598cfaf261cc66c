/**
 * Ory Hydra: https://www.ory.sh/docs/hydra/reference/api (`/oauth2/auth`, `/oauth2/token` with the client as Basic
 * by default, `/userinfo`, discovery at `/.well-known/openid-configuration`, keys at `/.well-known/jwks.json`; PKCE)
 * and https://www.ory.sh/docs/oauth2-oidc/userinfo-oidc (the ID token's `iss`, `sub`, `aud`, `iat`, `exp`, `jti`,
 * `amr`, `acr`, `auth_time`, `rat`, `sid`, and the claims the consent app adds, such as `email`). The issuer is an
 * Ory Network project's.
 */
import OryHydra from "@gatehousejs/core/providers/ory-hydra"
import type { StandIn } from "../spec.js"

const ISSUER = "https://gatehouse-test.projects.oryapis.com"

const base = {
  name: "ory-hydra",
  provider: OryHydra,
  options: { issuer: ISSUER },
  authorization: {
    url: `${ISSUER}/oauth2/auth`,
    params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" },
  },
  token: { url: `${ISSUER}/oauth2/token`, auth: "client_secret_basic", response: { scope: "openid profile email" } },
  oidc: {
    issuer: ISSUER,
    userinfo: `${ISSUER}/userinfo`,
    claims: {
      sub: "9f425a8d-7efc-4768-8f23-7647a74fdf13",
      amr: ["password"],
      acr: "0",
      auth_time: 1_760_000_000,
      rat: 1_760_000_000,
      sid: "5a0c7e3b-1d44-4c8e-9a1b-7e2f3c4d5e6f",
      jti: "c5b5f3d2-2b7c-4a4a-8d1e-0f9e8d7c6b5a",
      email: "hydra-user@example.com",
      email_verified: true,
      name: "Hydra User",
    },
  },
  expect: { providerAccountId: "9f425a8d-7efc-4768-8f23-7647a74fdf13", user: { name: "Hydra User", email: "hydra-user@example.com" } },
} satisfies StandIn

const OFFLINE_SCOPE = "openid profile email offline_access"

export default [
  base,
  {
    // A refresh token only with `offline_access` (or `offline`) and a client allowed the `refresh_token` grant (Hydra's
    // token response reference), spent at /oauth2/token with the client as at the code exchange. Hydra rotates refresh
    // tokens: each answer has a new one and the spent one is revoked (Ory's "graceful refresh token rotation" guide); for
    // an `openid` grant it answers a new ID token too (fosite's handler/openid/flow_refresh_token.go).
    ...base,
    name: "ory-hydra (offline_access: a rotating refresh token)",
    options: { ...base.options, authorization: { params: { scope: OFFLINE_SCOPE } } },
    authorization: { ...base.authorization, params: { ...base.authorization.params, scope: OFFLINE_SCOPE } },
    token: { ...base.token, response: { scope: OFFLINE_SCOPE, refresh_token: "ory_rt_hydra-refresh" } },
    refresh: { rotate: true },
  },
] satisfies StandIn[]
