/**
 * OneLogin: https://developers.onelogin.com/openid-connect/api/authorization-code (OIDC v2 under
 * `https://<subdomain>.onelogin.com/oidc/2`: `/auth`, `/token` with the client as Basic by default, `/me`, discovery
 * at `/oidc/2/.well-known/openid-configuration`, whose `issuer` is that `/oidc/2` URL; PKCE) and
 * https://developers.onelogin.com/openid-connect/scopes (`profile`: `name`, `preferred_username`, `given_name`,
 * `family_name`, `updated_at`; `email`). Two variants: the issuer given as the subdomain, and as OneLogin writes it.
 */
import OneLogin from "@gatehousejs/core/providers/onelogin"
import type { StandIn } from "../spec.js"

const ISSUER = "https://gatehouse.onelogin.com/oidc/2"

const base = {
  provider: OneLogin,
  authorization: { url: `${ISSUER}/auth`, params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" } },
  token: { url: `${ISSUER}/token`, auth: "client_secret_basic", response: { scope: "openid profile email" } },
  oidc: {
    issuer: ISSUER,
    userinfo: `${ISSUER}/me`,
    claims: {
      sub: "87654321",
      email: "kelly@example.com",
      preferred_username: "kelly",
      name: "Kelly Kapoor",
      given_name: "Kelly",
      family_name: "Kapoor",
      updated_at: 1_760_000_000,
      sid: "c4b1f1d2-9f0e-4f7c-8a21-1a2b3c4d5e6f",
    },
  },
  expect: { providerAccountId: "87654321", user: { name: "Kelly Kapoor", email: "kelly@example.com" } },
} as const

export default [
  { ...base, name: "onelogin", options: { issuer: "https://gatehouse.onelogin.com" } },
  { ...base, name: "onelogin (issuer with /oidc/2/)", options: { issuer: `${ISSUER}/` } },
] satisfies StandIn[]
