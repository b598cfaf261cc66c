/**
 * Figma sign-in (OAuth 2, a Figma OAuth app). The profile is `GET /v1/me` of the Figma REST API.
 *
 * Callback URL to register as the OAuth app's redirect URL (https://www.figma.com/developers/apps):
 * `https://example.com/auth/callback/figma` (Next.js: `https://example.com/api/auth/callback/figma`).
 * Environment variables when `Figma` is listed bare in `providers`: `AUTH_FIGMA_ID`, `AUTH_FIGMA_SECRET`.
 *
 * @example
 * import Figma from "@gatehousejs/core/providers/figma"
 *
 * Gatehouse({ providers: [Figma] })
 * Figma({ authorization: { params: { scope: "current_user:read file_content:read" } } })
 *
 * Quirks:
 * - Scope `current_user:read`, Figma's scope for the user's name, e-mail address and picture. Auth.js asks for
 *   `files:read`, which Figma has deprecated, and which reads every file, project and comment the user can reach.
 * - The token endpoint is `https://api.figma.com/v1/oauth/token`, with the client credentials as a Basic header;
 *   access tokens expire and come with a refresh token, spent at `https://api.figma.com/v1/oauth/refresh` (its own
 *   endpoint, same client authentication), whose answer keeps the refresh token.
 * - State, as in Auth.js. The name is the Figma `handle`.
 */
import type { User } from "../types.js"
import type { OAuth2Config, OAuthUserConfig } from "./types.js"

/** `GET /v1/me` (the REST API's Users endpoint, https://developers.figma.com/docs/rest-api/): the user the token belongs to. */
export interface FigmaProfile {
  id: string
  email: string
  handle: string
  img_url: string
  [field: string]: unknown
}

// The button mark: the Simple Icons "Figma" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M15.852%208.981h-4.588V0h4.588c2.476%200%204.49%202.014%204.49%204.49s-2.014%204.491-4.49%204.491zM12.735%207.51h3.117c1.665%200%203.019-1.355%203.019-3.019s-1.355-3.019-3.019-3.019h-3.117V7.51zm0%201.471H8.148c-2.476%200-4.49-2.014-4.49-4.49S5.672%200%208.148%200h4.588v8.981zm-4.587-7.51c-1.665%200-3.019%201.355-3.019%203.019s1.354%203.02%203.019%203.02h3.117V1.471H8.148zm4.587%2015.019H8.148c-2.476%200-4.49-2.014-4.49-4.49s2.014-4.49%204.49-4.49h4.588v8.98zM8.148%208.981c-1.665%200-3.019%201.355-3.019%203.019s1.355%203.019%203.019%203.019h3.117V8.981H8.148zM8.172%2024c-2.489%200-4.515-2.014-4.515-4.49s2.014-4.49%204.49-4.49h4.588v4.441c0%202.503-2.047%204.539-4.563%204.539zm-.024-7.51a3.023%203.023%200%200%200-3.019%203.019c0%201.665%201.365%203.019%203.044%203.019%201.705%200%203.093-1.376%203.093-3.068v-2.97H8.148zm7.704%200h-.098c-2.476%200-4.49-2.014-4.49-4.49s2.014-4.49%204.49-4.49h.098c2.476%200%204.49%202.014%204.49%204.49s-2.014%204.49-4.49%204.49zm-.097-7.509c-1.665%200-3.019%201.355-3.019%203.019s1.355%203.019%203.019%203.019h.098c1.665%200%203.019-1.355%203.019-3.019s-1.355-3.019-3.019-3.019h-.098z'/%3E%3C/svg%3E"

/** The Figma provider: scope `current_user:read`, state. */
export default function Figma<P extends FigmaProfile = FigmaProfile>(options: OAuthUserConfig<P> = {}): OAuth2Config<P> {
  return {
    id: "figma",
    name: "Figma",
    type: "oauth",
    authorization: { url: "https://www.figma.com/oauth", params: { scope: "current_user:read" } },
    token: "https://api.figma.com/v1/oauth/token",
    userinfo: "https://api.figma.com/v1/me",
    refresh: { url: "https://api.figma.com/v1/oauth/refresh" },
    checks: ["state"],
    profile(profile: P): User {
      return {
        id: profile.id,
        name: profile.handle ?? null,
        email: profile.email ?? null,
        image: profile.img_url ?? null,
      }
    },
    // Figma's orange-red, darkened until white text on it meets WCAG AA.
    style: { brandColor: "#d0431a", logo: LOGO },
    options,
  }
}
