/**
 * Slack: https://api.slack.com/authentication/sign-in-with-slack (`https://slack.com/openid/connect/authorize` with
 * `response_type=code`, `scope=openid profile email`, `client_id`, `redirect_uri`, `state`, `nonce`;
 * `POST https://slack.com/api/openid.connect.token` answering `{ ok: true, access_token, token_type: "Bearer",
 * id_token }`; the ID token's claims, Slack's namespaced ones included, its example reused here) and the discovery
 * document at https://slack.com/.well-known/openid-configuration (`client_secret_post` and `client_secret_basic`).
 */
import Slack from "@gatehousejs/core/providers/slack"
import type { StandIn } from "../spec.js"

const base = {
  name: "slack",
  provider: Slack,
  authorization: { url: "https://slack.com/openid/connect/authorize", params: { response_type: "code", scope: "openid profile email" } },
  token: { url: "https://slack.com/api/openid.connect.token", auth: "client_secret_basic", response: { ok: true, token_type: "Bearer", expires_in: undefined } },
  oidc: {
    issuer: "https://slack.com",
    userinfo: "https://slack.com/api/openid.connect.userInfo",
    discovery: { token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"], claims_parameter_supported: false },
    claims: {
      sub: "U0R7MFMJM",
      auth_time: 1_760_000_000,
      at_hash: "abc...123",
      "https://slack.com/user_id": "U0R7MFMJM",
      "https://slack.com/team_id": "T0R7GR",
      email: "krane@slack-corp.com",
      email_verified: true,
      date_email_verified: 1_622_128_723,
      locale: "en-US",
      name: "krane",
      given_name: "",
      family_name: "",
      picture: "https://secure.gravatar.com/avatar/bc3b5f2ad2b2b3c1c3b6bd1f6ad7b7e3.jpg?s=512&d=https%3A%2F%2Fa.slack-edge.com%2Fdf10d%2Fimg%2Favatars%2Fava_0010-512.png",
      "https://slack.com/team_name": "kraneflannel",
      "https://slack.com/team_domain": "kraneflannel",
    },
  },
  expect: {
    providerAccountId: "U0R7MFMJM",
    user: {
      name: "krane",
      email: "krane@slack-corp.com",
      image: "https://secure.gravatar.com/avatar/bc3b5f2ad2b2b3c1c3b6bd1f6ad7b7e3.jpg?s=512&d=https%3A%2F%2Fa.slack-edge.com%2Fdf10d%2Fimg%2Favatars%2Fava_0010-512.png",
    },
  },
} satisfies StandIn

export default [
  base,
  {
    // https://docs.slack.dev/authentication/using-token-rotation: with token rotation turned on for the app, access
    // tokens expire after 12 hours (`expires_in: 43200`) and come with an `xoxe-` refresh token; each refresh answers a
    // new access token and a new refresh token, and the spent one is revoked. openid.connect.token takes
    // `grant_type=refresh_token` and `refresh_token` (https://docs.slack.dev/reference/methods/openid.connect.token),
    // so Sign in with Slack refreshes at the same endpoint as the code exchange. Slack documents no ID token in a
    // refresh answer: the stand-in sends none.
    ...base,
    name: "slack (token rotation on: a rotating refresh token)",
    token: {
      ...base.token,
      response: { ok: true, token_type: "Bearer", expires_in: 43_200, refresh_token: "xoxe-1-slack-refresh-stand-in" },
    },
    refresh: { rotate: true, idToken: false },
  },
] satisfies StandIn[]
