/**
 * Atlassian: https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/ (the authorization URL with
 * `audience=api.atlassian.com`, `scope`, `state` and `response_type=code`; the code exchanged at
 * `https://auth.atlassian.com/oauth/token` for `access_token`, `expires_in` and `scope`) and
 * https://developer.atlassian.com/cloud/oauth/getting-started/faq (the User Identity API: `GET https://api.atlassian.com/me`
 * with the `read:me` scope, its example answer reused here).
 *
 * The documentation shows the token request as a JSON body carrying `client_id` and `client_secret`; the provider sends
 * the form encoding of RFC 6749 §4.1.3 with the credentials as HTTP Basic (§2.3.1), as Auth.js always has. That the
 * endpoint takes this form is not written on the page, nor is the `token_type: "Bearer"` the stand-in answers with (the
 * page's example lists only `access_token`, `expires_in` and `scope`; RFC 6749 §5.1 requires it).
 */
import Atlassian from "@gatehousejs/core/providers/atlassian"
import type { StandIn } from "../spec.js"

const base = {
  name: "atlassian",
  provider: Atlassian,
  authorization: {
    url: "https://auth.atlassian.com/authorize",
    params: { audience: "api.atlassian.com", scope: "read:me", response_type: "code" },
  },
  token: { url: "https://auth.atlassian.com/oauth/token", auth: "client_secret_basic", response: { expires_in: 3600, scope: "read:me" } },
  api: {
    "GET https://api.atlassian.com/me": {
      body: {
        account_type: "atlassian",
        account_id: "112233aa-bb11-cc22-33dd-445566abcabc",
        email: "mia@example.com",
        name: "Mia Krystof",
        picture: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/112233aa-bb11-cc22-33dd-445566abcabc/1234abcd-9876",
        account_status: "active",
        nickname: "mkrystof",
        zoneinfo: "Australia/Sydney",
        locale: "en-US",
        extended_profile: { job_title: "Designer", organization: "mia@example.com", department: "Design team", location: "Sydney" },
      },
    },
  },
  expect: {
    providerAccountId: "112233aa-bb11-cc22-33dd-445566abcabc",
    user: {
      name: "Mia Krystof",
      email: "mia@example.com",
      image: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/112233aa-bb11-cc22-33dd-445566abcabc/1234abcd-9876",
    },
  },
} satisfies StandIn

export default [
  base,
  {
    // https://developer.atlassian.com/cloud/oauth/getting-started/refresh-tokens: a refresh token only with
    // `offline_access` in the scope, spent at the token URL with `grant_type=refresh_token`; the tokens rotate, so every
    // answer carries a new refresh token and the spent one stops working.
    ...base,
    name: "atlassian (offline_access: a rotating refresh token)",
    options: { authorization: { params: { scope: "read:me offline_access" } } },
    authorization: { ...base.authorization, params: { ...base.authorization.params, scope: "read:me offline_access" } },
    token: { ...base.token, response: { ...base.token.response, scope: "read:me offline_access", refresh_token: "atlassian-refresh" } },
    refresh: { rotate: true },
  },
] satisfies StandIn[]
