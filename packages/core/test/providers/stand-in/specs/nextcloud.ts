/**
 * Nextcloud: https://docs.nextcloud.com/server/latest/admin_manual/configuration_server/oauth2.html (`/apps/oauth2/authorize`,
 * `POST /apps/oauth2/api/v1/token` with `client_id` and `client_secret` in the form; the answer carries `user_id`)
 * and https://docs.nextcloud.com/server/latest/developer_manual/client_apis/OCS/ocs-api-overview.html (OCS requests
 * need `OCS-APIRequest: true`; `GET /ocs/v2.php/cloud/user?format=json` answers `{ ocs: { meta, data } }` with the
 * user's `id`, `displayname`, `email`, `groups`, `language`, …). Two variants: pretty URLs, and a server under a
 * path without them (`…/index.php/apps/oauth2/…`).
 */
import { expect } from "vitest"
import Nextcloud from "@gatehousejs/core/providers/nextcloud"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

const user = {
  enabled: true,
  storageLocation: "/var/www/html/data/frank",
  id: "frank",
  lastLogin: 1_760_000_000_000,
  backend: "Database",
  subadmin: [],
  quota: { free: 1_000_000, used: 2_000, total: 1_002_000, relative: 0.2, quota: -3 },
  email: "frank@example.com",
  additional_mail: [],
  displayname: "Frank Ocean",
  phone: "",
  address: "",
  website: "",
  twitter: "",
  fediverse: "",
  organisation: "",
  role: "",
  headline: "",
  biography: "",
  profile_enabled: "1",
  groups: ["admin"],
  language: "en",
  locale: "en_US",
  backendCapabilities: { setDisplayName: true, setPassword: true },
}

const ocsUser = (request: RecordedRequest) => {
  expect(request.headers["ocs-apirequest"], "the OCS-APIRequest header").toBe("true")
  expect(request.query.format, "format=json").toBe("json")
  return { ocs: { meta: { status: "ok", statuscode: 200, message: "OK" }, data: user } }
}

function variant(name: string, issuer: string, oauth: string, root: string): StandIn {
  return {
    name,
    provider: Nextcloud,
    options: { issuer },
    authorization: { url: `${oauth}/apps/oauth2/authorize`, params: { response_type: "code", code_challenge_method: "S256" } },
    token: { url: `${oauth}/apps/oauth2/api/v1/token`, auth: "client_secret_post", response: { refresh_token: "nextcloud-refresh", user_id: "frank" } },
    api: { [`GET ${root}/ocs/v2.php/cloud/user`]: { body: ocsUser } },
    refresh: { rotate: true },
    expect: { providerAccountId: "frank", user: { name: "Frank Ocean", email: "frank@example.com", image: `${root}/avatar/frank/512` } },
  }
}

export default [
  variant("nextcloud", "https://cloud.example.com/", "https://cloud.example.com", "https://cloud.example.com"),
  variant("nextcloud (under a path, without pretty URLs)", "https://example.com/nextcloud/index.php", "https://example.com/nextcloud/index.php", "https://example.com/nextcloud"),
] satisfies StandIn[]
