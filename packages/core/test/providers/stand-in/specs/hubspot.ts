/**
 * HubSpot: https://developers.hubspot.com/docs/api-reference/auth-oauth-v3/guide (the install URL
 * `https://app.hubspot.com/oauth/authorize` with `client_id`, `redirect_uri`, `scope`; `POST /oauth/v3/token` and
 * `POST /oauth/v3/token/introspect` with every value, client secret included, in the form body; `code_verifier`
 * accepted) and the introspection answer's fields (`token_use`, `active`, `hub_id`, `user_id`, `user`, `hub_domain`,
 * `scopes`, `app_id`, `expires_in`).
 */
import { expect } from "vitest"
import HubSpot from "@gatehousejs/core/providers/hubspot"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

export default {
  name: "hubspot",
  provider: HubSpot,
  authorization: { url: "https://app.hubspot.com/oauth/authorize", params: { scope: "oauth", response_type: "code", code_challenge_method: "S256" } },
  token: {
    url: "https://api.hubapi.com/oauth/v3/token",
    auth: "client_secret_post",
    response: { token_type: "bearer", expires_in: 1800, refresh_token: "hubspot-refresh" },
  },
  api: {
    "POST https://api.hubapi.com/oauth/v3/token/introspect": {
      token: { form: "token" },
      body: (request: RecordedRequest) => {
        expect(request.body, "the introspection request's client credentials").toMatchObject({
          client_id: "stand-in-client-id",
          client_secret: "stand-in-client-secret",
          token_type_hint: "access_token",
        })
        return {
          token_use: "access_token",
          active: true,
          token: request.body.token,
          hub_id: 62515,
          user_id: 123456,
          client_id: "stand-in-client-id",
          app_id: 456789,
          scopes: ["oauth"],
          expires_in: 1799,
          is_private_distribution: false,
          token_type: "bearer",
          user: "demo@example.com",
          hub_domain: "demo.hubspot.com",
        }
      },
    },
  },
  refresh: {},
  expect: { providerAccountId: "123456", user: { name: "demo@example.com", email: "demo@example.com", image: null } },
} satisfies StandIn
