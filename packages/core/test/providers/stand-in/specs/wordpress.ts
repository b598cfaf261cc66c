/**
 * WordPress.com: https://developer.wordpress.com/docs/oauth2/ (`https://public-api.wordpress.com/oauth2/authorize`
 * with `client_id`, `redirect_uri`, `response_type=code`, `scope`, `state`; `POST /oauth2/token` with `client_id`,
 * `redirect_uri`, `client_secret`, `code`, `grant_type` in the body, answering `{ access_token, blog_id, blog_url,
 * token_type }`) and https://developer.wordpress.com/docs/api/1.1/get/me/ (`ID`, `display_name`, `username`,
 * `email`, `avatar_URL`, `email_verified`, …).
 */
import WordPress from "@gatehousejs/core/providers/wordpress"
import type { StandIn } from "../spec.js"

export default {
  name: "wordpress",
  provider: WordPress,
  authorization: { url: "https://public-api.wordpress.com/oauth2/authorize", params: { scope: "auth", response_type: "code" } },
  token: {
    url: "https://public-api.wordpress.com/oauth2/token",
    auth: "client_secret_post",
    response: { token_type: "bearer", expires_in: undefined, blog_id: "0", blog_url: null },
  },
  api: {
    "GET https://public-api.wordpress.com/rest/v1.1/me": {
      body: {
        ID: 18342963,
        display_name: "Ada Lovelace",
        username: "adalovelace",
        email: "ada@example.com",
        primary_blog: 112233,
        primary_blog_url: "https://adalovelace.wordpress.com",
        language: "en",
        locale: "en",
        token_site_id: false,
        token_scope: ["auth"],
        avatar_URL: "https://0.gravatar.com/avatar/5c4bd2c4b9c5f0d2e9a7f0a0a1b2c3d4?s=96&d=identicon",
        profile_URL: "https://gravatar.com/adalovelace",
        verified: true,
        email_verified: true,
        date: "2010-02-14T12:00:00+00:00",
        site_count: 1,
      },
    },
  },
  expect: {
    providerAccountId: "18342963",
    user: { name: "Ada Lovelace", email: "ada@example.com", image: "https://0.gravatar.com/avatar/5c4bd2c4b9c5f0d2e9a7f0a0a1b2c3d4?s=96&d=identicon" },
  },
} satisfies StandIn
