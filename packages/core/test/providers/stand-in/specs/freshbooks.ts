/**
 * FreshBooks: https://www.freshbooks.com/api/authentication (the authorization code flow; the token request carries
 * `client_id`, `client_secret`, `code`, `redirect_uri` in its body; 12-hour access tokens with a single-use refresh
 * token) and https://www.freshbooks.com/api/me_endpoint (the identity under `response`: `id`, `first_name`,
 * `last_name`, `email`, `business_memberships`; scope `user:profile:read`).
 */
import Freshbooks from "@gatehousejs/core/providers/freshbooks"
import type { StandIn } from "../spec.js"

export default {
  name: "freshbooks",
  provider: Freshbooks,
  authorization: {
    url: "https://auth.freshbooks.com/oauth/authorize",
    params: { scope: "user:profile:read", response_type: "code", code_challenge: undefined },
  },
  token: {
    url: "https://api.freshbooks.com/auth/oauth/token",
    auth: "client_secret_post",
    response: { expires_in: 43200, refresh_token: "freshbooks-refresh", scope: "user:profile:read", created_at: 1_760_000_000 },
  },
  api: {
    "GET https://api.freshbooks.com/auth/api/v1/users/me": {
      body: {
        response: {
          id: 2192788,
          identity_uuid: "40a9c3a1-2b8c-4b2a-9a1e-0d52a6f3f0b7",
          first_name: "Leafy",
          last_name: "Acorn",
          email: "leafy@example.com",
          language: "en",
          confirmed_at: "2024-01-05T12:17:11Z",
          created_at: "2024-01-05T12:15:02Z",
          setup_complete: true,
          phone_numbers: [],
          addresses: [],
          business_memberships: [
            {
              id: 111,
              role: "owner",
              business: { id: 240340, business_uuid: "046cc001-0002-e93e-1db1-1186b2983879", name: "Awesome Business Inc.", account_id: "ABC123" },
            },
          ],
        },
      },
    },
  },
  refresh: { rotate: true },
  expect: { providerAccountId: "2192788", user: { name: "Leafy Acorn", email: "leafy@example.com" } },
} satisfies StandIn
