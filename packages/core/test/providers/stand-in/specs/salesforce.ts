/**
 * Salesforce: https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_web_server_flow.htm (the web server
 * flow: `/services/oauth2/authorize` with `response_type=code`, `client_id`, `redirect_uri`, `code_challenge`, `state`,
 * `nonce`; `/services/oauth2/token`, answering `access_token`, `signature`, `scope`, `id_token`, `instance_url`, `id`,
 * `token_type`, `issued_at` and no `expires_in`), the discovery document at
 * https://login.salesforce.com/.well-known/openid-configuration (`client_secret_basic` among the token endpoint's
 * methods) and https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_userinfo_endpoint.htm (the
 * userinfo answer, the profile the provider reads: `sub` is the identity URL, `user_id`, `organization_id`, `name`,
 * `email`, `picture`, `photos`, …).
 */
import Salesforce from "@gatehousejs/core/providers/salesforce"
import type { StandIn } from "../spec.js"

const LOGIN = "https://login.salesforce.com"
const SUB = `${LOGIN}/id/00Dxx0000001gPLEAY/005xx000001SwiUAAS`

const base = {
  name: "salesforce",
  provider: Salesforce,
  authorization: { url: `${LOGIN}/services/oauth2/authorize`, params: { response_type: "code", scope: "openid profile email", code_challenge_method: "S256" } },
  token: {
    url: `${LOGIN}/services/oauth2/token`,
    auth: "client_secret_basic",
    response: {
      token_type: "Bearer",
      expires_in: undefined,
      signature: "d/SxeYBxH0GSVko0HMgcUxuZy0PA2cDDz1u7g7JtDHw=",
      scope: "openid profile email",
      instance_url: "https://yourInstance.salesforce.com",
      id: SUB,
      issued_at: "1760000000000",
    },
  },
  oidc: {
    issuer: LOGIN,
    userinfo: `${LOGIN}/services/oauth2/userinfo`,
    discovery: { token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic", "private_key_jwt"] },
    claims: { sub: SUB, at_hash: "rM5u9Lz0FMDX3wIC1XBjZg", auth_time: 1_760_000_000 },
  },
  api: {
    [`GET ${LOGIN}/services/oauth2/userinfo`]: {
      body: {
        sub: SUB,
        user_id: "005xx000001SwiUAAS",
        organization_id: "00Dxx0000001gPLEAY",
        preferred_username: "admin@example.com",
        nickname: "admin",
        name: "Admin User",
        email: "admin@example.com",
        email_verified: true,
        given_name: "Admin",
        family_name: "User",
        zoneinfo: "America/Los_Angeles",
        photos: { picture: "https://yourInstance.file.force.com/profilephoto/005/F", thumbnail: "https://yourInstance.file.force.com/profilephoto/005/T" },
        profile: "https://yourInstance.salesforce.com/005xx000001SwiUAAS",
        picture: "https://yourInstance.file.force.com/profilephoto/005/F",
        active: true,
        user_type: "STANDARD",
        language: "en_US",
        locale: "en_US",
        utcOffset: -28_800_000,
        updated_at: "2025-01-01T00:00:00Z",
      },
    },
  },
  expect: { providerAccountId: SUB, user: { name: "Admin User", email: "admin@example.com", image: "https://yourInstance.file.force.com/profilephoto/005/F" } },
} satisfies StandIn

const OFFLINE_SCOPE = "openid profile email refresh_token"

/**
 * https://help.salesforce.com/apex/HTViewHelpDoc?id=remoteaccess_oauth_refresh_token_flow.htm and the REST API guide's
 * "How Does the OAuth Refresh Token Fit Into the Authentication Flow?": the `refresh_token` scope (with the connected app
 * allowing it) gives a refresh token, spent at /services/oauth2/token with `grant_type=refresh_token` and the client as
 * form fields or HTTP Basic. The answer has the code exchange's fields (`access_token`, `signature`, `scope`,
 * `instance_url`, `id`, `token_type`, `issued_at`) and no `expires_in` (the session timeout decides); the stand-in
 * sends no ID token (optional in a refresh, OIDC Core §12.2). No new refresh token unless the connected app turns on
 * refresh token rotation, which then issues one with each access token and invalidates the spent one.
 */
const offline = {
  ...base,
  options: { authorization: { params: { scope: OFFLINE_SCOPE } } },
  authorization: { ...base.authorization, params: { ...base.authorization.params, scope: OFFLINE_SCOPE } },
  token: { ...base.token, response: { ...base.token.response, scope: OFFLINE_SCOPE, refresh_token: "5Aep861TSESvWeug_salesforce-refresh" } },
}

export default [
  base,
  { ...offline, name: "salesforce (refresh_token scope: the refresh token kept)", refresh: { response: { issued_at: "1760003600000" }, idToken: false } },
  { ...offline, name: "salesforce (refresh token rotation on the connected app: rotated)", refresh: { rotate: true, response: { issued_at: "1760003600000" }, idToken: false } },
] satisfies StandIn[]
