/**
 * Osso: https://github.com/enterprise-oss/osso-rb (`lib/osso/routes/oauth.rb`: `GET /oauth/authorize` with the
 * user's `domain`, `POST /oauth/token` through rack-oauth2 (the client as Basic or form fields), `GET /oauth/me`
 * reading `params[:access_token]`; `lib/osso/models/user.rb`: the profile is `{ email, id, idp }`).
 */
import Osso from "@gatehousejs/core/providers/osso"
import type { StandIn } from "../spec.js"

const INSTANCE = "https://osso.example.com"

export default {
  name: "osso",
  provider: Osso,
  options: { issuer: `${INSTANCE}/` },
  authorization: { url: `${INSTANCE}/oauth/authorize`, params: { response_type: "code", code_challenge: undefined } },
  token: { url: `${INSTANCE}/oauth/token`, auth: "client_secret_basic", response: { token_type: "bearer", expires_in: 600 } },
  api: {
    [`GET ${INSTANCE}/oauth/me`]: {
      token: { query: "access_token" },
      body: { email: "dana@example.com", id: "b6f2a8c4-3d1e-4f5a-9b7c-1e2d3f4a5b6c", idp: "OKTA" },
    },
  },
  expect: { providerAccountId: "b6f2a8c4-3d1e-4f5a-9b7c-1e2d3f4a5b6c", user: { name: null, email: "dana@example.com" } },
} satisfies StandIn
