/**
 * Beyond Identity: https://developer.beyondidentity.com/ (an OIDC application's issuer
 * `https://auth-us.beyondidentity.com/v1/tenants/{tenant}/realms/{realm}/applications/{application}`, discovery under
 * it, `/authorize`, `/token`, `/userinfo`; PKCE; client authentication `client_secret_basic` by default; the ID
 * token's `sub`, `name`, `preferred_username`, `email`). The page for each step could not be pinned down more
 * exactly than the developer portal: the shapes follow OIDC Core and Auth.js's profile type.
 */
import BeyondIdentity from "@gatehousejs/core/providers/beyondidentity"
import type { StandIn } from "../spec.js"

const ISSUER = "https://auth-us.beyondidentity.com/v1/tenants/00012a6e7d3e9d8a/realms/1a2b3c4d5e6f7a8b/applications/9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a"

export default {
  name: "beyondidentity",
  provider: BeyondIdentity,
  options: { issuer: ISSUER },
  authorization: { url: `${ISSUER}/authorize`, params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" } },
  token: { url: `${ISSUER}/token`, auth: "client_secret_basic", response: { scope: "openid profile email" } },
  oidc: {
    issuer: ISSUER,
    userinfo: `${ISSUER}/userinfo`,
    claims: { sub: "c7b9a0f2e4d61358", name: "Grace Hopper", preferred_username: "ghopper", email: "grace@example.com", bi_p: "passkey" },
  },
  expect: { providerAccountId: "c7b9a0f2e4d61358", user: { name: "Grace Hopper", email: "grace@example.com", image: null } },
} satisfies StandIn
