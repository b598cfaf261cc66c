/**
 * Dribbble: https://developer.dribbble.com/v2/oauth/ (authorize at `https://dribbble.com/oauth/authorize` with
 * `client_id`, `redirect_uri`, `scope`, `state`; `POST https://dribbble.com/oauth/token` with `client_id`,
 * `client_secret`, `code`, `redirect_uri`; the answer `access_token`, `token_type`, `scope`, `created_at`) and
 * https://developer.dribbble.com/v2/user/ (`GET /v2/user`: `id`, `name`, `login`, `html_url`, `avatar_url`, `bio`,
 * `location`, `links`, `can_upload_shot`, `pro`, `followers_count`, `created_at`, `type`, `teams`; no e-mail).
 */
import Dribbble from "@gatehousejs/core/providers/dribbble"
import type { StandIn } from "../spec.js"

const user = {
  id: 1,
  name: "Dan Cederholm",
  login: "simplebits",
  html_url: "https://dribbble.com/simplebits",
  avatar_url: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg?1371679243",
  bio: 'Co-founder &amp; designer of <a href="https://dribbble.com/dribbble">@Dribbble</a>.',
  location: "Salem, MA",
  links: { web: "http://simplebits.com", twitter: "https://twitter.com/simplebits" },
  can_upload_shot: true,
  pro: true,
  followers_count: 2559,
  created_at: "2009-07-08T02:51:22Z",
  type: "User",
  teams: [],
}

const base = {
  provider: Dribbble,
  token: { url: "https://dribbble.com/oauth/token", auth: "client_secret_post", response: { token_type: "bearer", scope: "public", created_at: 1_711_000_000 } },
  api: { "GET https://api.dribbble.com/v2/user": { body: user } },
  expect: { providerAccountId: "1", user: { name: "Dan Cederholm", email: null, image: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg?1371679243" } },
} as const

export default [
  {
    ...base,
    name: "dribbble",
    authorization: { url: "https://dribbble.com/oauth/authorize", params: { scope: undefined, response_type: "code", code_challenge_method: "S256" } },
  },
  {
    ...base,
    name: "dribbble (the scope option)",
    options: { scope: "public upload" },
    authorization: { url: "https://dribbble.com/oauth/authorize", params: { scope: "public upload" } },
  },
] satisfies StandIn[]
