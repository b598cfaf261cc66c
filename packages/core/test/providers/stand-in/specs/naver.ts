/**
 * Naver: https://developers.naver.com/docs/login/api/api.md (`https://nid.naver.com/oauth2.0/authorize` with
 * `response_type=code`, `client_id`, `redirect_uri` and a required `state`, no scope (the app's permissions apply);
 * `https://nid.naver.com/oauth2.0/token` with `grant_type`, `client_id`, `client_secret`, `code`, answering
 * `access_token`, `refresh_token`, `token_type: "bearer"` and `expires_in` as a STRING, `"3600"`) and
 * https://developers.naver.com/docs/login/profile/profile.md (`GET https://openapi.naver.com/v1/nid/me` with the
 * bearer token: `{ resultcode: "00", message: "success", response: { id, nickname, name, email, profile_image, … } }`,
 * its example reused here).
 *
 * The guide lists the credentials as request parameters; the provider POSTs them as HTTP Basic, as Auth.js does.
 */
import Naver from "@gatehousejs/core/providers/naver"
import type { StandIn } from "../spec.js"

export default {
  name: "naver",
  provider: Naver,
  authorization: { url: "https://nid.naver.com/oauth2.0/authorize", params: { response_type: "code", scope: undefined } },
  token: {
    url: "https://nid.naver.com/oauth2.0/token",
    auth: "client_secret_basic",
    response: { token_type: "bearer", expires_in: "3600", refresh_token: "c8ceMEJisO4Se7uGisHpX7jNqRk0sbisD34ZC7bDeUmS5Er51wBNfxQU6A6xLs9" },
  },
  api: {
    "GET https://openapi.naver.com/v1/nid/me": {
      body: {
        resultcode: "00",
        message: "success",
        response: {
          email: "openapi@naver.com",
          nickname: "OpenAPI",
          profile_image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif",
          age: "40-49",
          gender: "F",
          id: "32742776",
          name: "오픈 API",
          birthday: "10-01",
        },
      },
    },
  },
  refresh: {},
  expect: {
    providerAccountId: "32742776",
    user: { name: "OpenAPI", email: "openapi@naver.com", image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif" },
  },
} satisfies StandIn
