/**
 * Box: https://developer.box.com/reference/get-authorize/ (`response_type=code`, `client_id`, `redirect_uri`, `state`,
 * optional `scope`), https://developer.box.com/reference/post-oauth2-token/ (a form with `grant_type`, `code`,
 * `client_id`, `client_secret`; the answer has `access_token`, `expires_in`, `token_type`, `refresh_token`,
 * `restricted_to`) and https://developer.box.com/reference/get-users-me/ (the user: `id` a string, `name`, `login`
 * the e-mail address, `avatar_url`).
 */
import Box from "@gatehousejs/core/providers/box"
import type { StandIn } from "../spec.js"

export default {
  name: "box",
  provider: Box,
  authorization: {
    url: "https://account.box.com/api/oauth2/authorize",
    params: { response_type: "code", scope: undefined, code_challenge: undefined },
  },
  token: {
    url: "https://api.box.com/oauth2/token",
    auth: "client_secret_post",
    response: { token_type: "bearer", expires_in: 3600, refresh_token: "J7rxTiWOHMoSC1isKZKBZWizoRXjkQzig5C6jFgCVJ9bUnsUfGMinKBDLZWP9BgR", restricted_to: [] },
  },
  api: {
    "GET https://api.box.com/2.0/users/me": {
      body: {
        id: "11446498",
        type: "user",
        address: "900 Jefferson Ave, Redwood City, CA 94063",
        avatar_url: "https://www.box.com/api/avatar/large/181372",
        created_at: "2012-12-12T10:53:43-08:00",
        job_title: "CEO",
        language: "en",
        login: "ceo@example.com",
        max_upload_size: 2147483648,
        modified_at: "2012-12-12T10:53:43-08:00",
        name: "Aaron Levie",
        notification_email: { email: "notifications@example.com", is_confirmed: true },
        phone: "6509241374",
        space_amount: 11345156112,
        space_used: 1237009912,
        status: "active",
        timezone: "Africa/Bujumbura",
      },
    },
  },
  refresh: {},
  expect: { providerAccountId: "11446498", user: { name: "Aaron Levie", email: "ceo@example.com", image: "https://www.box.com/api/avatar/large/181372" } },
} satisfies StandIn
