/**
 * Battle.net sign-in (Blizzard) through OpenID Connect. The profile is the ID token's claims and the userinfo answer:
 * the account id and the BattleTag. Battle.net shares no e-mail address.
 *
 * Callback URL to register under the client's Redirect URLs (https://develop.battle.net/access/clients):
 * `https://example.com/auth/callback/battlenet` (Next.js: `https://example.com/api/auth/callback/battlenet`).
 * Environment variables when `BattleNet` is listed bare in `providers`: `AUTH_BATTLENET_ID`, `AUTH_BATTLENET_SECRET`,
 * and optionally `AUTH_BATTLENET_ISSUER` (a regional issuer; default `https://oauth.battle.net`).
 *
 * @example
 * import BattleNet from "@gatehousejs/core/providers/battlenet"
 *
 * Gatehouse({ providers: [BattleNet] })
 * BattleNet({ issuer: "https://oauth.battlenet.com.cn" }) // China
 * BattleNet({ authorization: { params: { scope: "openid wow.profile" } } })
 *
 * Quirks:
 * - The issuer defaults to `https://oauth.battle.net`, Blizzard's host for every region but China
 *   (`https://oauth.battlenet.com.cn`). The older regional issuers (`https://{us,eu,kr,tw}.battle.net/oauth`,
 *   `https://www.battlenet.com.cn/oauth`) are accepted. Auth.js has no default and needs one passed.
 * - Scope `openid`: Battle.net's scopes are `openid` and the game profiles (`wow.profile`, `sc2.profile`,
 *   `d3.profile`); there is no `profile` or `email` scope, which Auth.js sends by default.
 * - The name is the BattleTag (`Name#1234`): `battle_tag` in the ID token, `battletag` in userinfo. `email` is
 *   always `null`.
 * - Battle.net answers with an access token (24 hours) and its expiry, never a refresh token (`refresh: false`):
 *   sign in again.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The Battle.net ID token's claims (and the userinfo answer's `battletag`). */
export interface BattleNetProfile {
  /** The Battle.net account id, as a string. */
  sub: string
  battle_tag?: string
  /** The same account id as a number (userinfo). */
  id?: number
  /** The BattleTag (userinfo). */
  battletag?: string
  [claim: string]: unknown
}

/** Blizzard's OAuth hosts: the global one, China's, and the older regional ones. */
export type BattleNetIssuer =
  | "https://oauth.battle.net"
  | "https://oauth.battlenet.com.cn"
  | "https://www.battlenet.com.cn/oauth"
  | `https://${"us" | "eu" | "kr" | "tw"}.battle.net/oauth`

// The button mark: the Simple Icons "Battle.net" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M18.94%208.296C15.9%206.892%2011.534%206%207.426%206.332c.206-1.36.714-2.308%201.548-2.508%201.148-.275%202.4.48%203.594%201.854.782.102%201.71.28%202.355.429C12.747%202.013%209.828-.282%207.607.565c-1.688.644-2.553%202.97-2.448%206.094-2.2.468-3.915%201.3-5.013%202.495-.056.065-.181.227-.137.305.034.058.146-.008.194-.04%201.274-.89%202.904-1.373%205.027-1.676.303%203.333%201.713%207.56%204.055%2010.952-1.28.502-2.356.536-2.946-.087-.812-.856-.784-2.318-.19-4.04a26.764%2026.764%200%200%201-.807-2.254c-2.459%203.934-2.986%207.61-1.143%209.11%201.402%201.14%203.847.725%206.502-.926%201.505%201.672%203.083%202.74%204.667%203.094.084.015.287.043.332-.034.034-.06-.08-.124-.131-.149-1.408-.657-2.64-1.828-3.964-3.515%202.735-1.929%205.691-5.263%207.457-8.988%201.076.86%201.64%201.773%201.398%202.595-.336%201.131-1.615%201.84-3.403%202.185a27.697%2027.697%200%200%201-1.548%201.826c4.634.16%208.08-1.22%208.458-3.565.286-1.786-1.295-3.696-4.053-5.17.696-2.139.832-4.04.346-5.588-.029-.08-.106-.27-.196-.27-.068%200-.067.13-.063.187.135%201.547-.263%203.2-1.062%205.19zm-8.533%209.869c-1.96-3.145-3.09-6.849-3.082-10.594%203.702-.124%207.474.748%2010.714%202.627-1.743%203.269-4.385%206.1-7.633%207.966h.001z'/%3E%3C/svg%3E"

/** The Battle.net provider: OIDC discovery on `https://oauth.battle.net` (or the issuer given), scope `openid`, PKCE. */
export default function BattleNet<P extends BattleNetProfile = BattleNetProfile>(
  options: Omit<OIDCUserConfig<P>, "issuer"> & { issuer?: BattleNetIssuer } = {},
): OIDCConfig<P> {
  return {
    id: "battlenet",
    name: "Battle.net",
    type: "oidc",
    refresh: false,
    issuer: options.issuer ?? "https://oauth.battle.net",
    authorization: { params: { scope: "openid" } },
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.battle_tag ?? profile.battletag ?? null,
        email: null,
        image: null,
      }
    },
    // Battle.net's blue, darkened until white text on it meets WCAG AA (4.5:1).
    style: { brandColor: "#1074d1", logo: LOGO },
    options: options as OIDCConfig<P>["options"],
  }
}
