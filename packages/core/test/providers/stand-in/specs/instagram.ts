/**
 * Instagram: https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/business-login
 * (the authorization window `https://www.instagram.com/oauth/authorize` with `client_id`, `redirect_uri`,
 * `response_type=code`, comma-separated `scope` such as `instagram_business_basic`; the code exchanged at
 * `POST https://api.instagram.com/oauth/access_token` with `client_id`, `client_secret`, `grant_type`, `redirect_uri`,
 * `code`, answering `{ "data": [{ "access_token", "user_id", "permissions" }] }` without `token_type`) and the
 * `GET https://graph.instagram.com/me` fields (`id`, `user_id`, `username`, `name`, `account_type`,
 * `profile_picture_url`). A second variant answers the same fields unwrapped, as the token endpoint is also reported
 * to do.
 */
import { expect } from "vitest"
import Instagram from "@gatehousejs/core/providers/instagram"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

const base = {
  provider: Instagram,
  authorization: {
    url: "https://www.instagram.com/oauth/authorize",
    params: { scope: "instagram_business_basic", response_type: "code", code_challenge: undefined },
  },
  api: {
    "GET https://graph.instagram.com/me": {
      body: (request: RecordedRequest) => {
        expect(request.query.fields, "the /me fields").toBe("id,user_id,username,name,account_type,profile_picture_url")
        return {
          id: "7590194761093526",
          user_id: "17841405793187218",
          username: "jayposiris",
          name: "Jay Posiris",
          account_type: "MEDIA_CREATOR",
          profile_picture_url: "https://scontent.cdninstagram.com/v/t51.2885-19/jayposiris.jpg",
        }
      },
    },
  },
  expect: {
    providerAccountId: "7590194761093526",
    user: { name: "Jay Posiris", email: null, image: "https://scontent.cdninstagram.com/v/t51.2885-19/jayposiris.jpg" },
  },
} as const

const TOKEN = "https://api.instagram.com/oauth/access_token"
const grant = (accessToken: string) => ({ access_token: accessToken, user_id: "17841405793187218", permissions: "instagram_business_basic" })

export default [
  { ...base, name: "instagram", token: { url: TOKEN, auth: "client_secret_post", body: (accessToken: string) => ({ data: [grant(accessToken)] }) } },
  { ...base, name: "instagram (token answer not wrapped in data)", token: { url: TOKEN, auth: "client_secret_post", body: grant } },
] satisfies StandIn[]
