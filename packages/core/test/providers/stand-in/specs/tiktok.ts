/**
 * TikTok: https://developers.tiktok.com/doc/login-kit-web (`https://www.tiktok.com/v2/auth/authorize/` with
 * `client_key`, `scope`, `response_type=code`, `redirect_uri`, `state`),
 * https://developers.tiktok.com/doc/oauth-user-access-token-management (`POST https://open.tiktokapis.com/v2/oauth/token/`,
 * form-encoded `client_key`, `client_secret`, `code`, `grant_type`, `redirect_uri`; the answer with `open_id`,
 * `refresh_token`, `refresh_expires_in`, comma-separated `scope`) and
 * https://developers.tiktok.com/doc/tiktok-api-v2-get-user-info (`GET /v2/user/info/?fields=…` with a Bearer token,
 * answering `{ data: { user }, error: { code: "ok", message, log_id } }`).
 */
import TikTok from "@gatehousejs/core/providers/tiktok"
import { expect } from "vitest"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

export default {
  name: "tiktok",
  provider: TikTok,
  authorization: {
    url: "https://www.tiktok.com/v2/auth/authorize/",
    clientIdParam: "client_key",
    params: { scope: "user.info.basic", response_type: "code" },
  },
  token: {
    url: "https://open.tiktokapis.com/v2/oauth/token/",
    auth: (request) => {
      expect(request.headers.authorization, "no Basic header").toBeUndefined()
      expect(request.body.client_key, "client_key").toBe("stand-in-client-id")
      expect(request.body.client_secret, "client_secret").toBe("stand-in-client-secret")
    },
    response: {
      expires_in: 86400,
      open_id: "afd97af1-b87b-48b9-ac98-410aghda5344",
      refresh_expires_in: 31536000,
      refresh_token: "rft.example12345Example12345Example",
      scope: "user.info.basic",
      token_type: "Bearer",
    },
  },
  api: {
    "GET https://open.tiktokapis.com/v2/user/info/": {
      body: (request: RecordedRequest) => {
        expect(request.query.fields).toBe("open_id,union_id,avatar_url,display_name")
        return {
          data: {
            user: {
              avatar_url: "https://p19-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/b17f0e4b3a4f4a50993cf72cda8b88b8~c5_168x168.jpeg",
              open_id: "afd97af1-b87b-48b9-ac98-410aghda5344",
              union_id: "c9c60f44-a68e-4f5d-84dd-ce22faeb0ba1",
              display_name: "Tik Toker",
            },
          },
          error: { code: "ok", message: "", log_id: "20220829194722CBE87ED59D524E727021" },
        }
      },
    },
  },
  refresh: { params: { client_key: "stand-in-client-id" } },
  expect: {
    providerAccountId: "afd97af1-b87b-48b9-ac98-410aghda5344",
    user: { name: "Tik Toker", email: null, image: "https://p19-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/b17f0e4b3a4f4a50993cf72cda8b88b8~c5_168x168.jpeg" },
  },
} satisfies StandIn
