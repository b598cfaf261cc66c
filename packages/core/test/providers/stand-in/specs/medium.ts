/**
 * Medium: https://github.com/Medium/medium-api-docs (2.2 browser-based authentication: `https://medium.com/m/oauth/authorize`
 * with comma-separated `scope` and a required `state`; `POST https://api.medium.com/v1/tokens` with `code`,
 * `client_id`, `client_secret`, `grant_type`, `redirect_uri` in the form, answering HTTP 201
 * `{ token_type, access_token, refresh_token, scope: [..], expires_at }`; 3.1 `GET /v1/me`: the user in `data`),
 * whose example user is reused.
 */
import Medium from "@gatehousejs/core/providers/medium"
import type { StandIn } from "../spec.js"

export default {
  name: "medium",
  provider: Medium,
  authorization: { url: "https://medium.com/m/oauth/authorize", params: { scope: "basicProfile", response_type: "code", code_challenge: undefined } },
  token: {
    url: "https://api.medium.com/v1/tokens",
    auth: "client_secret_post",
    status: 201,
    body: (accessToken: string) => ({
      token_type: "Bearer",
      access_token: accessToken,
      refresh_token: "181d415f34379af07b2c11d144dfbe35d",
      scope: ["basicProfile"],
      expires_at: Date.now() + 60 * 24 * 3600 * 1000,
    }),
  },
  api: {
    "GET https://api.medium.com/v1/me": {
      body: {
        data: {
          id: "5303d74c64f66366f00cb9b2a94f3251bf5",
          username: "majelbstoat",
          name: "Jamie Talbot",
          url: "https://medium.com/@majelbstoat",
          imageUrl: "https://images.medium.com/0*fkfQiTzT7TlUGGyI.png",
        },
      },
    },
  },
  refresh: {},
  expect: {
    providerAccountId: "5303d74c64f66366f00cb9b2a94f3251bf5",
    user: { name: "Jamie Talbot", email: null, image: "https://images.medium.com/0*fkfQiTzT7TlUGGyI.png" },
  },
} satisfies StandIn
