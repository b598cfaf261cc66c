/**
 * EVE Online sign-in through EVE SSO v2 (OAuth 2). The character comes from the access token itself: EVE SSO issues
 * it as a JWT naming the character.
 *
 * Callback URL to register as the application's Callback URL (https://developers.eveonline.com/applications):
 * `https://example.com/auth/callback/eveonline` (Next.js: `https://example.com/api/auth/callback/eveonline`).
 * Environment variables when `EVEOnline` is listed bare in `providers`: `AUTH_EVEONLINE_ID`, `AUTH_EVEONLINE_SECRET`.
 *
 * @example
 * import EVEOnline from "@gatehousejs/core/providers/eveonline"
 *
 * Gatehouse({ providers: [EVEOnline] })
 * EVEOnline({ authorization: { params: { scope: "publicData esi-skills.read_skills.v1" } } })
 *
 * Quirks:
 * - Auth.js loads the character from `/oauth/verify`, an SSO v1 endpoint EVE deprecated in November 2021 ("might be
 *   removed at any given time"). EVE's replacement is to read the v2 access token, a JWT, locally; this provider does
 *   that and checks what EVE's validation guide lists: the issuer (`login.eveonline.com`, as host or URL), the
 *   audience (your client id and `EVE Online`) and the expiry. The token's signature is not checked: it arrived
 *   directly from EVE's token endpoint over TLS, in answer to the client's own authenticated request (the reasoning
 *   of OpenID Connect Core §3.1.3.7 for ID tokens).
 * - The profile keeps the shape of the verify endpoint's answer (`CharacterID`, `CharacterName`, …), as in Auth.js.
 *   The picture is the character's portrait from `images.evetech.net`, EVE's current image server (Auth.js links the
 *   older `image.eveonline.com`). EVE shares no e-mail address.
 * - `state` is required by EVE SSO and is the check, as in Auth.js.
 */
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"

/** The character, as the retired `/oauth/verify` described it (and as read from the access token here). */
export interface EVEOnlineProfile {
  CharacterID: number
  CharacterName: string
  /** When the access token expires (ISO 8601). */
  ExpiresOn: string
  /** The granted scopes, space-separated. */
  Scopes: string
  TokenType: string
  /** Changes when the character moves to another account. */
  CharacterOwnerHash: string
  IntellectualProperty: string
  [field: string]: unknown
}

/** The claims of an EVE SSO v2 access token (https://docs.esi.evetech.net/docs/sso/validating_eve_jwt.html). */
interface EVEAccessTokenClaims {
  sub?: unknown
  name?: unknown
  owner?: unknown
  scp?: unknown
  aud?: unknown
  iss?: unknown
  exp?: unknown
}

const ISSUERS = new Set(["login.eveonline.com", "https://login.eveonline.com"])

/** The EVE Online provider: scope `publicData`, state, the character read from the access token. */
export default function EVEOnline<P extends EVEOnlineProfile = EVEOnlineProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "eveonline",
    name: "EVE Online",
    type: "oauth",
    issuer: "https://login.eveonline.com",
    authorization: { url: "https://login.eveonline.com/v2/oauth/authorize", params: { scope: "publicData" } },
    token: "https://login.eveonline.com/v2/oauth/token",
    userinfo: { request: characterFromAccessToken },
    checks: ["state"],
    profile(profile: P): User {
      return {
        id: String(profile.CharacterID),
        name: profile.CharacterName ?? null,
        email: null,
        image: `https://images.evetech.net/characters/${profile.CharacterID}/portrait?size=128`,
      }
    },
    // EVE publishes no button colours: its near-black, on which white text reads well.
    style: { brandColor: "#1d1d1d" },
    options,
  }
}

/** `userinfo.request`: the character from the v2 access token, after EVE's issuer, audience and expiry checks. */
async function characterFromAccessToken({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const claims = jwtPayload(tokens.access_token)
  if (!ISSUERS.has(String(claims.iss))) throw new TypeError("EVE SSO's access token names another issuer.")
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (!audience.includes(provider.clientId) || !audience.includes("EVE Online")) {
    throw new TypeError("EVE SSO's access token was issued for another application.")
  }
  if (typeof claims.exp !== "number" || claims.exp * 1000 <= Date.now()) throw new TypeError("EVE SSO's access token has expired.")
  const character = /^CHARACTER:EVE:(\d+)$/.exec(String(claims.sub))
  if (!character || typeof claims.name !== "string") throw new TypeError("EVE SSO's access token names no character.")
  const scopes = Array.isArray(claims.scp) ? claims.scp : typeof claims.scp === "string" ? [claims.scp] : []
  const profile: EVEOnlineProfile = {
    CharacterID: Number(character[1]),
    CharacterName: claims.name,
    ExpiresOn: new Date(claims.exp * 1000).toISOString(),
    Scopes: scopes.join(" "),
    TokenType: "Character",
    CharacterOwnerHash: typeof claims.owner === "string" ? claims.owner : "",
    IntellectualProperty: "EVE",
  }
  return profile as unknown as Profile
}

/** The payload of a compact JWS, parsed; a token that is not one is an error naming what was expected. */
function jwtPayload(token: string | undefined): EVEAccessTokenClaims {
  const segment = token?.split(".")[1]
  if (!segment || token!.split(".").length !== 3) throw new TypeError("EVE SSO's access token is not a JWT (SSO v2 issues JWTs).")
  try {
    const binary = atob(segment.replace(/-/g, "+").replace(/_/g, "/"))
    const payload = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as unknown
    if (payload && typeof payload === "object") return payload as EVEAccessTokenClaims
  } catch {
    // Reported below.
  }
  throw new TypeError("EVE SSO's access token has no readable claims.")
}
