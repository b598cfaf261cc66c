/**
 * Microsoft Entra ID: https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow
 * (`/{tenant}/oauth2/v2.0/authorize` with `scope`, `response_type=code`, `code_challenge`; `/{tenant}/oauth2/v2.0/token`
 * with the client secret as a form field or, per RFC 6749, HTTP Basic; the answer `token_type: "Bearer"`, `scope`,
 * `expires_in`, `access_token`, `refresh_token`, `id_token`),
 * https://learn.microsoft.com/en-us/entra/identity-platform/v2-protocols-oidc (discovery at
 * `/{tenant}/v2.0/.well-known/openid-configuration`; the multi-tenant documents name the issuer
 * `https://login.microsoftonline.com/{tenantid}/v2.0`, and a token's `iss` carries the user's tenant),
 * https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference (the v2.0 ID token's claims) and
 * https://learn.microsoft.com/en-us/graph/api/profilephoto-get (`GET /me/photos/{size}/$value`: the photo's bytes).
 */
import MicrosoftEntraID from "@gatehousejs/core/providers/microsoft-entra-id"
import type { StandIn } from "../spec.js"

const LOGIN = "https://login.microsoftonline.com"
const TENANT = "9122040d-6c67-4c5b-b112-36a304b66dad"
// The first bytes of a JPEG file: enough to be answered as one and shown as a data: URL.
const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01])

const claims = {
  sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
  oid: "00000000-0000-0000-66f3-3332eca7ea81",
  tid: TENANT,
  ver: "2.0",
  nbf: Math.floor(Date.now() / 1000) - 60,
  aio: "Df2UVXL1ix!lMCWMSOJBcFatzcGfvFGhjKv8q5g0x732dR5MB5BisvGQO7YWByjd8iQDLq!eGbIDakyp5mnOrcdqHeYSnltepQmRp6AIZ8jY",
  name: "Megan Bowen",
  preferred_username: "meganb@contoso.onmicrosoft.com",
  email: "MeganB@contoso.com",
}

function variant(name: string, tenant: string, options: Record<string, unknown> | undefined, discoveryIssuer: string): StandIn {
  return {
    name,
    provider: MicrosoftEntraID,
    ...(options ? { options } : {}),
    authorization: {
      url: `${LOGIN}/${tenant}/oauth2/v2.0/authorize`,
      params: { scope: "openid profile email User.Read", response_type: "code", code_challenge_method: "S256" },
    },
    token: {
      url: `${LOGIN}/${tenant}/oauth2/v2.0/token`,
      auth: "client_secret_basic",
      response: { token_type: "Bearer", scope: "openid profile email https://graph.microsoft.com/User.Read", expires_in: 3599, ext_expires_in: 3599, refresh_token: "0.AAAA-entra-refresh" },
    },
    oidc: {
      issuer: `${LOGIN}/${tenant}/v2.0`,
      tokenIssuer: `${LOGIN}/${TENANT}/v2.0`,
      userinfo: "https://graph.microsoft.com/oidc/userinfo",
      discovery: { issuer: discoveryIssuer, tenant_region_scope: null, cloud_instance_name: "microsoftonline.com", token_endpoint_auth_methods_supported: ["client_secret_post", "private_key_jwt", "client_secret_basic"] },
      claims,
    },
    api: {
      "GET https://graph.microsoft.com/v1.0/me/photos/48x48/$value": { contentType: "image/jpeg", body: PHOTO },
    },
    refresh: { params: { scope: "openid profile email User.Read" }, rotate: true },
    expect: {
      providerAccountId: claims.sub,
      user: { name: "Megan Bowen", email: "meganb@contoso.com", image: `data:image/jpeg;base64,${Buffer.from(PHOTO).toString("base64")}` },
    },
  }
}

export default [
  variant("microsoft-entra-id (one tenant)", TENANT, { tenantId: TENANT }, `${LOGIN}/${TENANT}/v2.0`),
  // The `common` document names the issuer with a literal placeholder; the ID token names the user's tenant.
  // The refresh's new ID token names the user's tenant too: checked against it, as at sign-in.
  variant("microsoft-entra-id (multi-tenant `common`)", "common", undefined, `${LOGIN}/{tenantid}/v2.0`),
] satisfies StandIn[]
