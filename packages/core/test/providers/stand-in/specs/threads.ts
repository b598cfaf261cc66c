/**
 * Threads: https://developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions (the
 * Authorization Window `https://threads.com/oauth/authorize` with `client_id`, `redirect_uri`, `scope`,
 * `response_type=code`, `state`; `POST https://graph.threads.net/oauth/access_token` with `client_id`,
 * `client_secret`, `code`, `grant_type`, `redirect_uri`, answering `{ access_token, user_id }` with no `token_type`)
 * and https://developers.facebook.com/docs/threads/threads-profiles (`GET /v1.0/me?fields=…`: `id`, `username`,
 * `name`, `threads_profile_picture_url`, not wrapped).
 */
import Threads from "@gatehousejs/core/providers/threads"
import { expect } from "vitest"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

export default {
  name: "threads",
  provider: Threads,
  authorization: { url: "https://threads.com/oauth/authorize", params: { scope: "threads_basic", response_type: "code", code_challenge: undefined } },
  token: {
    url: "https://graph.threads.net/oauth/access_token",
    auth: "client_secret_post",
    response: { token_type: undefined, expires_in: undefined, user_id: 1784140000000001 },
  },
  api: {
    "GET https://graph.threads.net/v1.0/me": {
      body: (request: RecordedRequest) => {
        expect(request.query.fields).toBe("id,username,name,threads_profile_picture_url")
        return {
          id: "1234567",
          username: "threadsapitestuser",
          name: "Threads API Test User",
          threads_profile_picture_url: "https://scontent-sjc3-1.cdninstagram.com/link/to/profile/picture/on/threads/",
        }
      },
    },
  },
  expect: {
    providerAccountId: "1234567",
    user: { name: "Threads API Test User", email: null, image: "https://scontent-sjc3-1.cdninstagram.com/link/to/profile/picture/on/threads/" },
  },
} satisfies StandIn
