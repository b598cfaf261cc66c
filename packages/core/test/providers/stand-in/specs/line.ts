/**
 * LINE: https://developers.line.biz/en/docs/line-login/integrate-line-login/ (`https://access.line.me/oauth2/v2.1/authorize`
 * with `response_type=code`, `client_id`, `redirect_uri`, a required `state` and `scope=openid profile email`),
 * https://developers.line.biz/en/reference/line-login/#issue-access-token (`POST https://api.line.me/oauth2/v2.1/token`
 * answering `access_token`, `expires_in`, `id_token`, `refresh_token`, `scope`, `token_type: "Bearer"`),
 * https://developers.line.biz/en/docs/line-login/verify-id-token/ (a web login's ID token is signed HS256 with the
 * channel secret; its payload `iss`, `sub`, `aud`, `amr`, `name`, `picture`, `email`, reused here) and the discovery
 * document at https://access.line.me/.well-known/openid-configuration.
 *
 * The reference lists `client_id` and `client_secret` as form fields; the provider sends them as HTTP Basic, which the
 * discovery document's silence on `token_endpoint_auth_methods_supported` implies (OpenID Connect Discovery §3: the
 * default is `client_secret_basic`), as Auth.js does.
 */
import LINE from "@gatehousejs/core/providers/line"
import type { StandIn } from "../spec.js"

export default {
  name: "line",
  provider: LINE,
  authorization: { url: "https://access.line.me/oauth2/v2.1/authorize", params: { response_type: "code", scope: "openid profile email" } },
  token: {
    url: "https://api.line.me/oauth2/v2.1/token",
    auth: "client_secret_basic",
    response: { token_type: "Bearer", expires_in: 2_592_000, refresh_token: "Aa1FdeggRhTnPNNpxr8p", scope: "profile openid email" },
  },
  oidc: {
    issuer: "https://access.line.me",
    alg: "HS256",
    discovery: {
      revocation_endpoint: "https://api.line.me/oauth2/v2.1/revoke",
      subject_types_supported: ["pairwise"],
      id_token_signing_alg_values_supported: ["ES256"],
      code_challenge_methods_supported: ["S256"],
      scopes_supported: ["openid", "profile", "email"],
    },
    claims: {
      sub: "U1234567890abcdef1234567890abcdef",
      amr: ["pwd"],
      name: "Taro Line",
      picture: "https://sample_line.me/aBcdefg123456",
      email: "taro.line@example.com",
    },
  },
  refresh: {},
  expect: {
    providerAccountId: "U1234567890abcdef1234567890abcdef",
    user: { name: "Taro Line", email: "taro.line@example.com", image: "https://sample_line.me/aBcdefg123456" },
  },
} satisfies StandIn
