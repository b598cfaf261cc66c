/**
 * Amazon Cognito: https://docs.aws.amazon.com/cognito/latest/developerguide/authorization-endpoint.html and
 * https://docs.aws.amazon.com/cognito/latest/developerguide/token-endpoint.html (the user pool domain's
 * `/oauth2/authorize` and `/oauth2/token`; an app client with a secret authenticates with an `Authorization: Basic`
 * header; the answer has `id_token`, `access_token`, `refresh_token`, `token_type: "Bearer"`, `expires_in`),
 * https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-user-pools-using-tokens-verifying-a-jwt.html
 * (the issuer `https://cognito-idp.<region>.amazonaws.com/<userPoolId>`, its discovery document and key set) and
 * https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-the-id-token.html (the ID
 * token's claims: `cognito:username`, `token_use: "id"`, `email`, `email_verified`; `name` only when the pool sets it).
 */
import Cognito from "@gatehousejs/core/providers/cognito"
import type { StandIn } from "../spec.js"

const ISSUER = "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123"
const DOMAIN = "https://gatehouse-test.auth.eu-west-1.amazoncognito.com"

const base = {
  provider: Cognito,
  authorization: { url: `${DOMAIN}/oauth2/authorize`, params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" } },
  token: { url: `${DOMAIN}/oauth2/token`, auth: "client_secret_basic", response: { refresh_token: "eyJjdHkiOiJKV1QiLCJlbmMiOiJBMjU2R0NNIn0.cognito-refresh" } },
  oidc: {
    issuer: ISSUER,
    userinfo: `${DOMAIN}/oauth2/userInfo`,
    discovery: { token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"] },
    claims: {
      sub: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
      token_use: "id",
      auth_time: 1_760_000_000,
      "cognito:username": "janedoe",
      event_id: "a1b2c3d4-5e6f-7a8b-9c0d-1e2f3a4b5c6d",
      email: "jane@example.com",
      email_verified: true,
    },
  },
  refresh: {},
  expect: { providerAccountId: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee", user: { name: "janedoe", email: "jane@example.com", image: null } },
} as const

export default [
  { ...base, name: "cognito", options: { issuer: ISSUER } },
  { ...base, name: "cognito (the issuer given with a trailing slash)", options: { issuer: `${ISSUER}/` } },
] satisfies StandIn[]
