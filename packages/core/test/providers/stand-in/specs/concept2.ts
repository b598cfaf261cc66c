/**
 * Concept2 Logbook: https://log.concept2.com/developers/documentation/ (authorize at `/oauth/authorize` with
 * `client_id`, `scope` (comma-separated: `user:read`, `user:write`, `results:read`, `results:write`),
 * `response_type=code`, `redirect_uri`; the code redeemed at `/oauth/access_token`; the version header
 * `Accept: application/vnd.c2logbook.v1+json`; every answer wrapped in `data`; `GET /api/users/me`: `id`, `username`,
 * `first_name`, `last_name`, `gender`, `dob`, `email`, `country`, `profile_image`, `age_restricted`,
 * `email_permission`, `max_heart_rate`, `weight`, `logbook_privacy`).
 */
import Concept2 from "@gatehousejs/core/providers/concept2"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

const me = {
  data: {
    id: 1,
    username: "david.hart",
    first_name: "David",
    last_name: "Hart",
    gender: "M",
    dob: "1980-06-12",
    email: "david@example.com",
    country: "USA",
    profile_image: "https://log.concept2.com/profile/1/image.jpg",
    age_restricted: false,
    email_permission: true,
    max_heart_rate: 185,
    weight: 8165,
    logbook_privacy: "partners",
  },
}

export default {
  name: "concept2",
  provider: Concept2,
  authorization: { url: "https://log.concept2.com/oauth/authorize", params: { scope: "user:read", response_type: "code", code_challenge_method: "S256" } },
  token: { url: "https://log.concept2.com/oauth/access_token", auth: "client_secret_basic", response: { token_type: "Bearer", expires_in: 604_800, refresh_token: "concept2-refresh" } },
  api: {
    "GET https://log.concept2.com/api/users/me": {
      body: (request: RecordedRequest) =>
        request.headers.accept === "application/vnd.c2logbook.v1+json" ? me : { status_code: 406, message: "version header missing" },
    },
  },
  refresh: {},
  expect: { providerAccountId: "1", user: { name: "david.hart", email: "david@example.com", image: "https://log.concept2.com/profile/1/image.jpg" } },
} satisfies StandIn
