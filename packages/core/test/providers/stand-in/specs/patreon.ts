/**
 * Patreon: https://docs.patreon.com/#oauth (`https://www.patreon.com/oauth2/authorize` with `response_type=code`,
 * `client_id`, `redirect_uri`, `scope`, `state`; `POST https://www.patreon.com/api/oauth2/token` with `code`,
 * `grant_type`, `client_id`, `client_secret`, `redirect_uri`, answering `access_token`, `refresh_token`, `expires_in`,
 * `scope`, `token_type: "Bearer"`), https://docs.patreon.com/#scopes (`identity`, `identity[email]`) and
 * https://docs.patreon.com/#get-api-oauth2-v2-identity (a JSON:API document; the `fields[user]` parameter picks the
 * attributes: `full_name`, `email`, `image_url`, …).
 *
 * The guide lists the credentials as form fields; the provider sends them as HTTP Basic, as Auth.js does.
 */
import Patreon from "@gatehousejs/core/providers/patreon"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

export default {
  name: "patreon",
  provider: Patreon,
  authorization: { url: "https://www.patreon.com/oauth2/authorize", params: { response_type: "code", scope: "identity identity[email]", code_challenge_method: "S256" } },
  token: {
    url: "https://www.patreon.com/api/oauth2/token",
    auth: "client_secret_basic",
    response: { token_type: "Bearer", expires_in: 2_678_400, scope: "identity identity[email]", refresh_token: "patreon-refresh", version: "0.0.1" },
  },
  api: {
    "GET https://www.patreon.com/api/oauth2/v2/identity": {
      body: (request: RecordedRequest) => {
        // Only the attributes named in `fields[user]` are returned.
        const fields = new Set((request.query["fields[user]"] ?? "").split(","))
        const attributes = {
          full_name: "Jane Creator",
          first_name: "Jane",
          last_name: "Creator",
          email: "jane@example.com",
          is_email_verified: true,
          image_url: "https://c8.patreon.com/3/200/12345678",
          thumb_url: "https://c8.patreon.com/3/200/12345678?t=thumb",
          url: "https://www.patreon.com/janecreator",
          vanity: "janecreator",
          created: "2020-01-01T00:00:00.000+00:00",
        }
        return {
          data: { id: "12345678", type: "user", attributes: Object.fromEntries(Object.entries(attributes).filter(([key]) => fields.has(key))) },
          links: { self: "https://www.patreon.com/api/oauth2/v2/user/12345678" },
        }
      },
    },
  },
  refresh: {},
  expect: { providerAccountId: "12345678", user: { name: "Jane Creator", email: "jane@example.com", image: "https://c8.patreon.com/3/200/12345678" } },
} satisfies StandIn
