/**
 * Figma: https://developers.figma.com/docs/rest-api/authentication (an OAuth app: authorize at
 * `https://www.figma.com/oauth` with `client_id`, `redirect_uri`, `scope`, `state`, `response_type=code`; the code
 * redeemed at `https://api.figma.com/v1/oauth/token`; the answer `user_id_string`, `access_token`, `token_type`,
 * `expires_in`, `refresh_token`), https://developers.figma.com/docs/rest-api/scopes/ (`current_user:read`: name,
 * e-mail and profile image; `files:read` deprecated) and `GET /v1/me` (`id`, `email`, `handle`, `img_url`).
 */
import Figma from "@gatehousejs/core/providers/figma"
import type { StandIn } from "../spec.js"

export default {
  name: "figma",
  provider: Figma,
  authorization: { url: "https://www.figma.com/oauth", params: { scope: "current_user:read", response_type: "code", code_challenge: undefined } },
  token: {
    url: "https://api.figma.com/v1/oauth/token",
    auth: "client_secret_basic",
    response: { user_id_string: "1234567890123456789", token_type: "bearer", expires_in: 7_776_000, refresh_token: "figma-refresh" },
  },
  api: {
    "GET https://api.figma.com/v1/me": {
      body: { id: "1234567890123456789", email: "designer@example.com", handle: "Dana Designer", img_url: "https://s3-alpha.figma.com/profile/1234-avatar.png" },
    },
  },
  refresh: { url: "https://api.figma.com/v1/oauth/refresh" },
  expect: { providerAccountId: "1234567890123456789", user: { name: "Dana Designer", email: "designer@example.com", image: "https://s3-alpha.figma.com/profile/1234-avatar.png" } },
} satisfies StandIn
