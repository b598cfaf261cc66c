/**
 * Wikimedia: https://www.mediawiki.org/wiki/Extension:OAuth#OAuth_2_endpoints and
 * https://api.wikimedia.org/wiki/Authentication (Meta-Wiki's `rest.php/oauth2/authorize`, `rest.php/oauth2/access_token`
 * taking the client credentials as Basic or in the body, PKCE; `rest.php/oauth2/resource/profile` with a Bearer
 * token: `sub`, `username`, `editcount`, `confirmed_email`, `blocked`, `registered`, `groups`, `rights`, `grants`, and
 * `realname` and `email` for consumers allowed to read them).
 */
import Wikimedia from "@gatehousejs/core/providers/wikimedia"
import type { StandIn } from "../spec.js"

export default {
  name: "wikimedia",
  provider: Wikimedia,
  authorization: {
    url: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize",
    params: { scope: undefined, response_type: "code", code_challenge_method: "S256" },
  },
  token: { url: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token", auth: "client_secret_basic", response: { expires_in: 14400, refresh_token: "wikimedia-refresh" } },
  api: {
    "GET https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile": {
      body: {
        sub: 51654827,
        username: "Ada Lovelace",
        editcount: 1843,
        confirmed_email: true,
        blocked: false,
        registered: "20150813122512",
        groups: ["*", "user", "autoconfirmed"],
        rights: ["read", "edit", "createpage", "writeapi", "mwoauth-authonlyprivate"],
        grants: ["mwoauth-authonlyprivate"],
        realname: "Augusta Ada King",
        email: "ada@example.org",
      },
    },
  },
  refresh: {},
  expect: { providerAccountId: "51654827", user: { name: "Ada Lovelace", email: "ada@example.org", image: null } },
} satisfies StandIn
