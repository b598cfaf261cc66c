/**
 * Webex: https://developer.webex.com/docs/integrations (`https://webexapis.com/v1/authorize` with `client_id`,
 * `response_type=code`, `redirect_uri`, `scope`, `state`, PKCE; `POST https://webexapis.com/v1/access_token` with
 * `grant_type`, `client_id`, `client_secret`, `code`, `redirect_uri` in the body; the answer with `expires_in`,
 * `refresh_token`, `refresh_token_expires_in`) and https://developer.webex.com/docs/api/v1/people/get-my-own-details
 * (`id`, `emails`, `displayName`, `nickName`, `firstName`, `lastName`, `avatar`, `orgId`, …).
 */
import Webex from "@gatehousejs/core/providers/webex"
import type { StandIn } from "../spec.js"

export default {
  name: "webex",
  provider: Webex,
  authorization: { url: "https://webexapis.com/v1/authorize", params: { scope: "spark:kms spark:people_read", response_type: "code", code_challenge_method: "S256" } },
  token: {
    url: "https://webexapis.com/v1/access_token",
    auth: "client_secret_post",
    response: { expires_in: 1209599, refresh_token: "webex-refresh", refresh_token_expires_in: 7722014 },
  },
  api: {
    "GET https://webexapis.com/v1/people/me": {
      body: {
        id: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9mNWIzNjE4Ny1jOGRkLTQ3MjctOGIyZi1mOWM0NDdmMjkwNDY",
        emails: ["john.andersen@example.com"],
        phoneNumbers: [{ type: "work", value: "+1 408 526 7209", primary: true }],
        displayName: "John Andersen",
        nickName: "John",
        firstName: "John",
        lastName: "Andersen",
        avatar: "https://1efa7a94ed216783e352-c62266528714497a17239ececf39e9e2.ssl.cf1.rackcdn.com/V1~54c844c89e678e5a7b16a306bc2897b9~wx29yGtlTpilEFlYzqPKag==~1600",
        orgId: "Y2lzY29zcGFyazovL3VzL09SR0FOSVpBVElPTi85NmFiYzJhYS0zZGNjLTExZTUtYTE1Mi1mZTM0ODE5Y2RjOWE",
        created: "2015-10-18T14:26:16.000Z",
        lastModified: "2015-10-18T14:26:16.000Z",
        status: "active",
        type: "person",
      },
    },
  },
  refresh: {},
  expect: {
    providerAccountId: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9mNWIzNjE4Ny1jOGRkLTQ3MjctOGIyZi1mOWM0NDdmMjkwNDY",
    user: {
      name: "John Andersen",
      email: "john.andersen@example.com",
      image: "https://1efa7a94ed216783e352-c62266528714497a17239ececf39e9e2.ssl.cf1.rackcdn.com/V1~54c844c89e678e5a7b16a306bc2897b9~wx29yGtlTpilEFlYzqPKag==~1600",
    },
  },
} satisfies StandIn
