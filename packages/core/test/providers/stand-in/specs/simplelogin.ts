/**
 * SimpleLogin: https://simplelogin.io/docs/siwsl/intro/ and https://simplelogin.io/docs/siwsl/app/ (the app's client
 * id and secret, the data returned: `avatar_url`, `client`, `email`, `email_verified`, `id`, `name`), and the
 * discovery document SimpleLogin serves at https://app.simplelogin.io/.well-known/openid-configuration (issuer
 * `https://app.simplelogin.io`, `/oauth2/authorize`, `/oauth2/token` taking Basic or body credentials, `/oauth2/userinfo`,
 * RS256). The token answer carries the same user as `user`; the ID token has the standard claims plus that user.
 */
import SimpleLogin from "@gatehousejs/core/providers/simplelogin"
import type { StandIn } from "../spec.js"

const user = {
  id: 4242,
  email: "quiet-fox-1234@simplelogin.com",
  email_verified: true,
  name: "Ada L.",
  avatar_url: "https://app.simplelogin.io/static/avatars/4242.png",
  client: "Gatehouse stand-in",
}

export default {
  name: "simplelogin",
  provider: SimpleLogin,
  authorization: { url: "https://app.simplelogin.io/oauth2/authorize", params: { scope: "openid profile email", response_type: "code", nonce: undefined } },
  token: { url: "https://app.simplelogin.io/oauth2/token", auth: "client_secret_basic", response: { scope: "openid profile email", user } },
  oidc: {
    issuer: "https://app.simplelogin.io",
    userinfo: "https://app.simplelogin.io/oauth2/userinfo",
    claims: { sub: "4242", auth_time: Math.floor(Date.now() / 1000), ...user },
  },
  expect: {
    providerAccountId: "4242",
    user: { name: "Ada L.", email: "quiet-fox-1234@simplelogin.com", image: "https://app.simplelogin.io/static/avatars/4242.png" },
  },
} satisfies StandIn
