/**
 * EVE Online: https://docs.esi.evetech.net/docs/sso/web_based_sso_flow.html (authorize at
 * `https://login.eveonline.com/v2/oauth/authorize` with `response_type=code`, `redirect_uri`, `client_id`, `scope`,
 * `state`; `POST /v2/oauth/token` form-encoded with Basic client authentication; the answer `access_token` (a JWT),
 * `expires_in` 1199, `token_type`, `refresh_token`) and https://docs.esi.evetech.net/docs/sso/validating_eve_jwt.html
 * (the access token's claims: `scp`, `jti`, `kid`, `sub` `CHARACTER:EVE:{id}`, `azp`, `tenant`, `tier`, `region`,
 * `aud` [client id, "EVE Online"], `name`, `owner`, `exp`, `iat`, `iss`).
 */
import { generateKeyPair, SignJWT } from "jose"
import EVEOnline from "@gatehousejs/core/providers/eveonline"
import type { StandIn } from "../spec.js"

const { privateKey } = await generateKeyPair("RS256")
/** An EVE SSO v2 access token: a JWT naming the character; `jti` tells one from another. */
const characterToken = (jti: string): Promise<string> =>
  new SignJWT({
    scp: ["publicData"],
    jti,
    kid: "JWT-Signature-Key",
    sub: "CHARACTER:EVE:2112625428",
    azp: "stand-in-client-id",
    tenant: "tranquility",
    tier: "live",
    region: "world",
    aud: ["stand-in-client-id", "EVE Online"],
    name: "CCP Zoetrope",
    owner: "8PmzCeTKb4VFUDrHLc/AeZXDSWM=",
  })
    .setProtectedHeader({ alg: "RS256", kid: "JWT-Signature-Key", typ: "JWT" })
    .setIssuer("https://login.eveonline.com")
    .setIssuedAt()
    .setExpirationTime("20m")
    .sign(privateKey)
const accessToken = await characterToken("998e12c7-3241-43c5-8355-2c48822e0a1b")

export default {
  name: "eveonline",
  provider: EVEOnline,
  authorization: { url: "https://login.eveonline.com/v2/oauth/authorize", params: { scope: "publicData", response_type: "code", code_challenge: undefined } },
  token: {
    url: "https://login.eveonline.com/v2/oauth/token",
    auth: "client_secret_basic",
    response: { access_token: accessToken, expires_in: 1199, token_type: "Bearer", refresh_token: "MDEyMzQ1Njc4OWFiY2RlZg==" },
  },
  // A refresh answers a new access token, again a JWT.
  refresh: { response: { access_token: await characterToken("5c2f4e1a-8d0b-4f7e-9a63-0b1d2c3e4f50") } },
  expect: {
    providerAccountId: "2112625428",
    user: { name: "CCP Zoetrope", email: null, image: "https://images.evetech.net/characters/2112625428/portrait?size=128" },
  },
} satisfies StandIn
