/**
 * X (Twitter): https://docs.x.com/resources/fundamentals/authentication/oauth-2-0/user-access-token
 * (`https://x.com/i/oauth2/authorize` with `response_type=code`, `client_id`, `redirect_uri`, `scope`, `state`,
 * `code_challenge`; `POST https://api.x.com/2/oauth2/token`, a confidential client authenticating with HTTP Basic;
 * the answer `token_type`, `expires_in: 7200`, `access_token`, `scope`, `refresh_token` with `offline.access`) and
 * https://docs.x.com/x-api/users/user-lookup-me (`GET /2/users/me?user.fields=profile_image_url`: `{ data: { id,
 * name, username, profile_image_url } }`; no e-mail unless `confirmed_email` is asked for with `users.email`).
 */
import Twitter from "@gatehousejs/core/providers/twitter"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

export default {
  name: "twitter",
  provider: Twitter,
  authorization: {
    url: "https://x.com/i/oauth2/authorize",
    params: { response_type: "code", scope: "users.read tweet.read offline.access", code_challenge_method: "S256" },
  },
  token: {
    url: "https://api.x.com/2/oauth2/token",
    auth: "client_secret_basic",
    response: { token_type: "bearer", expires_in: 7200, scope: "users.read tweet.read offline.access", refresh_token: "bWRWa3gzdnk3WHRGU1o0bmRRcTJ5VUxWX1lZTDdJSUtmaWcxbTVxdEFXcW5tOjE2MjIxNDc3NDM5MTQ6MToxOnJ0OjE" },
  },
  api: {
    "GET https://api.x.com/2/users/me": {
      body: (request: RecordedRequest) => {
        const user = { id: "2244994945", name: "X Dev", username: "TwitterDev" }
        // Optional fields come only when asked for.
        if (request.query["user.fields"] !== "profile_image_url") return { data: user }
        return { data: { ...user, profile_image_url: "https://pbs.twimg.com/profile_images/1445764922474827784/W2zEPN7U_normal.jpg" } }
      },
    },
  },
  refresh: {},
  expect: {
    providerAccountId: "2244994945",
    user: { name: "X Dev", email: null, image: "https://pbs.twimg.com/profile_images/1445764922474827784/W2zEPN7U_normal.jpg" },
  },
} satisfies StandIn
