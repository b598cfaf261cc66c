/**
 * Pinterest: https://developers.pinterest.com/docs/getting-started/set-up-authentication-and-authorization/ (the
 * authorization URL `https://www.pinterest.com/oauth/`, `POST /v5/oauth/token` with the app id and secret as Basic,
 * the token answer with `refresh_token`, `refresh_token_expires_in` and `scope`) and
 * https://developers.pinterest.com/docs/api/v5/user_account-get (the user account: `account_type`, `id`,
 * `profile_image`, `website_url`, `username`, counts).
 */
import Pinterest from "@gatehousejs/core/providers/pinterest"
import type { StandIn } from "../spec.js"

export default {
  name: "pinterest",
  provider: Pinterest,
  authorization: { url: "https://www.pinterest.com/oauth/", params: { scope: "user_accounts:read", response_type: "code" } },
  token: {
    url: "https://api.pinterest.com/v5/oauth/token",
    auth: "client_secret_basic",
    response: {
      token_type: "bearer",
      expires_in: 2592000,
      refresh_token: "pina_refresh",
      refresh_token_expires_in: 31536000,
      response_type: "authorization_code",
      scope: "user_accounts:read",
    },
  },
  api: {
    "GET https://api.pinterest.com/v5/user_account": {
      body: {
        account_type: "PINNER",
        id: "549755885175",
        profile_image: "https://i.pinimg.com/280x280_RS/42/03/a5/4203a5a1f5d2f3d1b9c0c0f0a7f7e6b2.jpg",
        website_url: "https://example.com",
        username: "lovelace",
        about: "Notes on the analytical engine",
        business_name: null,
        board_count: 12,
        pin_count: 340,
        follower_count: 80,
        following_count: 41,
        monthly_views: 1200,
      },
    },
  },
  refresh: {},
  expect: {
    providerAccountId: "549755885175",
    user: { name: "lovelace", email: null, image: "https://i.pinimg.com/280x280_RS/42/03/a5/4203a5a1f5d2f3d1b9c0c0f0a7f7e6b2.jpg" },
  },
} satisfies StandIn
