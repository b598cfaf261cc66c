/**
 * Battle.net: https://develop.battle.net/documentation/guides/using-oauth (the `https://oauth.battle.net` host for
 * all regions but China, `/authorize` and `/token` with the client credentials as Basic, scopes `openid`,
 * `wow.profile`, `sc2.profile`, `d3.profile`), https://develop.battle.net/documentation/guides/using-oauth/oidc-endpoints
 * (discovery on the issuer, the ID token's `sub` and `battle_tag`) and
 * https://develop.battle.net/documentation/battle-net/oauth-apis (`GET /userinfo`: `sub`, `id`, `battletag`).
 */
import BattleNet from "@gatehousejs/core/providers/battlenet"
import type { StandIn } from "../spec.js"

const account = { sub: "100486292", id: 100_486_292, battletag: "Thrall#1923" }

export default [
  {
    name: "battlenet (the global issuer; the BattleTag from userinfo)",
    provider: BattleNet,
    authorization: { url: "https://oauth.battle.net/authorize", params: { scope: "openid", response_type: "code", code_challenge_method: "S256" } },
    token: { url: "https://oauth.battle.net/token", auth: "client_secret_basic", response: { expires_in: 86_399, scope: "openid" } },
    oidc: { issuer: "https://oauth.battle.net", userinfo: "https://oauth.battle.net/userinfo", claims: { sub: "100486292", azp: "stand-in-client-id" } },
    api: { "GET https://oauth.battle.net/userinfo": { body: account } },
    expect: { providerAccountId: "100486292", user: { name: "Thrall#1923", email: null, image: null } },
  },
  {
    name: "battlenet (a regional issuer; the BattleTag in the ID token)",
    provider: BattleNet,
    options: { issuer: "https://eu.battle.net/oauth" },
    authorization: { url: "https://eu.battle.net/oauth/authorize", params: { scope: "openid", response_type: "code" } },
    token: { url: "https://eu.battle.net/oauth/token", auth: "client_secret_basic" },
    oidc: {
      issuer: "https://eu.battle.net/oauth",
      userinfo: "https://eu.battle.net/oauth/userinfo",
      claims: { sub: "100486292", battle_tag: "Thrall#1923" },
    },
    api: { "GET https://eu.battle.net/oauth/userinfo": { body: account } },
    expect: { providerAccountId: "100486292", user: { name: "Thrall#1923", email: null } },
  },
] satisfies StandIn[]
