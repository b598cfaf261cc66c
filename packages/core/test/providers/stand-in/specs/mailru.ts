/**
 * Mail.ru: https://oauth.mail.ru/docs (`https://oauth.mail.ru/login` with `client_id`, `response_type=code`,
 * `scope=userinfo`, `redirect_uri`, `state`; `POST https://oauth.mail.ru/token` with the client credentials, `code`,
 * `redirect_uri`, answering `access_token`, `refresh_token`, `expires_in`; `GET https://oauth.mail.ru/userinfo` with
 * the token as the `access_token` query parameter: `id`, `name`, `first_name`, `last_name`, `nickname`, `email`,
 * `image`, `gender`, `locale`, `birthday`). The sample user is tests/providers/mailru-flow.test.ts's.
 */
import Mailru from "@gatehousejs/core/providers/mailru"
import type { StandIn } from "../spec.js"

export default {
  name: "mailru",
  provider: Mailru,
  authorization: { url: "https://oauth.mail.ru/login", params: { response_type: "code", scope: "userinfo", code_challenge_method: "S256" } },
  token: { url: "https://oauth.mail.ru/token", auth: "client_secret_basic", response: { token_type: "bearer", refresh_token: "mailru-refresh" } },
  api: {
    "GET https://oauth.mail.ru/userinfo": {
      token: { query: "access_token" },
      body: {
        id: "1234567890123456789",
        client_id: "stand-in-client-id",
        gender: "m",
        name: "Ivan Petrov",
        nickname: "ivan.petrov",
        locale: "ru_RU",
        first_name: "Ivan",
        last_name: "Petrov",
        email: "Ivan.Petrov@mail.example",
        birthday: "12.03.1987",
        image: "https://filin.mail.ru/pic?d=placeholder&width=180&height=180",
      },
    },
  },
  // E-mail addresses are stored lower-cased.
  refresh: {},
  expect: {
    providerAccountId: "1234567890123456789",
    user: { name: "Ivan Petrov", email: "ivan.petrov@mail.example", image: "https://filin.mail.ru/pic?d=placeholder&width=180&height=180" },
  },
} satisfies StandIn
