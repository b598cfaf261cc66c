/**
 * Pipedrive: https://developers.pipedrive.com/docs/api/v1/Oauth (`GET https://oauth.pipedrive.com/oauth/authorize`
 * with `client_id`, `redirect_uri`, `state`; `POST /oauth/token` with the client id and secret as Basic; the answer
 * with `refresh_token`, `scope`, `expires_in`, `api_domain`) and https://pipedrive.readme.io/docs/marketplace-getting-user-data
 * (`GET /v1/users/me`: `{ success, data: { id, name, email, icon_url, company_id, … } }`).
 */
import Pipedrive from "@gatehousejs/core/providers/pipedrive"
import type { StandIn } from "../spec.js"

export default {
  name: "pipedrive",
  provider: Pipedrive,
  authorization: { url: "https://oauth.pipedrive.com/oauth/authorize", params: { scope: undefined, response_type: "code" } },
  token: {
    url: "https://oauth.pipedrive.com/oauth/token",
    auth: "client_secret_basic",
    response: { refresh_token: "7261:12345:pipedrive-refresh", scope: "base,users:read", expires_in: 3599, api_domain: "https://lovelace-ltd.pipedrive.com" },
  },
  api: {
    "GET https://api.pipedrive.com/v1/users/me": {
      body: {
        success: true,
        data: {
          id: 777,
          name: "James Bond",
          default_currency: "USD",
          locale: "en_US",
          lang: 1,
          email: "james@example.com",
          phone: null,
          activated: true,
          last_login: "2024-05-02 08:43:13",
          created: "2023-11-08 12:00:22",
          modified: "2024-05-02 08:43:13",
          has_created_company: true,
          is_admin: 1,
          timezone_name: "Europe/Helsinki",
          timezone_offset: "+03:00",
          active_flag: true,
          role_id: 1,
          icon_url: "https://d3myhnqlqw2314.cloudfront.net/profile_120x120_622732_a30ce0fa4cb31e36aa1ee42f1bc271d9.jpg",
          is_you: true,
          company_id: 622732,
          company_name: "Lovelace Ltd",
          company_domain: "lovelace-ltd",
          company_country: "FI",
          language: { language_code: "en", country_code: "US" },
        },
      },
    },
  },
  refresh: {},
  expect: {
    providerAccountId: "777",
    user: { name: "James Bond", email: "james@example.com", image: "https://d3myhnqlqw2314.cloudfront.net/profile_120x120_622732_a30ce0fa4cb31e36aa1ee42f1bc271d9.jpg" },
  },
} satisfies StandIn
