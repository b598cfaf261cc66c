/**
 * Notion sign-in (OAuth 2, a public integration). The profile is the person who installed the integration: the
 * `bot.owner.user` of `GET /v1/users/me`.
 *
 * Callback URL to register as the integration's Redirect URI: `https://example.com/auth/callback/notion`
 * (Next.js: `https://example.com/api/auth/callback/notion`).
 * Environment variables when `Notion` is listed bare in `providers`: `AUTH_NOTION_ID` (OAuth client ID),
 * `AUTH_NOTION_SECRET` (OAuth client secret).
 *
 * @example
 * import Notion from "@gatehousejs/core/providers/notion"
 *
 * Gatehouse({ providers: [Notion] })
 *
 * Quirks:
 * - `users/me` answers with the *bot*; the human is `bot.owner.user`, which is what the profile is. An integration
 *   owned by a workspace (not a user) cannot sign anyone in.
 * - Every API call needs a `Notion-Version` header (`2022-06-28` here).
 * - Notion has no scopes (none are sent) and asks for `owner=user`; the token endpoint requires HTTP Basic, the
 *   default. The token response also carries the workspace (`workspace_id`, `workspace_name`, `bot_id`).
 * - Auth.js's `redirectUri` option is not needed: the engine always sends the callback URL as `redirect_uri`.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"

/** A Notion person user (https://developers.notion.com/reference/user), the owner of the bot. */
export interface NotionProfile {
  object: "user"
  id: string
  type: "person"
  name: string | null
  avatar_url: string | null
  person: { email?: string }
  [field: string]: unknown
}

/** `GET /v1/users/me` with a user-owned integration's token. */
export interface NotionBotUser {
  object: "user"
  id: string
  type: "bot"
  name: string | null
  avatar_url: string | null
  bot: {
    owner: { type: "user"; user: NotionProfile } | { type: "workspace"; workspace: true }
    workspace_name?: string | null
  }
}

/** The API version sent as `Notion-Version`. */
export const NOTION_API_VERSION = "2022-06-28"
const API = "https://api.notion.com"
// The button mark: the Simple Icons "Notion" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M4.459%204.208c.746.606%201.026.56%202.428.466l13.215-.793c.28%200%20.047-.28-.046-.326L17.86%201.968c-.42-.326-.981-.7-2.055-.607L3.01%202.295c-.466.046-.56.28-.374.466zm.793%203.08v13.904c0%20.747.373%201.027%201.214.98l14.523-.84c.841-.046.935-.56.935-1.167V6.354c0-.606-.233-.933-.748-.887l-15.177.887c-.56.047-.747.327-.747.933zm14.337.745c.093.42%200%20.84-.42.888l-.7.14v10.264c-.608.327-1.168.514-1.635.514-.748%200-.935-.234-1.495-.933l-4.577-7.186v6.952L12.21%2019s0%20.84-1.168.84l-3.222.186c-.093-.186%200-.653.327-.746l.84-.233V9.854L7.822%209.76c-.094-.42.14-1.026.793-1.073l3.456-.233%204.764%207.279v-6.44l-1.215-.139c-.093-.514.28-.887.747-.933zM1.936%201.035l13.31-.98c1.634-.14%202.055-.047%203.082.7l4.249%202.986c.7.513.934.653.934%201.213v16.378c0%201.026-.373%201.634-1.68%201.726l-15.458.934c-.98.047-1.448-.093-1.962-.747l-3.129-4.06c-.56-.747-.793-1.306-.793-1.96V2.667c0-.839.374-1.54%201.447-1.632z'/%3E%3C/svg%3E"

/** The Notion provider: `owner=user`, no scope, PKCE; the profile is the integration's owner. */
export default function NotionProvider<P extends NotionProfile = NotionProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "notion",
    name: "Notion",
    type: "oauth",
    authorization: { url: `${API}/v1/oauth/authorize`, params: { owner: "user" } },
    token: `${API}/v1/oauth/token`,
    userinfo: { url: `${API}/v1/users/me`, request: requestOwner },
    profile(profile: P): User {
      return {
        id: profile.id,
        name: profile.name ?? null,
        email: profile.person?.email ?? null,
        image: profile.avatar_url ?? null,
      }
    },
    style: { brandColor: "#ffffff", logo: LOGO },
    options,
  }
}

/** `userinfo.request`: `GET /v1/users/me` with `Notion-Version`, unwrapped to `bot.owner.user`. */
async function requestOwner({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const userinfo = provider.userinfo
  const url = String((typeof userinfo === "string" ? userinfo : userinfo?.url) ?? `${API}/v1/users/me`)
  const response = await providerFetch(provider)(url, {
    headers: { authorization: `Bearer ${tokens.access_token ?? ""}`, "notion-version": NOTION_API_VERSION },
  })
  if (!response.ok) throw new TypeError(`Notion's users/me answered ${response.status}.`)
  const bot = (await response.json()) as Partial<NotionBotUser>
  const owner = bot?.bot?.owner
  if (owner?.type !== "user" || !owner.user?.id) {
    throw new TypeError("Notion's token belongs to a workspace-owned integration: there is no user to sign in.")
  }
  return owner.user as Profile
}
