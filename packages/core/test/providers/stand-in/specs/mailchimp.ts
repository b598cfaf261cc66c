/**
 * Mailchimp: https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/ (authorize at
 * `https://login.mailchimp.com/oauth2/authorize`; the code exchanged at `/oauth2/token` with `client_id` and
 * `client_secret` in the form body; the answer `{ access_token, expires_in: 0, scope: null }`, tokens that never
 * expire; `GET /oauth2/metadata` with `Authorization: OAuth <token>` answering `dc`, `role`, `accountname`,
 * `user_id`, `login { email, avatar, login_id, login_name, login_email }`, `login_url`, `api_endpoint`).
 */
import Mailchimp from "@gatehousejs/core/providers/mailchimp"
import type { StandIn } from "../spec.js"

export default {
  name: "mailchimp",
  provider: Mailchimp,
  authorization: { url: "https://login.mailchimp.com/oauth2/authorize", params: { response_type: "code", scope: undefined, code_challenge: undefined } },
  token: {
    url: "https://login.mailchimp.com/oauth2/token",
    auth: "client_secret_post",
    body: (accessToken: string) => ({ access_token: accessToken, expires_in: 0, scope: null }),
  },
  api: {
    "GET https://login.mailchimp.com/oauth2/metadata": {
      token: { header: "authorization", scheme: "OAuth" },
      body: {
        dc: "us6",
        role: "owner",
        accountname: "Freddie's Jokes",
        user_id: 40202121,
        login: { email: "freddie@example.com", avatar: null, login_id: 40202121, login_name: "freddie", login_email: "freddie@example.com" },
        login_url: "https://login.mailchimp.com",
        api_endpoint: "https://us6.api.mailchimp.com",
      },
    },
  },
  expect: { providerAccountId: "40202121", user: { name: "Freddie's Jokes", email: "freddie@example.com", image: null } },
} satisfies StandIn
