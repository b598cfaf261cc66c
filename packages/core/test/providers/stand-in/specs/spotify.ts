/**
 * Spotify: https://developer.spotify.com/documentation/web-api/tutorials/code-pkce-flow and
 * https://developer.spotify.com/documentation/web-api/tutorials/code-flow (`https://accounts.spotify.com/authorize`
 * with `client_id`, `response_type=code`, `redirect_uri`, `state`, `scope`; `POST https://accounts.spotify.com/api/token`
 * with `Authorization: Basic <client_id:client_secret>`, answering `access_token`, `token_type: "Bearer"`, `scope`,
 * `expires_in: 3600`, `refresh_token`) and
 * https://developer.spotify.com/documentation/web-api/reference/get-current-users-profile (`GET /v1/me`; `email` with
 * `user-read-email`; `images` may be empty).
 */
import Spotify from "@gatehousejs/core/providers/spotify"
import type { StandIn } from "../spec.js"

export default {
  name: "spotify",
  provider: Spotify,
  authorization: { url: "https://accounts.spotify.com/authorize", params: { response_type: "code", scope: "user-read-email", code_challenge_method: "S256" } },
  token: { url: "https://accounts.spotify.com/api/token", auth: "client_secret_basic", response: { token_type: "Bearer", scope: "user-read-email", refresh_token: "spotify-refresh" } },
  api: {
    "GET https://api.spotify.com/v1/me": {
      body: {
        country: "SE",
        display_name: "Smedjan",
        email: "smedjan@example.com",
        explicit_content: { filter_enabled: false, filter_locked: false },
        external_urls: { spotify: "https://open.spotify.com/user/smedjan" },
        followers: { href: null, total: 12 },
        href: "https://api.spotify.com/v1/users/smedjan",
        id: "smedjan",
        images: [{ url: "https://i.scdn.co/image/ab6775700000ee8555c25988a6ac314394d3fbf5", height: 300, width: 300 }],
        product: "premium",
        type: "user",
        uri: "spotify:user:smedjan",
      },
    },
  },
  refresh: {},
  expect: { providerAccountId: "smedjan", user: { name: "Smedjan", email: "smedjan@example.com", image: "https://i.scdn.co/image/ab6775700000ee8555c25988a6ac314394d3fbf5" } },
} satisfies StandIn
