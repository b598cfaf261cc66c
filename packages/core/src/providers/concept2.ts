/**
 * Concept2 Logbook sign-in (OAuth 2), for rowing, skiing and cycling apps. The profile is `GET /api/users/me` of the
 * Logbook API.
 *
 * Callback URL to register with your Logbook API application (Concept2 issues API access on request; develop against
 * `log-dev.concept2.com` first): `https://example.com/auth/callback/concept2`
 * (Next.js: `https://example.com/api/auth/callback/concept2`).
 * Environment variables when `Concept2` is listed bare in `providers`: `AUTH_CONCEPT2_ID`, `AUTH_CONCEPT2_SECRET`.
 *
 * @example
 * import Concept2 from "@gatehousejs/core/providers/concept2"
 *
 * Gatehouse({ providers: [Concept2] })
 * // Logging workouts as well (Concept2 separates scopes with commas):
 * Concept2({ authorization: { params: { scope: "user:read,results:write" } } })
 *
 * Quirks:
 * - Scope `user:read`, enough to sign in. Auth.js also asks for `results:write`, the right to create and change the
 *   user's workouts, at every sign-in.
 * - The Logbook API wraps every answer in `data`; the profile handed to `profile()` is that `data` object, the shape
 *   `Concept2Profile` (and Auth.js's type of the same name) describes. Auth.js passes the wrapper while typing it as
 *   the inner object.
 * - The name is the Logbook `username`, as in Auth.js.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"

/** The user of `GET /api/users/me` (https://log.concept2.com/developers/documentation/). */
export interface Concept2Profile {
  id: number
  username: string
  first_name: string
  last_name: string
  gender: string
  dob: string
  email: string
  country: string
  profile_image: string
  age_restricted: boolean
  email_permission: boolean | null
  max_heart_rate: number | null
  weight: number | null
  logbook_privacy: string | null
  [field: string]: unknown
}

const ME = "https://log.concept2.com/api/users/me"

/** The Concept2 provider: scope `user:read`, PKCE, the Logbook user unwrapped from `data`. */
export default function Concept2<P extends Concept2Profile = Concept2Profile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "concept2",
    name: "Concept2",
    type: "oauth",
    authorization: { url: "https://log.concept2.com/oauth/authorize", params: { scope: "user:read" } },
    token: "https://log.concept2.com/oauth/access_token",
    userinfo: { url: ME, request: meRequest },
    profile(profile: P): User {
      return {
        id: String(profile.id),
        name: profile.username ?? null,
        email: profile.email ?? null,
        image: profile.profile_image ?? null,
      }
    },
    // Concept2 publishes no button colours: a dark navy, on which white text reads well (11:1).
    style: { brandColor: "#003a70" },
    options,
  }
}

/** `userinfo.request`: `GET /api/users/me`, version 1 of the API as Concept2 asks, unwrapped from `data`. */
async function meRequest({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const userinfo = provider.userinfo
  const url = (typeof userinfo === "string" ? userinfo : userinfo?.url) ?? ME
  const response = await providerFetch(provider)(url, {
    headers: { authorization: `Bearer ${tokens.access_token ?? ""}`, accept: "application/vnd.c2logbook.v1+json" },
  })
  if (!response.ok) throw new TypeError(`Concept2's user endpoint answered ${response.status}.`)
  const body = (await response.json()) as { data?: unknown }
  if (!body?.data || typeof body.data !== "object") throw new TypeError("Concept2's user endpoint answered without a `data` object.")
  return body.data as Profile
}
