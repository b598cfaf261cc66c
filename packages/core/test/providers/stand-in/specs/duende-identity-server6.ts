/**
 * Duende IdentityServer: https://docs.duendesoftware.com/identityserver/ (the endpoints reference: discovery at
 * `/.well-known/openid-configuration`, `/connect/authorize`, `/connect/token` with the client secret as Basic or in the
 * body, `/connect/userinfo`; the claims chapter: the ID token carries `sub`, `sid`, `idp`, `amr`, `auth_time` only,
 * unless the client sets `AlwaysIncludeUserClaimsInIdToken`, and the profile claims come from userinfo) and the demo
 * server https://demo.duendesoftware.com (client `interactive.confidential`, user bob).
 */
import DuendeIdentityServer6 from "@gatehousejs/core/providers/duende-identity-server6"
import type { StandIn } from "../spec.js"

const ISSUER = "https://demo.duendesoftware.com"

export default {
  name: "duende-identity-server6",
  provider: DuendeIdentityServer6,
  options: { issuer: ISSUER },
  authorization: { url: `${ISSUER}/connect/authorize`, params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" } },
  token: { url: `${ISSUER}/connect/token`, auth: "client_secret_basic", response: { scope: "openid profile email" } },
  oidc: {
    issuer: ISSUER,
    userinfo: `${ISSUER}/connect/userinfo`,
    claims: { sub: "2", sid: "8A8E5D1F3C6B4A2E9D7F1B3C5A6E8D0F", idp: "local", amr: ["pwd"], auth_time: 1_711_000_000 },
  },
  api: {
    [`GET ${ISSUER}/connect/userinfo`]: {
      body: { sub: "2", name: "Bob Smith", given_name: "Bob", family_name: "Smith", email: "BobSmith@email.com", email_verified: true, website: "http://bob.com" },
    },
  },
  expect: { providerAccountId: "2", user: { name: "Bob Smith", email: "bobsmith@email.com", image: null } },
} satisfies StandIn
