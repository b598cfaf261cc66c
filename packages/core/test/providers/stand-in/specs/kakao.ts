/**
 * Kakao: https://developers.kakao.com/docs/latest/en/kakaologin/rest-api (`GET https://kauth.kakao.com/oauth/authorize`
 * with `client_id`, `redirect_uri`, `response_type=code`, consent items from the app's settings rather than a
 * `scope`; `POST https://kauth.kakao.com/oauth/token` with `grant_type`, `client_id`, `redirect_uri`, `code` and the
 * `client_secret` as form fields, answering `token_type`, `access_token`, `expires_in`, `refresh_token`,
 * `refresh_token_expires_in`, `scope`; `GET https://kapi.kakao.com/v2/user/me` with the bearer token: the numeric
 * `id` and `kakao_account.profile` / `kakao_account.email` per consent, its example user reused here).
 */
import Kakao from "@gatehousejs/core/providers/kakao"
import type { StandIn } from "../spec.js"

const user = {
  id: 123456789,
  connected_at: "2022-04-11T01:45:28Z",
  kakao_account: {
    profile_nickname_needs_agreement: false,
    profile_image_needs_agreement: false,
    profile: {
      nickname: "홍길동",
      thumbnail_image_url: "http://yyy.kakao.com/.../img_110x110.jpg",
      profile_image_url: "http://yyy.kakao.com/dn/.../img_640x640.jpg",
      is_default_image: false,
      is_default_nickname: false,
    },
    email_needs_agreement: false,
    is_email_valid: true,
    is_email_verified: true,
    email: "sample@sample.com",
  },
  properties: { nickname: "홍길동", profile_image: "http://yyy.kakao.com/dn/.../img_640x640.jpg", thumbnail_image: "http://yyy.kakao.com/.../img_110x110.jpg" },
}

const base = {
  provider: Kakao,
  authorization: { url: "https://kauth.kakao.com/oauth/authorize", params: { response_type: "code", scope: undefined, code_challenge_method: "S256" } },
  token: {
    url: "https://kauth.kakao.com/oauth/token",
    auth: "client_secret_post",
    response: { token_type: "bearer", expires_in: 21599, refresh_token: "kakao-refresh", refresh_token_expires_in: 5_183_999, scope: "account_email profile_image profile_nickname" },
  },
} as const

export default [
  {
    ...base,
    name: "kakao",
    api: { "GET https://kapi.kakao.com/v2/user/me": { body: user } },
    refresh: {},
    expect: { providerAccountId: "123456789", user: { name: "홍길동", email: "sample@sample.com", image: "http://yyy.kakao.com/dn/.../img_640x640.jpg" } },
  },
  {
    ...base,
    name: "kakao (no consent to profile or e-mail)",
    api: { "GET https://kapi.kakao.com/v2/user/me": { body: { id: 123456789, connected_at: "2022-04-11T01:45:28Z", kakao_account: { profile_needs_agreement: true, email_needs_agreement: true } } } },
    expect: { providerAccountId: "123456789", user: { name: null, email: null, image: null } },
  },
] satisfies StandIn[]
