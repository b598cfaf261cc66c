/**
 * Box sign-in (OAuth 2). The profile is `GET /2.0/users/me`.
 *
 * Callback URL to register as the app's Redirect URI (Box developer console → the app → Configuration):
 * `https://example.com/auth/callback/box` (Next.js: `https://example.com/api/auth/callback/box`).
 * Environment variables when `Box` is listed bare in `providers`: `AUTH_BOX_ID`, `AUTH_BOX_SECRET`.
 *
 * @example
 * import Box from "@gatehousejs/core/providers/box"
 *
 * Gatehouse({ providers: [Box] })
 * Box({ authorization: { params: { scope: "root_readonly" } } })
 *
 * Quirks:
 * - Box's token endpoint reads `client_id` and `client_secret` from the request body, as its reference documents;
 *   Auth.js sends them as a Basic header.
 * - Box documents `state` against forged callbacks and no PKCE, so `state` is the check (Auth.js sends PKCE only).
 * - No `scope` is sent: the scopes ticked in the app's configuration apply. The address is `login`, the sign-in
 *   e-mail of the Box account.
 * - Access tokens last about an hour; a refresh token comes with every token answer.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /2.0/users/me` (https://developer.box.com/reference/get-users-me/): the default fields of a user. */
export interface BoxProfile {
  id: string
  type: "user"
  name: string
  /** The account's primary e-mail address. */
  login: string
  created_at: string
  modified_at: string
  language: string
  timezone: string
  space_amount: number
  space_used: number
  max_upload_size: number
  status: "active" | "inactive" | "cannot_delete_edit" | "cannot_delete_edit_upload"
  job_title: string
  phone: string
  address: string
  avatar_url: string
  notification_email?: { email: string; is_confirmed: boolean } | null
  [field: string]: unknown
}

// The button mark: the Simple Icons "Box" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M.959%205.523c-.54%200-.959.42-.959.899v7.549a4.59%204.59%200%20004.613%204.494%204.717%204.717%200%20004.135-2.457c.779%201.438%202.337%202.457%204.074%202.457%202.577%200%204.674-2.037%204.674-4.613.06-2.457-2.037-4.495-4.613-4.495-1.738%200-3.295.959-4.074%202.397-.78-1.438-2.338-2.397-4.135-2.397-1.079%200-2.038.36-2.817.899V6.422a.92.92%200%2000-.898-.899zM17.602%209.26a.95.95%200%2000-.704.158c-.36.3-.479.899-.18%201.318l2.397%203.116-2.396%203.115c-.3.42-.24.96.18%201.26.419.3%201.016.298%201.316-.122l2.039-2.636%202.096%202.697c.3.36.899.419%201.318.12.36-.3.42-.84.121-1.259l-2.338-3.115%202.338-3.057c.3-.419.298-1.018-.121-1.318-.48-.3-1.019-.24-1.318.18l-2.096%202.576-2.04-2.695c-.149-.18-.373-.3-.612-.338zM4.613%2011.154c1.558%200%202.817%201.26%202.817%202.758%200%201.558-1.259%202.756-2.817%202.756-1.558%200-2.816-1.198-2.816-2.756%200-1.498%201.258-2.758%202.816-2.758zm8.27%200c1.558%200%202.816%201.26%202.816%202.758-.06%201.558-1.318%202.756-2.816%202.756-1.558%200-2.817-1.198-2.817-2.756%200-1.498%201.259-2.758%202.817-2.758Z'/%3E%3C/svg%3E"

/** The Box provider: the app's configured scopes, state, client secret in the body. */
export default function Box<P extends BoxProfile = BoxProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "box",
    name: "Box",
    type: "oauth",
    authorization: "https://account.box.com/api/oauth2/authorize",
    token: "https://api.box.com/oauth2/token",
    userinfo: "https://api.box.com/2.0/users/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile: P): User {
      return {
        id: profile.id,
        name: profile.name ?? null,
        email: profile.login ?? null,
        image: profile.avatar_url ?? null,
      }
    },
    style: { brandColor: "#0061d5", logo: LOGO },
    options,
  }
}
