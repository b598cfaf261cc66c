/**
 * Bitbucket Cloud: https://developer.atlassian.com/cloud/bitbucket/oauth-2/ (`https://bitbucket.org/site/oauth2/authorize`
 * with `client_id` and `response_type=code`; `POST https://bitbucket.org/site/oauth2/access_token` with the consumer
 * key and secret as HTTP Basic, answering `access_token`, `scopes`, `expires_in`, `refresh_token`, `token_type`),
 * https://developer.atlassian.com/cloud/bitbucket/rest/api-group-users/#api-user-get (`GET /2.0/user`: `account_id`,
 * `uuid`, `display_name`, `links.avatar.href`; never the e-mail) and
 * https://developer.atlassian.com/cloud/bitbucket/rest/api-group-users/#api-user-emails-get (`GET /2.0/user/emails`
 * with the `email` scope: a page of `{ email, is_primary, is_confirmed, type }`).
 */
import Bitbucket from "@gatehousejs/core/providers/bitbucket"
import type { StandIn } from "../spec.js"

const user = {
  account_id: "557058:0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d",
  uuid: "{d301aafa-d676-4ee0-88be-962be7417567}",
  username: "jdoe",
  nickname: "jdoe",
  display_name: "Jane Doe",
  type: "user",
  created_on: "2020-01-01T00:00:00.000000+00:00",
  account_status: "active",
  has_2fa_enabled: null,
  is_staff: false,
  location: null,
  links: {
    self: { href: "https://api.bitbucket.org/2.0/users/%7Bd301aafa-d676-4ee0-88be-962be7417567%7D" },
    avatar: { href: "https://secure.gravatar.com/avatar/0a1b2c3d?d=https%3A%2F%2Favatar-management--avatars.us-west-2.prod.public.atl-paas.net%2Finitials%2FJD-1.png" },
    html: { href: "https://bitbucket.org/%7Bd301aafa-d676-4ee0-88be-962be7417567%7D/" },
  },
}

function variant(name: string, scopes: string, email: string | undefined): StandIn {
  return {
    name,
    provider: Bitbucket,
    ...(scopes === "account" ? {} : { options: { authorization: { params: { scope: scopes } } } }),
    authorization: { url: "https://bitbucket.org/site/oauth2/authorize", params: { scope: scopes, response_type: "code" } },
    token: {
      url: "https://bitbucket.org/site/oauth2/access_token",
      auth: "client_secret_basic",
      response: { scopes, expires_in: 7200, refresh_token: "bitbucket-refresh", token_type: "bearer", state: "authorization_code" },
    },
    api: {
      "GET https://api.bitbucket.org/2.0/user": { body: user },
      ...(email
        ? {
            "GET https://api.bitbucket.org/2.0/user/emails": {
              body: {
                pagelen: 10,
                page: 1,
                size: 2,
                values: [
                  { email: "unconfirmed@example.com", is_primary: false, is_confirmed: false, type: "email", links: {} },
                  { email, is_primary: true, is_confirmed: true, type: "email", links: {} },
                ],
              },
            },
          }
        : {}),
    },
    refresh: {},
    expect: { providerAccountId: user.account_id, user: { name: "Jane Doe", image: user.links.avatar.href, email: email ?? null } },
  }
}

export default [
  variant("bitbucket (the default `account` scope: no e-mail)", "account", undefined),
  variant("bitbucket (with the `email` scope: the confirmed primary address)", "account email", "jane@example.com"),
] satisfies StandIn[]
