/**
 * Hugging Face: https://huggingface.co/docs/hub/oauth (scopes `openid`, `profile`, `email`, …; the OpenID metadata at
 * https://huggingface.co/.well-known/openid-configuration: `/oauth/authorize`, `/oauth/token`, `/oauth/userinfo`) and
 * the claims it documents: `sub`, `name`, `preferred_username`, `profile`, `picture`, `website`, `email`,
 * `email_verified`, `isPro`, `canPay`, `orgs`. Two variants: the claims in the ID token, and an ID token with only
 * `sub` whose profile comes from userinfo.
 */
import Huggingface from "@gatehousejs/core/providers/huggingface"
import type { StandIn } from "../spec.js"

const ISSUER = "https://huggingface.co"
const claims = {
  sub: "61a5f4e2b3c8d9a0e1f2a3b4",
  name: "Ada Lovelace",
  preferred_username: "ada",
  profile: "https://huggingface.co/ada",
  picture: "https://cdn-avatars.huggingface.co/v1/production/uploads/ada.png",
  website: "https://example.com",
  email: "ada@example.com",
  email_verified: true,
  isPro: false,
  orgs: [
    { sub: "62b6a5f3c4d9e0a1f2a3b4c5", name: "Analytical Engines", picture: "https://cdn-avatars.huggingface.co/v1/production/uploads/org.png", preferred_username: "analytical-engines", isEnterprise: false, roleInOrg: "admin" },
  ],
}

const base = {
  provider: Huggingface,
  authorization: {
    url: `${ISSUER}/oauth/authorize`,
    params: { scope: "openid profile email", response_type: "code", code_challenge_method: "S256" },
  },
  token: { url: `${ISSUER}/oauth/token`, auth: "client_secret_basic" },
  expect: {
    providerAccountId: "61a5f4e2b3c8d9a0e1f2a3b4",
    user: { name: "Ada Lovelace", email: "ada@example.com", image: "https://cdn-avatars.huggingface.co/v1/production/uploads/ada.png" },
  },
} as const

export default [
  { ...base, name: "huggingface", oidc: { issuer: ISSUER, claims } },
  {
    ...base,
    name: "huggingface (profile from userinfo)",
    oidc: { issuer: ISSUER, userinfo: `${ISSUER}/oauth/userinfo`, claims: { sub: claims.sub } },
    api: { [`GET ${ISSUER}/oauth/userinfo`]: { body: claims } },
  },
] satisfies StandIn[]
