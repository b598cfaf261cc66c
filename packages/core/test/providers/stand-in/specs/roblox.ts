/**
 * Roblox: https://create.roblox.com/docs/cloud/reference/oauth2 (base `https://apis.roblox.com/oauth`: `v1/authorize`
 * with PKCE and `state`, `v1/token` with Basic or body client authentication and the token answer, `v1/userinfo`
 * and its claims, the discovery document with issuer `https://apis.roblox.com/oauth/` and ES256 ID tokens) and
 * https://create.roblox.com/docs/cloud/auth/oauth2-develop (an ID token with `name`, `nickname`,
 * `preferred_username`, `created_at`, `profile`, but no `picture`).
 */
import Roblox from "@gatehousejs/core/providers/roblox"
import type { StandIn } from "../spec.js"

const names = { name: "linksgoat", nickname: "linksgoat", preferred_username: "linksgoat", created_at: 1607354232, profile: "https://www.roblox.com/users/2067243959/profile" }

export default {
  name: "roblox",
  provider: Roblox,
  authorization: { url: "https://apis.roblox.com/oauth/v1/authorize", params: { scope: "openid profile", response_type: "code", code_challenge_method: "S256" } },
  token: { url: "https://apis.roblox.com/oauth/v1/token", auth: "client_secret_basic", response: { expires_in: 899, refresh_token: "roblox-refresh", scope: "openid profile" } },
  oidc: {
    issuer: "https://apis.roblox.com/oauth/",
    userinfo: "https://apis.roblox.com/oauth/v1/userinfo",
    alg: "ES256",
    claims: { sub: "2067243959", ...names, jti: "ID.ymwvcMGi9X8k926ojwR9" },
    discovery: { scopes_supported: ["openid", "profile", "email", "verification", "credentials", "age", "premium", "roles"], token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"] },
  },
  api: {
    "GET https://apis.roblox.com/oauth/v1/userinfo": {
      body: { sub: "2067243959", ...names, picture: "https://tr.rbxcdn.com/30DAY-AvatarHeadshot-11BD4BBC67E3F95A4F4BED256CFB4591-Png/150/150/AvatarHeadshot/Png/noFilter" },
    },
  },
  refresh: {},
  expect: {
    providerAccountId: "2067243959",
    user: { name: "linksgoat", email: null, image: "https://tr.rbxcdn.com/30DAY-AvatarHeadshot-11BD4BBC67E3F95A4F4BED256CFB4591-Png/150/150/AvatarHeadshot/Png/noFilter" },
  },
} satisfies StandIn
