/**
 * Bungie.net: https://github.com/Bungie-net/api/wiki/OAuth-Documentation (authorize at
 * `https://www.bungie.net/en/OAuth/Authorize` with `client_id`, `response_type=code`, `state`; a confidential client
 * redeems the code at `https://www.bungie.net/Platform/App/OAuth/token/` with Basic authentication; the answer adds
 * `refresh_token`, `refresh_expires_in` and `membership_id`) and https://bungie-net.github.io/#User.GetMembershipsForCurrentUser
 * (every request carries `X-API-Key`; the answer is `UserMembershipData` in the `Response` envelope, `ErrorCode` 1 on
 * success; a missing key is `ApiKeyMissingFromRequest`).
 */
import Bungie from "@gatehousejs/core/providers/bungie"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

const API_KEY = "stand-in-bungie-api-key"

const memberships = {
  Response: {
    destinyMemberships: [
      { iconPath: "/img/theme/bungienet/icons/steamLogo.png", crossSaveOverride: 0, isPublic: true, membershipType: 3, membershipId: "4611686018467284386", displayName: "Ikora", bungieGlobalDisplayName: "Ikora", bungieGlobalDisplayNameCode: 4242 },
    ],
    primaryMembershipId: "4611686018467284386",
    bungieNetUser: {
      membershipId: "14214042",
      uniqueName: "Ikora#4242",
      displayName: "Ikora",
      profilePicture: 70_527,
      profileTheme: 1117,
      userTitle: 0,
      successMessageFlags: "0",
      isDeleted: false,
      about: "",
      firstAccess: "2015-03-27T18:41:05.833Z",
      lastUpdate: "2024-02-16T20:31:13.383Z",
      profilePicturePath: "/img/profile/avatars/bungieday_26.jpg",
      profileThemeName: "d2_25",
      userTitleDisplay: "Newbie",
      statusText: "",
      statusDate: "0001-01-01T00:00:00Z",
      locale: "en",
      cachedBungieGlobalDisplayName: "Ikora",
      cachedBungieGlobalDisplayNameCode: 4242,
    },
  },
  ErrorCode: 1,
  ThrottleSeconds: 0,
  ErrorStatus: "Success",
  Message: "Ok",
  MessageData: {},
}

const missingKey = { ErrorCode: 2101, ThrottleSeconds: 0, ErrorStatus: "ApiKeyMissingFromRequest", Message: "Please provide an API key.", MessageData: {} }

export default {
  name: "bungie",
  provider: Bungie,
  options: { apiKey: API_KEY },
  authorization: { url: "https://www.bungie.net/en/OAuth/Authorize", params: { reauth: "true", response_type: "code", code_challenge: undefined } },
  token: {
    url: "https://www.bungie.net/Platform/App/OAuth/token/",
    auth: "client_secret_basic",
    response: { token_type: "Bearer", expires_in: 3600, refresh_token: "CPjvARKGAgAg", refresh_expires_in: 7_776_000, membership_id: "14214042" },
  },
  api: {
    "GET https://www.bungie.net/Platform/User/GetMembershipsForCurrentUser/": {
      body: (request: RecordedRequest) => (request.headers["x-api-key"] === API_KEY ? memberships : missingKey),
    },
  },
  refresh: {},
  expect: { providerAccountId: "14214042", user: { name: "Ikora", email: null, image: "https://www.bungie.net/img/profile/avatars/bungieday_26.jpg" } },
} satisfies StandIn
