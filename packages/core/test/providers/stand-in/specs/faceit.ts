/**
 * FACEIT: https://docs.faceit.com/getting-started/authentication/oauth2 (FACEIT Connect: the authorization code flow
 * with PKCE; the OAuth2 client's id and secret from App Studio) and FACEIT Connect's endpoints
 * (`https://accounts.faceit.com/accounts?redirect_popup=true`, `https://api.faceit.com/auth/v1/oauth/token` with the
 * client credentials as Basic, `https://api.faceit.com/auth/v1/resources/userinfo`: `guid`, `nickname`, `email`,
 * `picture`, `locale`, `membership`).
 */
import FACEIT from "@gatehousejs/core/providers/faceit"
import type { StandIn } from "../spec.js"

export default {
  name: "faceit",
  provider: FACEIT,
  authorization: { url: "https://accounts.faceit.com/accounts", params: { redirect_popup: "true", response_type: "code", scope: undefined, code_challenge_method: "S256" } },
  token: { url: "https://api.faceit.com/auth/v1/oauth/token", auth: "client_secret_basic", response: { token_type: "bearer", expires_in: 3600, refresh_token: "faceit-refresh" } },
  api: {
    "GET https://api.faceit.com/auth/v1/resources/userinfo": {
      body: {
        guid: "5ea07280-2399-4c7e-88ab-f2f7db0c449f",
        nickname: "s1mple",
        email: "player@example.com",
        picture: "https://distribution.faceit-cdn.net/images/5ea07280-avatar.jpeg",
        locale: "en",
        membership: "free",
      },
    },
  },
  expect: { providerAccountId: "5ea07280-2399-4c7e-88ab-f2f7db0c449f", user: { name: "s1mple", email: "player@example.com", image: "https://distribution.faceit-cdn.net/images/5ea07280-avatar.jpeg" } },
} satisfies StandIn
