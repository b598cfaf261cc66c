/**
 * Azure AD (Microsoft Entra ID under its old id): https://learn.microsoft.com/en-us/entra/identity-platform/v2-protocols-oidc
 * (the tenant's issuer `https://login.microsoftonline.com/{tenant}/v2.0`, its discovery document, `/oauth2/v2.0/authorize`
 * and `/oauth2/v2.0/token`, client secret as Basic or in the body),
 * https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference (`sub`, `oid`, `tid`, `name`,
 * `preferred_username`, `email`) and https://learn.microsoft.com/en-us/graph/api/profilephoto-get
 * (`GET /me/photos/48x48/$value`: the photo's bytes).
 */
import AzureAD from "@gatehousejs/core/providers/azure-ad"
import type { StandIn } from "../spec.js"

const TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad"
const ISSUER = `https://login.microsoftonline.com/${TENANT}/v2.0`
const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46])

export default {
  name: "azure-ad",
  provider: AzureAD,
  options: { tenantId: TENANT },
  authorization: {
    url: `https://login.microsoftonline.com/${TENANT}/oauth2/v2.0/authorize`,
    params: { scope: "openid profile email User.Read", response_type: "code", code_challenge_method: "S256" },
  },
  token: { url: `https://login.microsoftonline.com/${TENANT}/oauth2/v2.0/token`, auth: "client_secret_basic", response: { scope: "openid profile email User.Read", ext_expires_in: 3600 } },
  oidc: {
    issuer: ISSUER,
    userinfo: "https://graph.microsoft.com/oidc/userinfo",
    claims: {
      ver: "2.0",
      sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      oid: "00000000-0000-0000-66f3-3332eca7ea81",
      tid: TENANT,
      name: "Megan Bowen",
      preferred_username: "meganb@contoso.example",
      email: "meganb@contoso.example",
      aio: "Df2UVXL1ix!lMCWMSOJBcFatzcGfvFGhjKv8q5g0x732dR5MB5BisvGQO7YWByjd8iQDLq!eGbIDakyp5mnOrcdqHeYSnltepQmRp6AIZ8jY",
    },
  },
  api: { "GET https://graph.microsoft.com/v1.0/me/photos/48x48/$value": { body: PHOTO, contentType: "image/jpeg" } },
  expect: {
    providerAccountId: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
    user: { name: "Megan Bowen", email: "meganb@contoso.example", image: `data:image/jpeg;base64,${Buffer.from(PHOTO).toString("base64")}` },
  },
} satisfies StandIn
