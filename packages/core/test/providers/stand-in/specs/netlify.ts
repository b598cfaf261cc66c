/**
 * Netlify: Netlify's OAuth applications as its example integration uses them (https://github.com/netlify-labs/oauth-example:
 * `https://app.netlify.com/authorize`, the code exchanged at `https://api.netlify.com/oauth/token`, the user from
 * `GET https://api.netlify.com/api/v1/user`) and https://open-api.netlify.com/#tag/user (the user: `id`, `uid`,
 * `full_name`, `avatar_url`, `email`, `affiliate_id`, `site_count`, `created_at`, `last_login`, `login_providers`).
 */
import Netlify from "@gatehousejs/core/providers/netlify"
import type { StandIn } from "../spec.js"

export default {
  name: "netlify",
  provider: Netlify,
  authorization: { url: "https://app.netlify.com/authorize", params: { response_type: "code", scope: undefined, code_challenge: undefined } },
  token: { url: "https://api.netlify.com/oauth/token", auth: "client_secret_basic", response: { expires_in: undefined, created_at: 1_760_000_000 } },
  api: {
    "GET https://api.netlify.com/api/v1/user": {
      body: {
        id: "5c3a4b2e1f0d9c8b7a6f5e4d",
        uid: "5c3a4b2e1f0d9c8b7a6f5e4d",
        full_name: "Netlify Tester",
        avatar_url: "https://avatars.githubusercontent.com/u/1?v=4",
        email: "tester@example.com",
        affiliate_id: "",
        site_count: 3,
        created_at: "2019-01-12T20:17:50.123Z",
        last_login: "2025-06-01T09:00:00.000Z",
        login_providers: ["github", "email"],
        onboarding_progress: { slides: "completed" },
      },
    },
  },
  expect: {
    providerAccountId: "5c3a4b2e1f0d9c8b7a6f5e4d",
    user: { name: "Netlify Tester", email: "tester@example.com", image: "https://avatars.githubusercontent.com/u/1?v=4" },
  },
} satisfies StandIn
