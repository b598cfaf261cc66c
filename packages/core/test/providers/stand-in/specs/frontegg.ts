/**
 * Frontegg: https://developers.frontegg.com/guides/management/frontegg-idp/native-hosted (hosted login:
 * `{domain}/oauth/authorize` and `/oauth/token`, PKCE supported, discovery at
 * `{domain}/oauth/.well-known/openid-configuration`) and
 * https://developers.frontegg.com/ciam/guides/security-center/token-management/claims (`iss` is the domain; `sub`,
 * `name`, `email`, `email_verified`, `profilePictureUrl`, `roles`, `permissions`, `tenantId`, `tenantIds`, `type`).
 */
import Frontegg from "@gatehousejs/core/providers/frontegg"
import type { StandIn } from "../spec.js"

const ISSUER = "https://app-gatehouse.frontegg.com"

export default {
  name: "frontegg",
  provider: Frontegg,
  options: { issuer: `${ISSUER}/` },
  authorization: { url: `${ISSUER}/oauth/authorize`, params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" } },
  token: { url: `${ISSUER}/oauth/token`, auth: "client_secret_basic", response: { refresh_token: "frontegg-refresh" } },
  oidc: {
    issuer: ISSUER,
    discoveryUrl: `${ISSUER}/oauth/.well-known/openid-configuration`,
    claims: {
      sub: "7b3a0c52-9c2f-4d6e-8f51-2b1f0e6c9a44",
      name: "Dana Tenant",
      email: "dana@example.com",
      email_verified: true,
      profilePictureUrl: "https://www.gravatar.com/avatar/0f1e2d3c?d=identicon",
      roles: ["Admin"],
      permissions: ["fe.secure.*"],
      tenantId: "b4a3e2f1-0000-4c3b-9a8d-7e6f5d4c3b2a",
      tenantIds: ["b4a3e2f1-0000-4c3b-9a8d-7e6f5d4c3b2a"],
      type: "userToken",
    },
  },
  refresh: {},
  expect: {
    providerAccountId: "7b3a0c52-9c2f-4d6e-8f51-2b1f0e6c9a44",
    user: { name: "Dana Tenant", email: "dana@example.com", image: "https://www.gravatar.com/avatar/0f1e2d3c?d=identicon" },
  },
} satisfies StandIn
