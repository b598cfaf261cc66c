/**
 * Google: https://developers.google.com/identity/openid-connect/openid-connect (discovery at
 * https://accounts.google.com/.well-known/openid-configuration; the ID token carries `email`, `email_verified`, `name`,
 * `picture`; the token endpoint takes client_secret_basic or client_secret_post).
 */
import Google from "@gatehousejs/core/providers/google"
import type { StandIn } from "../spec.js"

const base = {
  name: "google",
  provider: Google,
  authorization: { url: "https://accounts.google.com/o/oauth2/v2/auth", params: { scope: "openid profile email", response_type: "code" } },
  token: { url: "https://oauth2.googleapis.com/token", auth: "client_secret_basic" },
  oidc: {
    issuer: "https://accounts.google.com",
    userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
    claims: {
      sub: "110169484474386276334",
      email: "ada@gmail.com",
      email_verified: true,
      name: "Ada Lovelace",
      picture: "https://lh3.googleusercontent.com/a/photo",
      given_name: "Ada",
      family_name: "Lovelace",
      hd: undefined,
    },
  },
  expect: { providerAccountId: "110169484474386276334", user: { name: "Ada Lovelace", email: "ada@gmail.com", image: "https://lh3.googleusercontent.com/a/photo" } },
} satisfies StandIn

export default [
  base,
  {
    // https://developers.google.com/identity/protocols/oauth2/web-server#offline: a refresh token only with
    // `access_type=offline` (again only after `prompt=consent`), spent at the token endpoint with the client's
    // credentials; the answer has a new access token (and, with `openid`, a new ID token) but keeps the refresh token.
    ...base,
    name: "google (access_type=offline: a refresh token)",
    options: { authorization: { params: { access_type: "offline", prompt: "consent" } } },
    authorization: { ...base.authorization, params: { ...base.authorization.params, access_type: "offline", prompt: "consent" } },
    token: { ...base.token, response: { refresh_token: "1//0gGoogleRefreshToken-stand-in" } },
    refresh: {},
  },
] satisfies StandIn[]
