/**
 * Twitch: https://dev.twitch.tv/docs/authentication/getting-tokens-oidc/ (OIDC authorization code flow:
 * `https://id.twitch.tv/oauth2/authorize` with `response_type=code`, `scope=openid user:read:email`, `claims` asking for
 * `email`, `picture`, `preferred_username` in the ID token, `nonce`, `state`; `POST https://id.twitch.tv/oauth2/token`
 * with `client_id` and `client_secret` as form fields, answering `scope` as a JSON ARRAY (`["openid",
 * "user:read:email"]`), which RFC 6749 §5.1 makes a string) and the discovery document at
 * https://id.twitch.tv/oauth2/.well-known/openid-configuration (`client_secret_post` only).
 */
import Twitch from "@gatehousejs/core/providers/twitch"
import type { StandIn } from "../spec.js"

export default {
  name: "twitch",
  provider: Twitch,
  authorization: {
    url: "https://id.twitch.tv/oauth2/authorize",
    params: {
      response_type: "code",
      scope: "openid user:read:email",
      claims: JSON.stringify({ id_token: { email: null, picture: null, preferred_username: null } }),
    },
  },
  token: {
    url: "https://id.twitch.tv/oauth2/token",
    auth: "client_secret_post",
    response: { token_type: "bearer", expires_in: 14124, refresh_token: "eyJfMzUtNDU0OC04MWYwLTQ5MDY5ODY4NGNlMSJ9%asdfasdf=", scope: ["openid", "user:read:email"] },
  },
  oidc: {
    issuer: "https://id.twitch.tv/oauth2",
    userinfo: "https://id.twitch.tv/oauth2/userinfo",
    discovery: { token_endpoint_auth_methods_supported: ["client_secret_post"], claims_parameter_supported: true },
    claims: {
      sub: "713936733",
      azp: "stand-in-client-id",
      email: "streamer@example.com",
      email_verified: true,
      picture: "https://static-cdn.jtvnw.net/jtv_user_pictures/8a6381c7-d0c0-4576-b179-38bd5ce1d6af-profile_image-300x300.png",
      preferred_username: "Streamer",
      updated_at: "2022-03-16T19:52:41Z",
    },
  },
  refresh: {},
  expect: {
    providerAccountId: "713936733",
    user: {
      name: "Streamer",
      email: "streamer@example.com",
      image: "https://static-cdn.jtvnw.net/jtv_user_pictures/8a6381c7-d0c0-4576-b179-38bd5ce1d6af-profile_image-300x300.png",
    },
  },
} satisfies StandIn
