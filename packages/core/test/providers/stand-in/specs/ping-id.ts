/**
 * Ping Identity (PingOne): https://developer.pingidentity.com/pingone-api/auth/auth-openid-connect-oidc.html (the
 * environment's issuer `https://auth.pingone.com/{envID}/as`, its discovery document, `authorize`, `token` with the
 * application's default Client Secret Basic, `userinfo`) and
 * https://developer.pingidentity.com/pingone-api/foundations/pingone-roles-scopes-and-permissions/access-services-through-scopes-and-roles/openid-connect-oidc-scopes.html
 * (the `profile` and `email` claims). With the code flow the ID token carries no profile claims (they come from
 * userinfo), and PingOne adds `env`, `org` and `p1.region`.
 */
import PingId from "@gatehousejs/core/providers/ping-id"
import type { StandIn } from "../spec.js"

const env = "https://auth.pingone.com/5caa81af-ec05-41ff-a709-c7378007a99c/as"
const region = { env: "5caa81af-ec05-41ff-a709-c7378007a99c", org: "9d9c2ba6-8b7f-4a4e-9c33-6ad1fc3c0f43", "p1.region": "NA" }

export default {
  name: "ping-id",
  provider: PingId,
  options: { issuer: `${env}/` },
  authorization: { url: `${env}/authorize`, params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" } },
  token: { url: `${env}/token`, auth: "client_secret_basic" },
  oidc: {
    issuer: env,
    userinfo: `${env}/userinfo`,
    claims: { sub: "e7e5d5f4-0d0b-4cc5-9d89-3f4d3bd1c2a0", sid: "c1b1e0a2-73f1-4f6e-8a1f-0a4a7b1c2d3e", acr: "Single_Factor", amr: ["pwd"], auth_time: 1714651200, ...region },
  },
  api: {
    [`GET ${env}/userinfo`]: {
      body: {
        sub: "e7e5d5f4-0d0b-4cc5-9d89-3f4d3bd1c2a0",
        preferred_username: "grace.hopper",
        given_name: "Grace",
        family_name: "Hopper",
        name: "Grace Hopper",
        picture: "https://assets.pingone.com/ux/avatars/grace.png",
        updated_at: 1714651100,
        email: "grace@example.com",
        email_verified: true,
        ...region,
      },
    },
  },
  expect: {
    providerAccountId: "e7e5d5f4-0d0b-4cc5-9d89-3f4d3bd1c2a0",
    user: { name: "Grace Hopper", email: "grace@example.com", image: "https://assets.pingone.com/ux/avatars/grace.png" },
  },
} satisfies StandIn
