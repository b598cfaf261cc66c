/**
 * LinkedIn: https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2
 * (OpenID Connect with `scope=openid profile email`; the discovery document at
 * https://www.linkedin.com/oauth/.well-known/openid-configuration, issuer `https://www.linkedin.com/oauth`; the ID
 * token's claims `sub`, `name`, `given_name`, `family_name`, `picture`, `locale`, `email`, `email_verified`) and
 * https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow (`POST
 * https://www.linkedin.com/oauth/v2/accessToken` with `client_id` and `client_secret` as form fields only; the
 * answer `access_token`, `expires_in`, `scope`, `token_type`, `id_token`).
 */
import LinkedIn from "@gatehousejs/core/providers/linkedin"
import type { StandIn } from "../spec.js"

const base = {
  name: "linkedin",
  provider: LinkedIn,
  authorization: { url: "https://www.linkedin.com/oauth/v2/authorization", params: { response_type: "code", scope: "openid profile email" } },
  token: { url: "https://www.linkedin.com/oauth/v2/accessToken", auth: "client_secret_post", response: { expires_in: 5_183_999, scope: "email,openid,profile" } },
  oidc: {
    issuer: "https://www.linkedin.com/oauth",
    userinfo: "https://api.linkedin.com/v2/userinfo",
    discovery: {
      token_endpoint_auth_methods_supported: ["client_secret_post"],
      subject_types_supported: ["pairwise"],
    },
    claims: {
      sub: "782bbtaQ",
      name: "John Doe",
      given_name: "John",
      family_name: "Doe",
      picture: "https://media.licdn-ei.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/",
      locale: "en-US",
      email: "doe@email.com",
      email_verified: true,
    },
  },
  expect: {
    providerAccountId: "782bbtaQ",
    user: { name: "John Doe", email: "doe@email.com", image: "https://media.licdn-ei.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/" },
  },
} satisfies StandIn

export default [
  base,
  {
    // https://learn.microsoft.com/en-us/linkedin/shared/authentication/programmatic-refresh-tokens: apps approved for
    // programmatic refresh tokens get `refresh_token` and `refresh_token_expires_in` with the code exchange; the refresh
    // token is spent at the same accessToken URL (`grant_type=refresh_token`, the client as form fields) and keeps its
    // one-year lifetime: the answer has a new access token, the same refresh token with its remaining lifetime, and no
    // ID token.
    ...base,
    name: "linkedin (an app approved for programmatic refresh tokens)",
    token: { ...base.token, response: { ...base.token.response, refresh_token: "AQWlinkedin-refresh", refresh_token_expires_in: 31_535_999 } },
    refresh: { response: { refresh_token_expires_in: 31_535_000 }, idToken: false },
  },
] satisfies StandIn[]
