/**
 * Todoist: https://developer.todoist.com/api/v1/#tag/Authorization (`https://todoist.com/oauth/authorize` with
 * `client_id`, comma-separated `scope`, `state`; `POST https://todoist.com/oauth/access_token` with `client_id`,
 * `client_secret` and `code` in the body, answering `{ access_token, token_type: "Bearer" }`) and
 * https://developer.todoist.com/api/v1/#tag/User (`GET https://api.todoist.com/api/v1/user`: `id`, `email`,
 * `full_name`, `avatar_big`, …).
 */
import Todoist from "@gatehousejs/core/providers/todoist"
import type { StandIn } from "../spec.js"

const base = {
  name: "todoist",
  provider: Todoist,
  authorization: { url: "https://todoist.com/oauth/authorize", params: { scope: "data:read", response_type: "code" } },
  token: { url: "https://todoist.com/oauth/access_token", auth: "client_secret_post", response: { token_type: "Bearer", expires_in: undefined } },
  api: {
    "GET https://api.todoist.com/api/v1/user": {
      body: {
        id: "2671355",
        email: "ada@example.com",
        full_name: "Ada Lovelace",
        avatar_big: "https://dcff1xvirvpfp.cloudfront.net/6b6fc3ba2ae5a0d3f9a1f13a50ef1e5e_big.jpg",
        avatar_medium: "https://dcff1xvirvpfp.cloudfront.net/6b6fc3ba2ae5a0d3f9a1f13a50ef1e5e_medium.jpg",
        avatar_s640: "https://dcff1xvirvpfp.cloudfront.net/6b6fc3ba2ae5a0d3f9a1f13a50ef1e5e_s640.jpg",
        avatar_small: "https://dcff1xvirvpfp.cloudfront.net/6b6fc3ba2ae5a0d3f9a1f13a50ef1e5e_small.jpg",
        business_account_id: null,
        inbox_project_id: "6Jf8VQXxpwv56VQ7",
        is_premium: true,
        premium_status: "current_personal_plan",
        lang: "en",
        tz_info: { timezone: "Europe/London", gmt_string: "+01:00", hours: 1, minutes: 0, is_dst: 1 },
      },
    },
  },
  expect: {
    providerAccountId: "2671355",
    user: { name: "Ada Lovelace", email: "ada@example.com", image: "https://dcff1xvirvpfp.cloudfront.net/6b6fc3ba2ae5a0d3f9a1f13a50ef1e5e_big.jpg" },
  },
} satisfies StandIn

export default [
  base,
  {
    // https://doist.github.io/todoist-sdk-typescript/api/functions/refreshAuthToken (Todoist's own client, after
    // https://developer.todoist.com/api/v1/#tag/Authorization/OAuth): apps with refresh tokens enabled, the default for
    // new apps, get expiring access tokens and a refresh token, spent with the standard refresh_token grant and the
    // client secret; the server rotates the refresh token on each use.
    ...base,
    name: "todoist (an app with refresh tokens: rotating)",
    token: { ...base.token, response: { token_type: "Bearer", expires_in: 3600, refresh_token: "todoist-refresh" } },
    refresh: { rotate: true },
  },
] satisfies StandIn[]
