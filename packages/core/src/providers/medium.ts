/**
 * Medium sign-in (OAuth 2). The profile is `GET https://api.medium.com/v1/me`.
 *
 * Callback URL to register as the integration's callback URL: `https://example.com/auth/callback/medium`
 * (Next.js: `https://example.com/api/auth/callback/medium`).
 * Environment variables when `Medium` is listed bare in `providers`: `AUTH_MEDIUM_ID`, `AUTH_MEDIUM_SECRET`.
 *
 * @example
 * import Medium from "@gatehousejs/core/providers/medium"
 *
 * Gatehouse({ providers: [Medium] })
 * Medium({ authorization: { params: { scope: "basicProfile,listPublications" } } })
 *
 * Quirks:
 * - Medium accepts no new API integrations: browser sign-in works for integrations registered before that only.
 * - Scope `basicProfile` (comma-separated list); `state` is required by Medium and is the check (Medium documents
 *   no PKCE; Auth.js sends PKCE alone, without the `state` Medium requires).
 * - The token endpoint (`/v1/tokens`) reads the client id and secret from the form body (`client_secret_post`) and
 *   answers with HTTP 201, `scope` as an array and `expires_at` instead of `expires_in`; `token.conform` turns that
 *   into an RFC 6749 answer (200, a space-separated scope, `expires_in`), which the OAuth client otherwise refuses.
 * - No e-mail address. The user is under `data`; the picture is `imageUrl`. Access tokens last 60 days; the refresh
 *   token does not expire.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /v1/me` (https://github.com/Medium/medium-api-docs#31-users): the user in a `data` envelope. */
export interface MediumProfile extends Record<string, unknown> {
  data: { id: string; username: string; name: string; url: string; imageUrl: string }
}

// The button mark: the Simple Icons "Medium" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M4.21%200A4.201%204.201%200%200%200%200%204.21v15.58A4.201%204.201%200%200%200%204.21%2024h15.58A4.201%204.201%200%200%200%2024%2019.79v-1.093c-.137.013-.278.02-.422.02-2.577%200-4.027-2.146-4.09-4.832a7.592%207.592%200%200%201%20.022-.708c.093-1.186.475-2.241%201.105-3.022a3.885%203.885%200%200%201%201.395-1.1c.468-.237%201.127-.367%201.664-.367h.023c.101%200%20.202.004.303.01V4.211A4.201%204.201%200%200%200%2019.79%200Zm.198%205.583h4.165l3.588%208.435%203.59-8.435h3.864v.146l-.019.004c-.705.16-1.063.397-1.063%201.254h-.003l.003%2010.274c.06.676.424.885%201.063%201.03l.02.004v.145h-4.923v-.145l.019-.005c.639-.144.994-.353%201.054-1.03V7.267l-4.745%2011.15h-.261L6.15%207.569v9.445c0%20.857.358%201.094%201.063%201.253l.02.004v.147H4.405v-.147l.019-.004c.705-.16%201.065-.397%201.065-1.253V6.987c0-.857-.358-1.094-1.064-1.254l-.018-.004zm19.25%203.668c-1.086.023-1.733%201.323-1.813%203.124H24V9.298a1.378%201.378%200%200%200-.342-.047Zm-1.862%203.632c-.1%201.756.86%203.239%202.204%203.634v-3.634z'/%3E%3C/svg%3E"

/** The Medium provider: scope `basicProfile`, check `state`, the token answer conformed to RFC 6749. */
export default function Medium<P extends MediumProfile = MediumProfile>(config: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "medium",
    name: "Medium",
    type: "oauth",
    authorization: { url: "https://medium.com/m/oauth/authorize", params: { scope: "basicProfile" } },
    token: { url: "https://api.medium.com/v1/tokens", conform: conformTokenAnswer },
    userinfo: "https://api.medium.com/v1/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile: P): User {
      return { id: profile.data.id, name: profile.data.name || profile.data.username || null, email: null, image: profile.data.imageUrl ?? null }
    },
    style: { brandColor: "#000000", logo: LOGO },
    options: config,
  }
}

/**
 * `token.conform`: Medium's `201 { token_type, access_token, refresh_token, scope: [...], expires_at }` as
 * `200 { …, scope: "a b", expires_in }`. `expires_at` is read as milliseconds when it is that large, else seconds.
 */
async function conformTokenAnswer(response: Response): Promise<Response | undefined> {
  if (response.status !== 200 && response.status !== 201) return undefined
  let body: unknown
  try {
    body = await response.clone().json()
  } catch {
    return undefined
  }
  if (typeof body !== "object" || body === null) return undefined
  const { scope, expires_at: expiresAt, ...tokens } = body as Record<string, unknown>
  const answer: Record<string, unknown> = { ...tokens }
  if (Array.isArray(scope)) answer.scope = scope.join(" ")
  else if (typeof scope === "string") answer.scope = scope
  if (typeof expiresAt === "number" && Number.isFinite(expiresAt)) {
    const expiresAtSeconds = expiresAt > 1e12 ? expiresAt / 1000 : expiresAt
    answer.expires_in = Math.max(0, Math.floor(expiresAtSeconds - Date.now() / 1000))
  }
  return Response.json(answer)
}
