/**
 * Strava: https://developers.strava.com/docs/authentication/ (the authorization request with `client_id`,
 * `redirect_uri`, `response_type=code`, `approval_prompt`, `scope`; the token exchange: `client_id`, `client_secret`,
 * `code`, `grant_type` as form fields, answering `token_type: "Bearer"`, `expires_at`, `expires_in`, `refresh_token`,
 * `access_token` and a summary `athlete`) and https://developers.strava.com/docs/reference/#api-Athletes-getLoggedInAthlete
 * (`GET /api/v3/athlete`: the DetailedAthlete, no e-mail).
 *
 * The guide names `https://www.strava.com/oauth/authorize` and `https://www.strava.com/oauth/token` for web
 * applications (its refresh section also `…/api/v3/oauth/token`); the provider, as Auth.js, uses the
 * `https://www.strava.com/api/v3/oauth/…` paths, which Strava serves as well. The stand-in follows the provider.
 */
import Strava from "@gatehousejs/core/providers/strava"
import type { StandIn } from "../spec.js"

const athlete = {
  id: 134815,
  username: "marianne_t",
  resource_state: 3,
  firstname: "Marianne",
  lastname: "Teutenberg",
  bio: "",
  city: "San Francisco",
  state: "CA",
  country: "US",
  sex: "F",
  premium: true,
  summit: true,
  created_at: "2017-11-14T02:30:05Z",
  updated_at: "2018-02-06T19:32:20Z",
  badge_type_id: 4,
  weight: 0,
  profile_medium: "https://xxxxx.cloudfront.net/pictures/athletes/134815/medium.jpg",
  profile: "https://xxxxx.cloudfront.net/pictures/athletes/134815/large.jpg",
  friend: null,
  follower: null,
}

export default {
  name: "strava",
  provider: Strava,
  authorization: { url: "https://www.strava.com/api/v3/oauth/authorize", params: { response_type: "code", scope: "read", approval_prompt: "auto" } },
  token: {
    url: "https://www.strava.com/api/v3/oauth/token",
    auth: "client_secret_post",
    response: {
      token_type: "Bearer",
      expires_at: 1_760_021_600,
      expires_in: 21600,
      refresh_token: "e5n567567",
      athlete: { id: 134815, username: "marianne_t", resource_state: 2, firstname: "Marianne", lastname: "Teutenberg" },
    },
  },
  api: { "GET https://www.strava.com/api/v3/athlete": { body: athlete } },
  refresh: { rotate: true },
  expect: { providerAccountId: "134815", user: { name: "Marianne Teutenberg", email: null, image: "https://xxxxx.cloudfront.net/pictures/athletes/134815/large.jpg" } },
} satisfies StandIn
