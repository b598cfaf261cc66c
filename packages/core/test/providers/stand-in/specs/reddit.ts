/**
 * Reddit: https://github.com/reddit-archive/reddit/wiki/OAuth2 (`https://www.reddit.com/api/v1/authorize` with
 * `client_id`, `response_type=code`, `state`, `redirect_uri`, `scope`; `POST https://www.reddit.com/api/v1/access_token`
 * with the client id and secret as HTTP Basic only; the answer `access_token`, `token_type: "bearer"`, `expires_in`,
 * `scope`), https://github.com/reddit-archive/reddit/wiki/API (every API request needs a descriptive User-Agent) and
 * https://www.reddit.com/dev/api/#GET_api_v1_me (`GET https://oauth.reddit.com/api/v1/me` with the `identity` scope).
 */
import Reddit from "@gatehousejs/core/providers/reddit"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

const base = {
  name: "reddit",
  provider: Reddit,
  authorization: { url: "https://www.reddit.com/api/v1/authorize", params: { response_type: "code", scope: "identity" } },
  token: { url: "https://www.reddit.com/api/v1/access_token", auth: "client_secret_basic", response: { token_type: "bearer", expires_in: 86400, scope: "identity" } },
  api: {
    "GET https://oauth.reddit.com/api/v1/me": {
      body: (request: RecordedRequest) => {
        // Reddit throttles or refuses generic user agents; the rules ask for `<platform>:<app ID>:<version>`.
        if (!/^web:stand-in-client-id:/.test(request.headers["user-agent"] ?? "")) return { message: "Too Many Requests", error: 429 }
        return {
          id: "1w72",
          name: "spez",
          created_utc: 1_118_030_400,
          verified: true,
          has_verified_email: true,
          total_karma: 3,
          link_karma: 1,
          comment_karma: 2,
          is_gold: true,
          is_mod: true,
          is_employee: true,
          over_18: false,
          icon_img: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_snoo.png?width=256&amp;height=256&amp;crop=256:256,smart&amp;s=0123",
          snoovatar_img: "",
          subreddit: { display_name: "u_spez", title: "spez", icon_img: "", public_description: "" },
        }
      },
    },
  },
  expect: {
    providerAccountId: "1w72",
    user: { name: "spez", email: null, image: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_snoo.png?width=256&height=256&crop=256:256,smart&s=0123" },
  },
} satisfies StandIn

export default [
  base,
  {
    // https://github.com/reddit-archive/reddit/wiki/OAuth2 ("Refreshing the token"): `duration=permanent` in the
    // authorization request gives a refresh token; it is spent with a POST to the access token URL carrying
    // `grant_type=refresh_token&refresh_token=TOKEN`, the client again as HTTP Basic, and the answer is a new access
    // token without a new refresh token (the permanent one stays valid until revoked).
    ...base,
    name: "reddit (duration=permanent: a refresh token)",
    options: { authorization: { params: { duration: "permanent" } } },
    authorization: { ...base.authorization, params: { ...base.authorization.params, duration: "permanent" } },
    token: { ...base.token, response: { ...base.token.response, refresh_token: "reddit-refresh" } },
    refresh: {},
  },
] satisfies StandIn[]
