/**
 * Zoom: https://developers.zoom.us/docs/integrations/oauth/ (`https://zoom.us/oauth/authorize` with
 * `response_type=code`, `client_id`, `redirect_uri`, `code_challenge`, no `scope` (the app's configured scopes apply);
 * `POST https://zoom.us/oauth/token` with `Authorization: Basic <client_id:client_secret>`, `grant_type`, `code`,
 * `redirect_uri`, `code_verifier`; the answer `access_token`, `token_type: "bearer"`, `refresh_token`, `expires_in`,
 * `scope`, `api_url`) and https://developers.zoom.us/docs/api/users/#tag/users/GET/users/{userId} (`GET
 * https://api.zoom.us/v2/users/me`, its example user reused here).
 */
import Zoom from "@gatehousejs/core/providers/zoom"
import type { StandIn } from "../spec.js"

export default {
  name: "zoom",
  provider: Zoom,
  authorization: { url: "https://zoom.us/oauth/authorize", params: { response_type: "code", scope: undefined, code_challenge_method: "S256" } },
  token: {
    url: "https://zoom.us/oauth/token",
    auth: "client_secret_basic",
    response: { token_type: "bearer", expires_in: 3599, refresh_token: "eyJzdiI6IjAwMDAwMSIsImFsZyI6IkhTNTEyIn0.zoom-refresh", scope: "user:read:user", api_url: "https://api.zoom.us" },
  },
  api: {
    "GET https://api.zoom.us/v2/users/me": {
      body: {
        id: "KDcuGIm1QgePTO8WbOqwIQ",
        first_name: "Jill",
        last_name: "Chill",
        display_name: "Jill Chill",
        email: "jchill@example.com",
        type: 1,
        role_name: "Owner",
        pmi: 3542471135,
        use_pmi: false,
        personal_meeting_url: "https://example.zoom.us/j/3542471135",
        timezone: "Asia/Shanghai",
        verified: 1,
        dept: "",
        created_at: "2019-06-01T07:58:03Z",
        last_login_time: "2019-06-01T07:58:03Z",
        last_client_version: "5.9.6.4993(mac)",
        pic_url: "https://example.com/photo.jpg",
        language: "en-US",
        phone_number: "+1 800000000",
        status: "active",
        role_id: "0",
        account_id: "q6gBJVO5TzexKYTb_I2rpg",
        account_number: 10009239,
        cluster: "us05",
        user_created_at: "2019-06-01T07:58:03Z",
      },
    },
  },
  refresh: {},
  expect: { providerAccountId: "KDcuGIm1QgePTO8WbOqwIQ", user: { name: "Jill Chill", email: "jchill@example.com", image: "https://example.com/photo.jpg" } },
} satisfies StandIn
