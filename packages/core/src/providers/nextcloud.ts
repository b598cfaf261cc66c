/**
 * Nextcloud sign-in (OAuth 2, an OAuth 2.0 client of your Nextcloud server, which you supply as the issuer). The
 * profile is the OCS API's current user, `GET /ocs/v2.php/cloud/user`.
 *
 * Callback URL to register as the client's Redirection URI (Administration settings → Security → OAuth 2.0 clients):
 * `https://example.com/auth/callback/nextcloud` (Next.js: `https://example.com/api/auth/callback/nextcloud`).
 * Environment variables when `Nextcloud` is listed bare in `providers`: `AUTH_NEXTCLOUD_ID`, `AUTH_NEXTCLOUD_SECRET`,
 * `AUTH_NEXTCLOUD_ISSUER` (the server, e.g. `https://cloud.example.com`).
 *
 * @example
 * import Nextcloud from "@gatehousejs/core/providers/nextcloud"
 *
 * Gatehouse({ providers: [Nextcloud] }) // AUTH_NEXTCLOUD_ID, AUTH_NEXTCLOUD_SECRET, AUTH_NEXTCLOUD_ISSUER
 * // A server without pretty URLs:
 * Nextcloud({ issuer: "https://example.com/nextcloud/index.php" })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_NEXTCLOUD_ISSUER`) no sign-in starts: the configuration error that is logged
 *   names that variable. When you call `Nextcloud()` yourself, pass `issuer`: the endpoints are built from it. On a
 *   server without pretty URLs, end the issuer with `/index.php`; it is left out of the OCS and avatar URLs.
 * - The profile comes from `/ocs/v2.php/cloud/user` (the signed-in user) through the provider's `fetch`; Auth.js asks
 *   `/ocs/v1.php/cloud/users/{user_id}` with the global `fetch`, the user id unescaped in the path.
 * - The token endpoint reads the client id and secret from the form body (`client_secret_post`). Checks `pkce` and
 *   `state`: older servers ignore the code challenge, and `state` binds the callback to the browser there.
 * - The picture is the avatar URL `/avatar/{id}/512`; Nextcloud serves it to a signed-in browser. Access tokens last
 *   one hour; each refresh replaces the refresh token.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"

/** The `data` of `GET /ocs/v2.php/cloud/user` (https://docs.nextcloud.com/server/latest/developer_manual/client_apis/OCS/ocs-api-overview.html). */
export interface NextcloudProfile extends Record<string, unknown> {
  id: string
  email: string | null
  displayname: string
  phone: string
  address: string
  website: string
  twitter: string
  fediverse: string
  organisation: string
  role: string
  headline: string
  biography: string
  groups: string[]
  language: string
  locale: string
  enabled: boolean
  storageLocation: string
}

// The button mark: the Simple Icons "Nextcloud" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M12.018%206.537c-2.5%200-4.6%201.712-5.241%204.015-.56-1.232-1.793-2.105-3.225-2.105A3.569%203.569%200%200%200%200%2012a3.569%203.569%200%200%200%203.552%203.553c1.432%200%202.664-.874%203.224-2.106.641%202.304%202.742%204.016%205.242%204.016%202.487%200%204.576-1.693%205.231-3.977.569%201.21%201.783%202.067%203.198%202.067A3.568%203.568%200%200%200%2024%2012a3.569%203.569%200%200%200-3.553-3.553c-1.416%200-2.63.858-3.199%202.067-.654-2.284-2.743-3.978-5.23-3.977zm0%202.085c1.878%200%203.378%201.5%203.378%203.378%200%201.878-1.5%203.378-3.378%203.378A3.362%203.362%200%200%201%208.641%2012c0-1.878%201.5-3.378%203.377-3.378zm-8.466%201.91c.822%200%201.467.645%201.467%201.468s-.644%201.467-1.467%201.468A1.452%201.452%200%200%201%202.085%2012c0-.823.644-1.467%201.467-1.467zm16.895%200c.823%200%201.468.645%201.468%201.468s-.645%201.468-1.468%201.468A1.452%201.452%200%200%201%2018.98%2012c0-.823.644-1.467%201.467-1.467z'/%3E%3C/svg%3E"

/** The Nextcloud provider: the user-supplied server, checks `pkce` + `state`, the profile from the OCS API. */
export default function Nextcloud<P extends NextcloudProfile = NextcloudProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  const server = options.issuer?.replace(/\/+$/, "")
  // OCS and avatars are served outside `index.php`, the OAuth app's routes inside it when pretty URLs are off.
  const root = server?.replace(/\/index\.php$/, "")
  return {
    id: "nextcloud",
    name: "Nextcloud",
    type: "oauth",
    issuer: server,
    ...(server
      ? {
          authorization: `${server}/apps/oauth2/authorize`,
          token: `${server}/apps/oauth2/api/v1/token`,
          userinfo: { url: `${root}/ocs/v2.php/cloud/user`, request: currentUser },
        }
      : {}),
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile: P): User {
      return {
        id: profile.id,
        name: profile.displayname || profile.id,
        email: profile.email ?? null,
        image: root ? `${root}/avatar/${encodeURIComponent(profile.id)}/512` : null,
      }
    },
    style: { brandColor: "#0082c9", logo: LOGO },
    options: (server ? { ...options, issuer: server } : options) as OAuthUserConfig<P>,
  }
}

/** `userinfo.request`: the OCS current user (JSON, with the header OCS requires), unwrapped from `ocs.data`. */
async function currentUser({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const userinfo = provider.userinfo
  const url = new URL(String((typeof userinfo === "string" ? userinfo : userinfo?.url) ?? ""))
  url.searchParams.set("format", "json")
  const response = await providerFetch(provider)(url, {
    headers: { authorization: `Bearer ${tokens.access_token ?? ""}`, accept: "application/json", "ocs-apirequest": "true" },
  })
  if (!response.ok) throw new TypeError(`Nextcloud's OCS user endpoint answered ${response.status}.`)
  const body = (await response.json()) as { ocs?: { data?: unknown } }
  const data = body?.ocs?.data
  if (!data || typeof data !== "object" || typeof (data as { id?: unknown }).id !== "string") {
    throw new TypeError("Nextcloud's OCS user endpoint answered no user.")
  }
  return data as Profile
}
