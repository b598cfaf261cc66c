/**
 * Mastodon: https://docs.joinmastodon.org/methods/oauth/ (`GET /oauth/authorize` with `scope`, PKCE from 4.3;
 * `POST /oauth/token` with the client credentials), https://docs.joinmastodon.org/methods/accounts/#verify_credentials
 * and https://docs.joinmastodon.org/entities/Account/ (`id` a string, `username`, `acct`, `display_name`, `avatar`,
 * `avatar_static`, …), whose example account is reused.
 */
import Mastodon from "@gatehousejs/core/providers/mastodon"
import type { StandIn } from "../spec.js"

const INSTANCE = "https://mastodon.social"

export default {
  name: "mastodon",
  provider: Mastodon,
  options: { issuer: `${INSTANCE}/` },
  authorization: { url: `${INSTANCE}/oauth/authorize`, params: { scope: "read", response_type: "code", code_challenge_method: "S256" } },
  token: { url: `${INSTANCE}/oauth/token`, auth: "client_secret_basic", response: { scope: "read", created_at: 1_760_000_000 } },
  api: {
    [`GET ${INSTANCE}/api/v1/accounts/verify_credentials`]: {
      body: {
        id: "14715",
        username: "trwnh",
        acct: "trwnh",
        display_name: "infinite love ⴳ",
        locked: false,
        bot: false,
        discoverable: true,
        group: false,
        created_at: "2016-11-24T00:00:00.000Z",
        note: "<p>i have approximate knowledge of many things.</p>",
        url: "https://mastodon.social/@trwnh",
        avatar: "https://files.mastodon.social/accounts/avatars/000/014/715/original/34aa222f4ae2e0a9.png",
        avatar_static: "https://files.mastodon.social/accounts/avatars/000/014/715/original/34aa222f4ae2e0a9.png",
        header: "https://files.mastodon.social/accounts/headers/000/014/715/original/5c6fc24edb3bb873.jpg",
        header_static: "https://files.mastodon.social/accounts/headers/000/014/715/original/5c6fc24edb3bb873.jpg",
        followers_count: 821,
        following_count: 178,
        statuses_count: 33120,
        last_status_at: "2019-11-24T15:49:42.251Z",
        source: { privacy: "public", sensitive: false, language: "", note: "i have approximate knowledge of many things.", fields: [], follow_requests_count: 0 },
        emojis: [],
        fields: [],
      },
    },
  },
  expect: {
    providerAccountId: "14715",
    user: { name: "infinite love ⴳ", email: null, image: "https://files.mastodon.social/accounts/avatars/000/014/715/original/34aa222f4ae2e0a9.png" },
  },
} satisfies StandIn
