/**
 * NetSuite: https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_158081952044.html (step one,
 * `GET https://<accountID>.app.netsuite.com/app/login/oauth2/authorize.nl` with `scope`, `state` of 24–1024
 * characters, `prompt`) and section_158081944642 (step two, `POST
 * https://<accountID>.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token` with the client as a Basic
 * header), account ids in host names as `1234567-sb1`; the profile is a RESTlet returning
 * `runtime.getCurrentUser()` (`id`, `name`, `email`, `location`, `role`, `roleId`, `roleCenter`, `subsidiary`).
 */
import NetSuite from "@gatehousejs/core/providers/netsuite"
import type { StandIn } from "../spec.js"

const RESTLET = "https://1234567-sb1.restlets.api.netsuite.com/app/site/hosting/restlet.nl"

export default {
  name: "netsuite",
  provider: NetSuite,
  options: { accountID: "1234567_SB1", prompt: "login", userinfo: `${RESTLET}?script=123&deploy=1` },
  authorization: {
    url: "https://1234567-sb1.app.netsuite.com/app/login/oauth2/authorize.nl",
    params: { scope: "restlets rest_webservices", prompt: "login", response_type: "code", code_challenge: undefined },
  },
  token: {
    url: "https://1234567-sb1.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token",
    auth: "client_secret_basic",
    response: { refresh_token: "netsuite-refresh", expires_in: "3600" },
  },
  api: {
    [`GET ${RESTLET}`]: {
      body: (request: { query: Record<string, string> }) =>
        request.query.script === "123" && request.query.deploy === "1"
          ? { id: 3, name: "Larry Nelson", email: "larry@example.com", location: 1, role: 3, roleId: "administrator", roleCenter: "BASIC", subsidiary: 1, department: 0 }
          : { error: { code: "SSS_MISSING_REQD_ARGUMENT", message: "script and deploy are required" } },
    },
  },
  refresh: {},
  expect: { providerAccountId: "3", user: { name: "Larry Nelson", email: "larry@example.com", image: null } },
} satisfies StandIn
