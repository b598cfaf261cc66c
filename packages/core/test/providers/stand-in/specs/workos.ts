/**
 * WorkOS: https://workos.com/docs/reference/sso/get-authorization-url (`GET https://api.workos.com/sso/authorize` with
 * `client_id`, `redirect_uri`, `response_type=code`, one of `connection`, `organization`, `provider`; PKCE),
 * https://workos.com/docs/reference/sso/profile/get-profile-and-token (`POST /sso/token` with `client_id`,
 * `client_secret`, `code`, `grant_type`, answering `{ token_type: "Bearer", access_token, expires_in, profile }`) and
 * https://workos.com/docs/reference/sso/profile/get-user-profile (`GET /sso/profile` with the Bearer token).
 */
import WorkOS from "@gatehousejs/core/providers/workos"
import type { StandIn } from "../spec.js"

const profile = {
  object: "profile",
  id: "prof_01DMC79VCBZ0NY2099737PSVF1",
  connection_id: "conn_01E4ZCR3C56J083X43JQXF3JK5",
  connection_type: "OktaSAML",
  organization_id: "org_01EHWNCE74X7JSDV0X3SZ3KJNY",
  email: "todd@example.com",
  first_name: "Todd",
  last_name: "Rundgren",
  idp_id: "00u1a0ufowBJlzPlk357",
  role: { slug: "admin" },
  custom_attributes: { department: "Engineering", job_title: "Software Engineer" },
  raw_attributes: {},
}

export default [
  {
    name: "workos (a connection)",
    provider: WorkOS,
    options: { connection: "conn_01E4ZCR3C56J083X43JQXF3JK5" },
    authorization: { url: "https://api.workos.com/sso/authorize", params: { connection: "conn_01E4ZCR3C56J083X43JQXF3JK5", response_type: "code", code_challenge_method: "S256" } },
    token: { url: "https://api.workos.com/sso/token", auth: "client_secret_post", response: { token_type: "Bearer", expires_in: 600, profile } },
    api: { "GET https://api.workos.com/sso/profile": { body: profile } },
    expect: { providerAccountId: "prof_01DMC79VCBZ0NY2099737PSVF1", user: { name: "Todd Rundgren", email: "todd@example.com", image: null } },
  },
  {
    name: "workos (an organization, a profile without names)",
    provider: WorkOS,
    options: { authorization: { params: { organization: "org_01EHWNCE74X7JSDV0X3SZ3KJNY" } } },
    authorization: { url: "https://api.workos.com/sso/authorize", params: { organization: "org_01EHWNCE74X7JSDV0X3SZ3KJNY", connection: undefined } },
    token: { url: "https://api.workos.com/sso/token", auth: "client_secret_post", response: { token_type: "Bearer", expires_in: 600 } },
    api: {
      "GET https://api.workos.com/sso/profile": {
        body: { ...profile, first_name: null, last_name: null, raw_attributes: undefined, connection_type: "GoogleOAuth" },
      },
    },
    expect: { providerAccountId: "prof_01DMC79VCBZ0NY2099737PSVF1", user: { name: null, email: "todd@example.com", image: null } },
  },
] satisfies StandIn[]
