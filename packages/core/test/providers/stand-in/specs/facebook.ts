/**
 * Facebook: https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow (the login dialog
 * `https://www.facebook.com/v19.0/dialog/oauth` with `client_id`, `redirect_uri`, `state`, `scope`; the code exchanged
 * at `https://graph.facebook.com/oauth/access_token` for `{ access_token, token_type, expires_in }`) and
 * https://developers.facebook.com/docs/graph-api/reference/user/ (`GET /me` returns only the `fields` asked for;
 * `picture` is `{ data: { height, is_silhouette, url, width } }`).
 *
 * The guide shows the exchange as a GET with `client_secret` in the query; the provider POSTs the form of RFC 6749
 * §4.1.3 with the credentials as HTTP Basic, as Auth.js always has. That the endpoint takes this form is not on the page.
 */
import Facebook from "@gatehousejs/core/providers/facebook"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

export default {
  name: "facebook",
  provider: Facebook,
  authorization: { url: "https://www.facebook.com/v19.0/dialog/oauth", params: { scope: "email", response_type: "code" } },
  token: { url: "https://graph.facebook.com/oauth/access_token", auth: "client_secret_basic", response: { token_type: "bearer", expires_in: 5_183_944 } },
  api: {
    "GET https://graph.facebook.com/me": {
      body: (request: RecordedRequest) => {
        if (request.query.fields !== "id,name,email,picture") return { error: { message: "unexpected fields", type: "OAuthException", code: 100 } }
        return {
          id: "10158000000000000",
          name: "Jane Doe",
          email: "jane@example.com",
          picture: { data: { height: 50, is_silhouette: false, url: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10158000000000000&height=50&width=50&ext=1760000000&hash=AT", width: 50 } },
        }
      },
    },
  },
  expect: {
    providerAccountId: "10158000000000000",
    user: {
      name: "Jane Doe",
      email: "jane@example.com",
      image: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10158000000000000&height=50&width=50&ext=1760000000&hash=AT",
    },
  },
} satisfies StandIn
