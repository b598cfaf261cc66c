/**
 * IdentityServer4: https://identityserver4.readthedocs.io/en/latest/endpoints/discovery.html and the endpoint pages
 * (`/connect/authorize`, `/connect/token` with the client as Basic or form fields, `/connect/userinfo`), and
 * https://identityserver4.readthedocs.io/en/latest/reference/client.html (`AlwaysIncludeUserClaimsInIdToken` off by
 * default, so the ID token carries `sub`, `idp`, `amr`, `auth_time`, `sid` and the user claims come from userinfo;
 * `RequirePkce` on by default).
 */
import IdentityServer4 from "@gatehousejs/core/providers/identity-server4"
import type { StandIn } from "../spec.js"

const ISSUER = "https://identity.example.com"

export default {
  name: "identity-server4",
  provider: IdentityServer4,
  options: { issuer: `${ISSUER}/` },
  authorization: {
    url: `${ISSUER}/connect/authorize`,
    params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" },
  },
  token: { url: `${ISSUER}/connect/token`, auth: "client_secret_basic", response: { scope: "openid profile email" } },
  oidc: {
    issuer: ISSUER,
    userinfo: `${ISSUER}/connect/userinfo`,
    claims: { sub: "88421113", idp: "local", amr: ["pwd"], auth_time: 1_760_000_000, sid: "3F9A2C7B1E0D4A5B" },
  },
  api: {
    [`GET ${ISSUER}/connect/userinfo`]: {
      body: { sub: "88421113", name: "Bob Smith", given_name: "Bob", family_name: "Smith", email: "BobSmith@email.com", email_verified: true, website: "http://bob.com" },
    },
  },
  expect: { providerAccountId: "88421113", user: { name: "Bob Smith", email: "bobsmith@email.com" } },
} satisfies StandIn
