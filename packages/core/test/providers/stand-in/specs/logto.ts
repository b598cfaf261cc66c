/**
 * Logto: https://docs.logto.io/docs/references/openid-connect/ (the OIDC endpoints under `{endpoint}/oidc`: `/auth`,
 * `/token` with the client as Basic, `/me` for userinfo, discovery at `/oidc/.well-known/openid-configuration`; PKCE;
 * `offline_access` for a refresh token) and the ID token claims per scope (`profile`: `name`, `username`, `picture`;
 * `email`: `email`, `email_verified`).
 */
import Logto from "@gatehousejs/core/providers/logto"
import type { StandIn } from "../spec.js"

const ISSUER = "https://gatehouse.logto.app/oidc"

const base = {
  provider: Logto,
  options: { issuer: `${ISSUER}/` },
  authorization: {
    url: `${ISSUER}/auth`,
    params: { scope: "offline_access openid email profile", response_type: "code", code_challenge_method: "S256" },
  },
  token: { url: `${ISSUER}/token`, auth: "client_secret_basic", response: { scope: "offline_access openid email profile" } },
} as const

const claims = { sub: "wxl2tcyuuyl1", username: "hayley", picture: "https://example.com/hayley.png", email: "hayley@example.com", email_verified: true }

const offline = {
  ...base,
  options: { ...base.options, authorization: { params: { prompt: "consent" } } },
  authorization: { ...base.authorization, params: { ...base.authorization.params, prompt: "consent" } },
  token: { ...base.token, response: { ...base.token.response, refresh_token: "logto-refresh-wJ2kqv7s" } },
  oidc: { issuer: ISSUER, userinfo: `${ISSUER}/me`, claims: { ...claims, name: "Hayley Adams" } },
  expect: { providerAccountId: "wxl2tcyuuyl1", user: { name: "Hayley Adams", email: "hayley@example.com", image: "https://example.com/hayley.png" } },
} as const

export default [
  {
    ...base,
    name: "logto",
    oidc: { issuer: ISSUER, userinfo: `${ISSUER}/me`, claims: { ...claims, name: "Hayley Adams" } },
    expect: { providerAccountId: "wxl2tcyuuyl1", user: { name: "Hayley Adams", email: "hayley@example.com", image: "https://example.com/hayley.png" } },
  },
  {
    ...base,
    name: "logto (no display name: the username)",
    oidc: { issuer: ISSUER, userinfo: `${ISSUER}/me`, claims: { ...claims, name: null } },
    expect: { providerAccountId: "wxl2tcyuuyl1", user: { name: "hayley", email: "hayley@example.com" } },
  },
  // Logto issues a refresh token when the grant has `offline_access` (logto-io/logto packages/core/src/oidc/init.ts,
  // issueRefreshToken), which node-oidc-provider keeps only with `prompt=consent`; it is spent at /oidc/token with the
  // client as at the code exchange, and the answer has a new access token and, for an `openid` grant, a new ID token.
  // With "Rotate refresh token" on (the default), a confidential client's refresh token is replaced only once 70% of
  // its lifetime has passed (oidc/defaults.ts, rotateRefreshToken); before that the same one stays valid.
  { ...offline, name: "logto (offline_access, prompt=consent: the refresh token kept)", refresh: {} },
  { ...offline, name: "logto (offline_access, past 70% of the refresh token's lifetime: rotated)", refresh: { rotate: true } },
] satisfies StandIn[]
