/**
 * GitLab: https://docs.gitlab.com/api/oauth2/ (the authorization code flow with PKCE: `/oauth/authorize` with
 * `scope`, `state`, `code_challenge`; `POST /oauth/token` with the client credentials, `code`, `redirect_uri`,
 * `code_verifier`, answering `access_token`, `token_type`, `expires_in: 7200`, `refresh_token`, `scope`, `created_at`;
 * the client authentication methods in https://gitlab.com/.well-known/openid-configuration are
 * `client_secret_basic` and `client_secret_post`) and https://docs.gitlab.com/api/users/#retrieve-the-current-user
 * (`GET /api/v4/user`, the `email` field with `read_user`). Self-managed instances serve the same paths under their
 * own URL, sub-path included.
 */
import GitLab from "@gatehousejs/core/providers/gitlab"
import type { StandIn } from "../spec.js"

const user = {
  id: 1234567,
  username: "jdoe",
  name: "Jane Doe",
  state: "active",
  locked: false,
  avatar_url: "https://gitlab.com/uploads/-/system/user/avatar/1234567/avatar.png",
  web_url: "https://gitlab.com/jdoe",
  created_at: "2020-01-01T00:00:00.000Z",
  bio: "",
  public_email: "",
  bot: false,
  last_sign_in_at: "2025-01-01T00:00:00.000Z",
  confirmed_at: "2020-01-01T00:00:00.000Z",
  email: "jane@example.com",
  two_factor_enabled: true,
  external: false,
  private_profile: false,
  commit_email: "jane@example.com",
}

function variant(name: string, base: string, options?: Record<string, unknown>): StandIn {
  return {
    name,
    provider: GitLab,
    ...(options ? { options } : {}),
    authorization: { url: `${base}/oauth/authorize`, params: { scope: "read_user", response_type: "code", code_challenge_method: "S256" } },
    token: {
      url: `${base}/oauth/token`,
      auth: "client_secret_basic",
      response: { token_type: "Bearer", expires_in: 7200, refresh_token: "8257e65c97202ed1726cf9571600918f3bffb2544b26e00a61df9897668c33a1", scope: "read_user", created_at: 1_760_000_000 },
    },
    api: { [`GET ${base}/api/v4/user`]: { body: user } },
    refresh: {},
    expect: { providerAccountId: "1234567", user: { name: "Jane Doe", email: "jane@example.com", image: user.avatar_url } },
  }
}

export default [
  variant("gitlab", "https://gitlab.com"),
  variant("gitlab (a self-managed instance under a sub-path)", "https://git.example.com/gitlab", { baseUrl: "https://git.example.com/gitlab" }),
] satisfies StandIn[]
