/**
 * osu!: https://osu.ppy.sh/docs/index.html#authorization-code-grant (`GET https://osu.ppy.sh/oauth/authorize` with
 * `scope`, `POST https://osu.ppy.sh/oauth/token` with `client_id`, `client_secret`, `code`, `grant_type`,
 * `redirect_uri` in the body; the answer `{ token_type: "Bearer", expires_in, access_token, refresh_token }`) and
 * https://osu.ppy.sh/docs/index.html#get-own-data (`GET /api/v2/me`, scope `identify`: the user with `id`,
 * `username`, `avatar_url`, `country`, `cover`, `join_date`, …).
 */
import Osu from "@gatehousejs/core/providers/osu"
import type { StandIn } from "../spec.js"

export default {
  name: "osu",
  provider: Osu,
  authorization: { url: "https://osu.ppy.sh/oauth/authorize", params: { scope: "identify", response_type: "code", code_challenge_method: "S256" } },
  token: { url: "https://osu.ppy.sh/oauth/token", auth: "client_secret_post", response: { expires_in: 86400, refresh_token: "osu-refresh" } },
  api: {
    "GET https://osu.ppy.sh/api/v2/me": {
      body: {
        avatar_url: "https://a.ppy.sh/2?1537409912.png",
        country_code: "AU",
        default_group: "default",
        id: 2,
        is_active: true,
        is_bot: false,
        is_deleted: false,
        is_online: false,
        is_supporter: true,
        last_visit: "2025-06-01T10:00:00+00:00",
        pm_friends_only: false,
        profile_colour: "#3366FF",
        username: "peppy",
        cover_url: "https://assets.ppy.sh/user-profile-covers/2/baba245ef60834b769694178f8f6d4f6166c5188c740de084656ad2b80f1eea7.jpeg",
        discord: null,
        has_supported: true,
        interests: null,
        join_date: "2007-08-28T03:09:12+00:00",
        kudosu: { available: 0, total: 0 },
        location: null,
        max_blocks: 50,
        max_friends: 500,
        occupation: null,
        playmode: "osu",
        playstyle: ["mouse", "keyboard"],
        post_count: 0,
        profile_order: ["me", "recent_activity", "top_ranks", "medals", "historical", "beatmaps", "kudosu"],
        title: null,
        title_url: null,
        twitter: null,
        website: null,
        country: { code: "AU", name: "Australia" },
        cover: { custom_url: null, url: "https://assets.ppy.sh/user-profile-covers/2/cover.jpeg", id: null },
        is_restricted: false,
      },
    },
  },
  refresh: {},
  expect: { providerAccountId: "2", user: { name: "peppy", email: null, image: "https://a.ppy.sh/2?1537409912.png" } },
} satisfies StandIn
