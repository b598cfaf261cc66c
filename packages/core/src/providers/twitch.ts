/**
 * Twitch sign-in through OpenID Connect (`https://id.twitch.tv/oauth2`, found by discovery). The profile is the ID
 * token's claims.
 *
 * Callback URL to register as an OAuth Redirect URL of the application: `https://example.com/auth/callback/twitch`
 * (Next.js: `https://example.com/api/auth/callback/twitch`).
 * Environment variables when `Twitch` is listed bare in `providers`: `AUTH_TWITCH_ID`, `AUTH_TWITCH_SECRET`.
 *
 * @example
 * import Twitch from "@gatehousejs/core/providers/twitch"
 *
 * Gatehouse({ providers: [Twitch] })
 *
 * Quirks:
 * - The ID token has `email`, `picture` and `preferred_username` only when the `claims` authorization parameter
 *   asks for them (the defaults do), and `email` needs the `user:read:email` scope.
 * - The token response's `scope` is an array, not a space-separated string (RFC 6749 §5.1), and errors carry
 *   `message` instead of `error_description`: `token.conform` repairs both before validation.
 * - The client secret goes in the token request body.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of Twitch's ID token (https://dev.twitch.tv/docs/authentication/getting-tokens-oidc/#requesting-claims). */
export interface TwitchProfile {
  iss: string
  aud: string
  azp?: string
  exp: number
  iat: number
  nonce?: string
  /** The Twitch user id. */
  sub: string
  email?: string
  email_verified?: boolean
  picture?: string
  /** The display name. */
  preferred_username?: string
  updated_at?: string
  [claim: string]: unknown
}

// The button mark: the Simple Icons "Twitch" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M11.571%204.714h1.715v5.143H11.57zm4.715%200H18v5.143h-1.714zM6%200L1.714%204.286v15.428h5.143V24l4.286-4.286h3.428L22.286%2012V0zm14.571%2011.143l-3.428%203.428h-3.429l-3%203v-3H6.857V1.714h13.714Z'/%3E%3C/svg%3E"

/** The Twitch provider: OIDC discovery, scope `openid user:read:email` + `claims`, PKCE, `client_secret_post`. */
export default function Twitch<P extends TwitchProfile = TwitchProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "twitch",
    name: "Twitch",
    type: "oidc",
    issuer: "https://id.twitch.tv/oauth2",
    authorization: {
      params: {
        scope: "openid user:read:email",
        claims: { id_token: { email: null, picture: null, preferred_username: null } },
      },
    },
    token: { conform: conformTokenResponse },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    style: { brandColor: "#65459b", logo: LOGO },
    options: options as OIDCConfig<P>["options"],
  }
}

/**
 * `token.conform`: a successful response's `scope` array becomes a space-separated string; an error response without
 * `error` gets `error: "invalid_request"` and its `message` as `error_description`. Anything else passes unchanged.
 */
async function conformTokenResponse(response: Response): Promise<Response | undefined> {
  let body: unknown
  try {
    body = await response.clone().json()
  } catch {
    return undefined
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined
  const json = body as Record<string, unknown>
  if (response.ok) {
    if (!Array.isArray(json.scope)) return undefined
    return replaceBody(response, { ...json, scope: json.scope.join(" ") })
  }
  if (typeof json.error === "string") return undefined
  const description = typeof json.message === "string" ? json.message : undefined
  return replaceBody(response, { error: "invalid_request", error_description: description })
}

function replaceBody(response: Response, body: Record<string, unknown>): Response {
  const headers = new Headers(response.headers)
  headers.delete("content-length")
  headers.delete("content-encoding")
  headers.set("content-type", "application/json")
  return new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers })
}
