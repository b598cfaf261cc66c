/**
 * Coinbase: https://docs.cdp.coinbase.com/coinbase-app/oauth2-integration/integrations (authorize at
 * `https://login.coinbase.com/oauth2/auth` with `response_type=code`, `client_id`, `redirect_uri`, `state`, `scope`;
 * PKCE recommended; the code redeemed at `https://login.coinbase.com/oauth2/token` with `client_id` and
 * `client_secret` in the body; a refresh token only with `offline_access`) and the Coinbase App API's "Show current
 * user" (`GET https://api.coinbase.com/v2/user`: `{ data: { id, name, username, profile_location, profile_bio,
 * profile_url, avatar_url, resource, resource_path, email } }`, `email` with `wallet:user:email`).
 */
import Coinbase from "@gatehousejs/core/providers/coinbase"
import type { StandIn } from "../spec.js"

const base = {
  name: "coinbase",
  provider: Coinbase,
  authorization: {
    url: "https://login.coinbase.com/oauth2/auth",
    params: { scope: "wallet:user:read wallet:user:email", response_type: "code", code_challenge_method: "S256" },
  },
  token: { url: "https://login.coinbase.com/oauth2/token", auth: "client_secret_post", response: { token_type: "bearer", expires_in: 3599, scope: "wallet:user:read wallet:user:email" } },
  api: {
    "GET https://api.coinbase.com/v2/user": {
      body: {
        data: {
          id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8",
          name: "User One",
          username: "user1",
          profile_location: null,
          profile_bio: null,
          profile_url: "https://coinbase.com/user1",
          avatar_url: "https://images.coinbase.com/avatar?h=vR%2FY8igBoPwuwGren5JMwvDNGpURAY%2F0nRIOgH%2FY2Qh%2BQ6nomR3qusA%2Bh6o2%0Af9rH&s=128",
          resource: "user",
          resource_path: "/v2/user",
          email: "user1@example.com",
        },
      },
    },
  },
  expect: { providerAccountId: "9da7a204-544e-5fd1-9a12-61176c5d4cd8", user: { name: "User One", email: "user1@example.com" } },
} satisfies StandIn

const OFFLINE_SCOPE = "wallet:user:read wallet:user:email offline_access"

export default [
  base,
  {
    // https://docs.cdp.coinbase.com/coinbase-app/oauth2-integration/access-and-refresh-tokens: with `offline_access`
    // the answer has a refresh token, spent with a POST to /oauth2/token (`grant_type=refresh_token`, `client_id`,
    // `client_secret`, no `code` or `redirect_uri`); it can be exchanged only once, for a new access token and a new
    // refresh token.
    ...base,
    name: "coinbase (offline_access: a single-use refresh token)",
    options: { authorization: { params: { scope: OFFLINE_SCOPE } } },
    authorization: { ...base.authorization, params: { ...base.authorization.params, scope: OFFLINE_SCOPE } },
    token: { ...base.token, response: { ...base.token.response, scope: OFFLINE_SCOPE, refresh_token: "coinbase-refresh" } },
    refresh: { rotate: true },
  },
] satisfies StandIn[]
