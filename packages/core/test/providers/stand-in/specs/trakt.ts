/**
 * Trakt: https://trakt.docs.apiary.io/#reference/authentication-oauth (`https://trakt.tv/oauth/authorize` with
 * `response_type=code`, `client_id`, `redirect_uri`, `state`; `POST https://api.trakt.tv/oauth/token` with `code`,
 * `client_id`, `client_secret`, `redirect_uri`, `grant_type` in the body; the answer with `refresh_token`, `scope`,
 * `created_at`), the required headers (`trakt-api-version: 2`, `trakt-api-key`) and
 * https://trakt.docs.apiary.io/#reference/users/settings/retrieve-settings (`user` with `ids.slug` and the permanent
 * `ids.uuid`, `images.avatar.full`, then `account`, `connections`, `sharing_text`, `limits`).
 */
import Trakt from "@gatehousejs/core/providers/trakt"
import { expect } from "vitest"
import { BASE, ORIGIN } from "../../../helpers/auth.js"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

// Trakt's refresh request carries the app's redirect URI, which only the app knows: it passes it as a refresh parameter.
const CALLBACK = `${ORIGIN}${BASE}/callback/trakt`

export default {
  name: "trakt",
  provider: Trakt,
  options: { refresh: { params: { redirect_uri: CALLBACK } } },
  authorization: { url: "https://trakt.tv/oauth/authorize", params: { scope: undefined, response_type: "code" } },
  token: {
    url: "https://api.trakt.tv/oauth/token",
    auth: "client_secret_post",
    response: { token_type: "bearer", expires_in: 604800, refresh_token: "trakt-refresh", scope: "public", created_at: 1714651200 },
  },
  api: {
    "GET https://api.trakt.tv/users/settings": {
      body: (request: RecordedRequest) => {
        expect(request.headers["trakt-api-version"]).toBe("2")
        expect(request.headers["trakt-api-key"]).toBe("stand-in-client-id")
        return {
          user: {
            username: "justin",
            private: false,
            name: "Justin Nemeth",
            vip: true,
            vip_ep: false,
            ids: { slug: "justin", uuid: "b6589fc6ab0dc82cf12099d1c2d40ab994e8410c" },
            joined_at: "2010-09-25T17:49:25.000Z",
            location: "San Diego, CA",
            about: "Co-founder of trakt.",
            gender: "male",
            age: 32,
            images: { avatar: { full: "https://walter.trakt.tv/images/users/000/000/001/avatars/large/fe4d3c7a86.jpg" } },
            vip_og: true,
            vip_years: 5,
          },
          account: { timezone: "America/Los_Angeles", date_format: "mdy", time_24hr: false, cover_image: null },
          connections: { facebook: false, twitter: false, mastodon: false, google: false, tumblr: false, medium: false, slack: false, apple: false, dropbox: false, microsoft: false },
          sharing_text: { watching: "I'm watching [item]", watched: "I just watched [item]", rated: "[item] [stars]" },
          limits: { list: { count: 1000, item_count: 5000 }, watchlist: { item_count: 5000 }, favorites: { item_count: 50 } },
        }
      },
    },
  },
  refresh: { params: { redirect_uri: CALLBACK } },
  expect: {
    providerAccountId: "b6589fc6ab0dc82cf12099d1c2d40ab994e8410c",
    user: { name: "Justin Nemeth", email: null, image: "https://walter.trakt.tv/images/users/000/000/001/avatars/large/fe4d3c7a86.jpg" },
  },
} satisfies StandIn
