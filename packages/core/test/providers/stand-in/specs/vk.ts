/**
 * VK: https://dev.vk.com/ru/api/access-token/authcode-flow-user (the authorization code flow for a user token:
 * `https://oauth.vk.com/authorize` with `client_id`, `redirect_uri`, `scope=email`, `response_type=code`, `v`,
 * `state`; `https://oauth.vk.com/access_token` with `client_id`, `client_secret`, `redirect_uri`, `code`, answering
 * `access_token`, `expires_in`, `user_id` and, with the `email` right, `email` — no `token_type`) and
 * https://dev.vk.com/ru/method/users.get (`users.get` with `fields=photo_100`, `v` and the token as `access_token`:
 * `{ response: [{ id, first_name, last_name, photo_100, can_access_closed, is_closed }] }`). The sample user is
 * tests/providers/vk-fake.ts's.
 *
 * The guide shows the exchange as a GET with the credentials in the query; the provider POSTs them as form fields
 * (VK takes no other client authentication), which tests/providers/vk-fake.ts accepts too.
 */
import VK from "@gatehousejs/core/providers/vk"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

export default {
  name: "vk",
  provider: VK,
  authorization: {
    url: "https://oauth.vk.com/authorize",
    // VK refuses PKCE: no code_challenge.
    params: { response_type: "code", scope: "email", v: "5.126", code_challenge: undefined },
  },
  token: { url: "https://oauth.vk.com/access_token", auth: "client_secret_post", response: { token_type: undefined, expires_in: 86400, user_id: 1234567, email: "user@example.test" } },
  api: {
    "GET https://api.vk.com/method/users.get": {
      token: { query: "access_token" },
      body: (request: RecordedRequest) => {
        if (!request.query.v) return { error: { error_code: 8, error_msg: "Invalid request: v (version) is required" } }
        const user = { id: 1234567, first_name: "Ivan", last_name: "Petrov", can_access_closed: true, is_closed: false }
        return { response: [request.query.fields === "photo_100" ? { ...user, photo_100: "https://sun1-00.userapi.com/s/v1/ig2/photo_100.jpg" } : user] }
      },
    },
  },
  expect: { providerAccountId: "1234567", user: { name: "Ivan Petrov", email: "user@example.test", image: "https://sun1-00.userapi.com/s/v1/ig2/photo_100.jpg" } },
} satisfies StandIn
