/**
 * Eventbrite: https://www.eventbrite.com/platform/docs/authentication (authorize at
 * `https://www.eventbrite.com/oauth/authorize` with `response_type=code`, `client_id` = the API key, `redirect_uri`;
 * `POST https://www.eventbrite.com/oauth/token` with `grant_type`, `client_id`, `client_secret`, `code`,
 * `redirect_uri` in the body; the answer `access_token`, `token_type`) and
 * https://www.eventbrite.com/platform/api#/reference/user/retrieve-your-user (`GET /v3/users/me/`: `emails` with
 * `primary` and `verified`, `id`, `name`, `first_name`, `last_name`, `is_public`, `image_id`).
 */
import Eventbrite from "@gatehousejs/core/providers/eventbrite"
import type { StandIn } from "../spec.js"

export default {
  name: "eventbrite",
  provider: Eventbrite,
  authorization: { url: "https://www.eventbrite.com/oauth/authorize", params: { scope: "user.profile", response_type: "code", code_challenge_method: "S256" } },
  token: { url: "https://www.eventbrite.com/oauth/token", auth: "client_secret_post", response: { token_type: "bearer", expires_in: undefined } },
  api: {
    "GET https://www.eventbriteapi.com/v3/users/me/": {
      body: {
        emails: [
          { email: "old-address@example.com", verified: true, primary: false },
          { email: "organizer@example.com", verified: true, primary: true },
        ],
        id: "1234567890",
        name: "Casey Organizer",
        first_name: "Casey",
        last_name: "Organizer",
        is_public: false,
        image_id: "54321",
      },
    },
  },
  expect: {
    providerAccountId: "1234567890",
    user: { name: "Casey Organizer", email: "organizer@example.com", image: "https://img.evbuc.com/https%3A%2F%2Fcdn.evbuc.com%2Fimages%2F54321%2F1%2Foriginal.jpg" },
  },
} satisfies StandIn
