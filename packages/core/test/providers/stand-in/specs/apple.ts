/**
 * Apple: https://developer.apple.com/documentation/sign_in_with_apple/incorporating-sign-in-with-apple-into-other-platforms
 * (the authorization request: `scope=name email` needs `response_mode=form_post`; the callback is a POST whose form
 * carries `code`, `state` and, on the first consent only, `user` as JSON `{ name: { firstName, lastName }, email }`),
 * https://developer.apple.com/documentation/sign_in_with_apple/generate_and_validate_tokens (the token request takes
 * `client_id` and `client_secret` as form fields; the answer has `id_token`, `refresh_token`, `token_type: "bearer"`),
 * https://developer.apple.com/documentation/sign_in_with_apple/authenticating-users-with-sign-in-with-apple (the ID
 * token's claims; `email_verified` and `is_private_email` may be the strings "true"/"false") and the discovery
 * document at https://appleid.apple.com/.well-known/openid-configuration (no userinfo endpoint, `client_secret_post`).
 */
import Apple from "@gatehousejs/core/providers/apple"
import type { StandIn } from "../spec.js"

const ISSUER = "https://appleid.apple.com"
const SUB = "001234.0f9a1c2b3d4e5f60718293a4b5c6d7e8.1234"

const base = {
  provider: Apple,
  authorization: { url: `${ISSUER}/auth/authorize`, params: { scope: "name email", response_type: "code", response_mode: "form_post" } },
  callback: "form_post",
  token: { url: `${ISSUER}/auth/token`, auth: "client_secret_post", response: { token_type: "bearer", refresh_token: "r.apple-refresh" } },
  oidc: {
    issuer: ISSUER,
    discovery: {
      revocation_endpoint: `${ISSUER}/auth/revoke`,
      response_modes_supported: ["query", "fragment", "form_post"],
      subject_types_supported: ["pairwise"],
      scopes_supported: ["openid", "email", "name"],
      token_endpoint_auth_methods_supported: ["client_secret_post"],
    },
    claims: {
      sub: SUB,
      at_hash: "k4hW4cBv8cCUIT-Aq5XKFA",
      auth_time: 1_760_000_000,
      nonce_supported: true,
      email: "x7k2m4q9rt@privaterelay.appleid.com",
      email_verified: "true",
      is_private_email: "true",
      real_user_status: 2,
    },
  },
} as const

export default [
  {
    ...base,
    name: "apple (first consent: the name from the `user` form field)",
    callbackParams: { user: JSON.stringify({ name: { firstName: "Jane", lastName: "Appleseed" }, email: "x7k2m4q9rt@privaterelay.appleid.com" }) },
    refresh: {},
    expect: { providerAccountId: SUB, user: { name: "Jane Appleseed", email: "x7k2m4q9rt@privaterelay.appleid.com", image: null } },
  },
  {
    ...base,
    name: "apple (a later sign-in: no name, the e-mail stands in)",
    expect: { providerAccountId: SUB, user: { name: "x7k2m4q9rt@privaterelay.appleid.com", email: "x7k2m4q9rt@privaterelay.appleid.com", image: null } },
  },
] satisfies StandIn[]
