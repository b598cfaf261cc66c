/**
 * Azure AD B2C: https://learn.microsoft.com/en-us/azure/active-directory-b2c/openid-connect (the user flow's
 * `/oauth2/v2.0/authorize` and `/oauth2/v2.0/token` under `https://{tenant}.b2clogin.com/{tenant}.onmicrosoft.com/{policy}/`,
 * its metadata document at `…/{policy}/v2.0/.well-known/openid-configuration`, scope `openid offline_access`, the
 * client secret as Basic or in the body) and https://learn.microsoft.com/en-us/azure/active-directory-b2c/tokens-overview
 * (the issuer `https://{tenant}.b2clogin.com/{tenant id}/v2.0/`, or with `tfp/{tenant id}/{policy}/` by the user
 * flow's token compatibility setting; claims `oid`, `sub`, `emails`, `name`, `tfp`/`acr`, `idp`).
 */
import AzureADB2C from "@gatehousejs/core/providers/azure-ad-b2c"
import type { StandIn } from "../spec.js"

const TENANT_ID = "775527ff-9a37-4307-8b3d-cc311f58d925"
const POLICY = "https://contoso.b2clogin.com/contoso.onmicrosoft.com/b2c_1_signupsignin"

const claims = {
  ver: "1.0",
  oid: "e3a0c1d8-7b44-4c60-8c55-2a1b1b0f6d3e",
  sub: "e3a0c1d8-7b44-4c60-8c55-2a1b1b0f6d3e",
  tfp: "B2C_1_signupsignin",
  auth_time: 1_711_000_000,
  name: "Nina Patel",
  given_name: "Nina",
  family_name: "Patel",
  emails: ["nina.patel@example.com"],
  idp: "LocalAccount",
  newUser: false,
}

const base = {
  provider: AzureADB2C,
  authorization: { url: `${POLICY}/oauth2/v2.0/authorize`, params: { scope: "openid offline_access", response_type: "code", code_challenge_method: "S256" } },
  token: {
    url: `${POLICY}/oauth2/v2.0/token`,
    auth: "client_secret_basic",
    response: { scope: "openid offline_access", refresh_token: "b2c-refresh", refresh_token_expires_in: 1_209_600, not_before: 1_711_000_000, id_token_expires_in: 3600, profile_info: "eyJ2ZXIiOiIxLjAifQ" },
  },
  refresh: {},
  expect: { providerAccountId: "e3a0c1d8-7b44-4c60-8c55-2a1b1b0f6d3e", user: { name: "Nina Patel", email: "nina.patel@example.com", image: null } },
} as const

export default [
  {
    ...base,
    name: "azure-ad-b2c (the tenant-id issuer and the user flow's metadata URL)",
    options: { issuer: `https://contoso.b2clogin.com/${TENANT_ID}/v2.0`, wellKnown: `${POLICY}/v2.0/.well-known/openid-configuration` },
    oidc: { issuer: `https://contoso.b2clogin.com/${TENANT_ID}/v2.0/`, discoveryUrl: `${POLICY}/v2.0/.well-known/openid-configuration`, claims },
  },
  {
    ...base,
    name: "azure-ad-b2c (the tfp issuer, which serves the metadata)",
    options: { issuer: `https://contoso.b2clogin.com/tfp/${TENANT_ID}/b2c_1_signupsignin/v2.0/` },
    oidc: { issuer: `https://contoso.b2clogin.com/tfp/${TENANT_ID}/b2c_1_signupsignin/v2.0/`, claims },
  },
  {
    ...base,
    name: "azure-ad-b2c (subject claim 'Not supported': the account is oid)",
    // The account id is `oid`: a refreshed ID token must name the sign-in ID token's `sub` (OIDC Core §12.2).
    options: { issuer: `https://contoso.b2clogin.com/tfp/${TENANT_ID}/b2c_1_signupsignin/v2.0/` },
    oidc: {
      issuer: `https://contoso.b2clogin.com/tfp/${TENANT_ID}/b2c_1_signupsignin/v2.0/`,
      claims: { ...claims, sub: "Not supported currently. Use oid claim." },
    },
  },
] satisfies StandIn[]
