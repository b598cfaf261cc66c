/**
 * Dropbox: https://www.dropbox.com/developers/documentation/http/documentation#oauth2-authorize (`/oauth2/authorize`
 * with `scope`, `token_access_type=offline`, `state`, `code_challenge`), #oauth2-token (`POST
 * https://api.dropboxapi.com/oauth2/token`, the app key and secret as HTTP Basic or form fields; the answer adds
 * `account_id`, `uid` and, offline, `refresh_token`) and #users-get_current_account (an RPC: `POST` with the bearer
 * token and no body; its example account reused here).
 */
import Dropbox from "@gatehousejs/core/providers/dropbox"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

const ACCOUNT_ID = "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc"

export default {
  name: "dropbox",
  provider: Dropbox,
  authorization: {
    url: "https://www.dropbox.com/oauth2/authorize",
    params: { scope: "account_info.read", token_access_type: "offline", response_type: "code", code_challenge_method: "S256" },
  },
  token: {
    url: "https://api.dropboxapi.com/oauth2/token",
    auth: "client_secret_basic",
    response: { token_type: "bearer", expires_in: 14400, scope: "account_info.read", account_id: ACCOUNT_ID, uid: "12345", refresh_token: "dropbox-refresh" },
  },
  api: {
    "POST https://api.dropboxapi.com/2/users/get_current_account": {
      body: (request: RecordedRequest) => {
        // An RPC without arguments: no body, and so no Content-Type (Dropbox refuses one without a body).
        if (request.text !== "" || request.headers["content-type"]) return { error_summary: "Error in call to API function: request body must be empty" }
        return {
          account_id: ACCOUNT_ID,
          name: { given_name: "Franz", surname: "Ferdinand", familiar_name: "Franz", display_name: "Franz Ferdinand (Personal)", abbreviated_name: "FF" },
          email: "franz@dropbox.com",
          email_verified: true,
          disabled: false,
          country: "US",
          locale: "en",
          referral_link: "https://db.tt/ZITNuhtI",
          is_paired: false,
          account_type: { ".tag": "basic" },
          root_info: { ".tag": "user", root_namespace_id: "3235641", home_namespace_id: "3235641" },
          profile_photo_url: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?vers=1556069330102&size=128x128",
        }
      },
    },
  },
  refresh: {},
  expect: {
    providerAccountId: ACCOUNT_ID,
    user: {
      name: "Franz Ferdinand (Personal)",
      email: "franz@dropbox.com",
      image: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?vers=1556069330102&size=128x128",
    },
  },
} satisfies StandIn
