/**
 * ClickUp: https://developer.clickup.com/docs/authentication (the app's authorization URL
 * `https://app.clickup.com/api?client_id=…&redirect_uri=…`; the token in the `Authorization` header as is; OAuth
 * tokens do not expire), https://developer.clickup.com/reference/getaccesstoken (`POST /api/v2/oauth/token` with
 * `client_id`, `client_secret` and `code` as query parameters; the answer `{ "access_token": … }`) and
 * https://developer.clickup.com/reference/getauthorizeduser (`GET /api/v2/user`: `{ user: { id, username, email,
 * color, profilePicture, initials, week_start_day, global_font_support, timezone } }`).
 */
import { expect } from "vitest"
import ClickUp from "@gatehousejs/core/providers/click-up"
import type { StandIn } from "../spec.js"

export default {
  name: "click-up",
  provider: ClickUp,
  authorization: { url: "https://app.clickup.com/api", params: { scope: undefined, code_challenge: undefined } },
  token: {
    url: "https://api.clickup.com/api/v2/oauth/token",
    auth: (request) => {
      expect(request.query.client_id, "client_id in the query").toBe("stand-in-client-id")
      expect(request.query.client_secret, "client_secret in the query").toBe("stand-in-client-secret")
      expect(request.headers.authorization, "no Authorization header").toBeUndefined()
    },
    grant: { paramsIn: "query", grantType: null, redirectUri: false },
    body: (accessToken) => ({ access_token: accessToken }),
  },
  api: {
    "GET https://api.clickup.com/api/v2/user": {
      token: { header: "authorization" },
      body: {
        user: {
          id: 183,
          username: "John Doe",
          email: "johndoe@example.com",
          color: "#827718",
          profilePicture: "https://attachments-public.clickup.com/profilePictures/183_abc.jpg",
          initials: "JD",
          week_start_day: 1,
          global_font_support: false,
          timezone: "America/New_York",
        },
      },
    },
  },
  expect: { providerAccountId: "183", user: { name: "John Doe", email: "johndoe@example.com", image: "https://attachments-public.clickup.com/profilePictures/183_abc.jpg" } },
} satisfies StandIn
