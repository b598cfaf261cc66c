/**
 * Zoho: https://www.zoho.com/accounts/protocol/oauth/web-apps/authorization.html (`{accounts-server}/oauth/v2/auth`
 * with `client_id`, `response_type=code`, `scope`, `redirect_uri`, `state`),
 * https://www.zoho.com/accounts/protocol/oauth/web-apps/access-token.html (`POST {accounts-server}/oauth/v2/token`
 * with `client_id`, `client_secret`, `grant_type`, `code`, `redirect_uri`, at the accounts server of the user's data
 * centre; the answer with `api_domain`, `token_type`, `expires_in`) and
 * https://www.zoho.com/accounts/protocol/oauth/sign-in-using-zoho.html (`GET /oauth/user/info` with scope
 * `AaaServer.profile.Read`: `First_Name`, `Email`, `Last_Name`, `Display_Name`, `ZUID`).
 */
import Zoho from "@gatehousejs/core/providers/zoho"
import type { StandIn } from "../spec.js"

const spec = (server: string, apiDomain: string): Omit<StandIn, "name" | "options"> => ({
  provider: Zoho,
  authorization: { url: `${server}/oauth/v2/auth`, params: { scope: "AaaServer.profile.Read", response_type: "code" } },
  token: { url: `${server}/oauth/v2/token`, auth: "client_secret_post", response: { api_domain: apiDomain, token_type: "Bearer", expires_in: 3600 } },
  api: {
    [`GET ${server}/oauth/user/info`]: {
      body: { First_Name: "Ada", Email: "ada@example.com", Last_Name: "Lovelace", Display_Name: "ada.lovelace", ZUID: 706012345 },
    },
  },
  expect: { providerAccountId: "706012345", user: { name: "ada.lovelace", email: "ada@example.com", image: null } },
})

export default [
  { name: "zoho", ...spec("https://accounts.zoho.com", "https://www.zohoapis.com") },
  (() => {
    // https://www.zoho.com/accounts/protocol/oauth/web-apps/access-token-expiry.html: `access_type=offline` in the
    // authorization request gives a refresh token; it is spent with a POST to the same centre's /oauth/v2/token with
    // `client_id`, `client_secret`, `grant_type=refresh_token` and `refresh_token` (the page lists them as query
    // parameters; the provider sends them as the form body, as it does for the code), and the answer is a new access
    // token with `api_domain`, `token_type` and `expires_in`, without a new refresh token.
    const base = spec("https://accounts.zoho.com", "https://www.zohoapis.com")
    return {
      ...base,
      name: "zoho (access_type=offline: a refresh token)",
      options: { authorization: { params: { access_type: "offline" } } },
      authorization: { ...base.authorization, params: { ...base.authorization.params, access_type: "offline" } },
      token: { ...base.token, response: { ...base.token.response, refresh_token: "1000.zoho-refresh" } },
      refresh: {},
    }
  })(),
  { name: "zoho (EU data centre)", options: { accountsServer: "https://accounts.zoho.eu/" }, ...spec("https://accounts.zoho.eu", "https://www.zohoapis.eu") },
] satisfies StandIn[]
