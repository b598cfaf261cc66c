/**
 * GitHub: https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps (the authorize URL
 * with `scope`, `state` and `code_challenge`; `POST https://github.com/login/oauth/access_token` with `client_id`,
 * `client_secret`, `code`, `redirect_uri`, `code_verifier`, answering `{ access_token, scope, token_type: "bearer" }`
 * in JSON when asked with `Accept: application/json`; OAuth app tokens do not expire),
 * https://docs.github.com/en/rest/users/users#get-the-authenticated-user (`GET /user`; `email` is the public address
 * or `null`) and https://docs.github.com/en/rest/users/emails#list-email-addresses-for-the-authenticated-user
 * (`GET /user/emails` with `user:email`: `[{ email, primary, verified, visibility }]`).
 *
 * The page lists the credentials as parameters; the endpoint also takes them as HTTP Basic, which the provider sends
 * (as Auth.js does, and as tests/providers/github-fake.ts accepts).
 */
import GitHub from "@gatehousejs/core/providers/github"
import { OCTOCAT } from "../../github-fake.js"
import type { StandIn } from "../spec.js"

// The same `GET /user` sample the GitHub fake serves (github-fake.ts).
const user = OCTOCAT

const base = {
  provider: GitHub,
  authorization: {
    url: "https://github.com/login/oauth/authorize",
    params: { scope: "read:user user:email", response_type: "code", code_challenge_method: "S256" },
  },
  token: {
    url: "https://github.com/login/oauth/access_token",
    auth: "client_secret_basic",
    response: { token_type: "bearer", scope: "read:user,user:email", expires_in: undefined },
  },
  expect: {
    providerAccountId: "583231",
    user: { name: "The Octocat", email: "octocat@github.com", image: "https://avatars.githubusercontent.com/u/583231?v=4" },
  },
} as const

export default [
  {
    ...base,
    name: "github (a public e-mail address)",
    api: { "GET https://api.github.com/user": { body: { ...user, email: "octocat@github.com" } } },
  },
  {
    ...base,
    name: "github (a private address: the primary one of /user/emails)",
    api: {
      "GET https://api.github.com/user": { body: { ...user, email: null } },
      "GET https://api.github.com/user/emails": {
        body: [
          { email: "old-octocat@example.com", verified: true, primary: false, visibility: null },
          { email: "octocat@github.com", verified: true, primary: true, visibility: "private" },
        ],
      },
    },
  },
  {
    // https://docs.github.com/en/apps/creating-github-apps/authenticating-with-a-github-app/refreshing-user-access-tokens:
    // a GitHub App with expiring user tokens gets an 8-hour token and a refresh token, spent at the same endpoint with
    // `grant_type=refresh_token`; the answer carries a new refresh token.
    ...base,
    name: "github (a GitHub App with expiring user tokens)",
    token: { ...base.token, response: { token_type: "bearer", scope: "", expires_in: 28800, refresh_token: "ghr_1B4a2e77838347a7E420ce178F2E7c6912E169246c34E1ccbF66C46812d16D5B1A9Dc86A1498", refresh_token_expires_in: 15811200 } },
    api: { "GET https://api.github.com/user": { body: { ...user, email: "octocat@github.com" } } },
    refresh: { rotate: true },
  },
] satisfies StandIn[]
