/**
 * United Effects: https://docs.unitedeffects.com (UE Auth, an OpenID Provider per Auth Group at
 * `https://auth.unitedeffects.com/{authGroupId}`, built on node-oidc-provider: discovery, `/auth`, `/token` with the
 * client's default Basic authentication, `/me`; RFC 8707 `resource` indicators) and Auth.js's note that the ID token
 * carries `sub` and `email` but no name or picture. The endpoint paths are node-oidc-provider's defaults as UE's
 * discovery document lists them.
 */
import UnitedEffects from "@gatehousejs/core/providers/united-effects"
import type { StandIn } from "../spec.js"

const issuer = "https://auth.unitedeffects.com/YQpbQV5dbW-224dCovz-3"

export default {
  name: "united-effects",
  provider: UnitedEffects,
  options: { issuer: `${issuer}/` },
  authorization: { url: `${issuer}/auth`, params: { scope: "openid email profile", resource: issuer, response_type: "code", code_challenge_method: "S256" } },
  token: { url: `${issuer}/token`, auth: "client_secret_basic" },
  oidc: {
    issuer,
    userinfo: `${issuer}/me`,
    claims: { sub: "d09ee4f7-941f-4679-a491-9781a424d4a8", email: "grace@example.com", email_verified: true, group: "YQpbQV5dbW-224dCovz-3" },
  },
  expect: { providerAccountId: "d09ee4f7-941f-4679-a491-9781a424d4a8", user: { name: null, email: "grace@example.com", image: null } },
} satisfies StandIn
