/**
 * Yandex ID: https://yandex.com/dev/id/doc/en/codes/code-url (`https://oauth.yandex.ru/authorize` with
 * `response_type=code`, `client_id`, `redirect_uri`, `scope`, `state`, `code_challenge`; `POST https://oauth.yandex.ru/token`
 * with `grant_type`, `code`, `code_verifier` and the client id and secret in the body or as HTTP Basic; the answer
 * `token_type: "bearer"`, `access_token`, `expires_in`, `refresh_token`) and
 * https://yandex.com/dev/id/doc/en/user-information (`GET https://login.yandex.ru/info?format=json` with
 * `Authorization: OAuth <token>`; the fields per right: `login:info`, `login:email`, `login:avatar`). The sample user
 * is tests/providers/yandex-flow.test.ts's.
 */
import Yandex from "@gatehousejs/core/providers/yandex"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

export default {
  name: "yandex",
  provider: Yandex,
  authorization: {
    url: "https://oauth.yandex.ru/authorize",
    params: { response_type: "code", scope: "login:info login:email login:avatar", code_challenge_method: "S256" },
  },
  token: { url: "https://oauth.yandex.ru/token", auth: "client_secret_basic", response: { token_type: "bearer", expires_in: 31_536_000, refresh_token: "1:yandex-refresh" } },
  api: {
    "GET https://login.yandex.ru/info": {
      token: { header: "authorization", scheme: "OAuth" },
      body: (request: RecordedRequest) => {
        // Without `format=json` the answer is XML.
        if (request.query.format !== "json") return { error: "format=json is missing" }
        return {
          id: "1000034426",
          login: "ivan.petrov",
          client_id: "stand-in-client-id",
          psuid: "1.AAceCw.tbHgw5DtJ9_zeqPrk-Ba2w.qPWSRC5v2t2IaksPJgnge",
          display_name: "Ivan",
          real_name: "Ivan Petrov",
          first_name: "Ivan",
          last_name: "Petrov",
          sex: "male",
          default_email: "Ivan.Petrov@example.test",
          emails: ["Ivan.Petrov@example.test", "ivan.work@example.test"],
          default_avatar_id: "131652443",
          is_avatar_empty: false,
        }
      },
    },
  },
  refresh: {},
  expect: { providerAccountId: "1000034426", user: { name: "Ivan", email: "ivan.petrov@example.test", image: "https://avatars.yandex.net/get-yapic/131652443/islands-200" } },
} satisfies StandIn
