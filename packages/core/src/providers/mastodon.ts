/**
 * Mastodon sign-in (OAuth 2) on one instance, which you supply as the issuer. The profile is
 * `GET /api/v1/accounts/verify_credentials` of that instance.
 *
 * Callback URL to register as the application's redirect URI (Preferences → Development → New application, or
 * `POST /api/v1/apps`): `https://example.com/auth/callback/mastodon`
 * (Next.js: `https://example.com/api/auth/callback/mastodon`).
 * Environment variables when `Mastodon` is listed bare in `providers`: `AUTH_MASTODON_ID` (client key),
 * `AUTH_MASTODON_SECRET` (client secret), `AUTH_MASTODON_ISSUER` (the instance, e.g. `https://mastodon.social`).
 *
 * @example
 * import Mastodon from "@gatehousejs/core/providers/mastodon"
 *
 * Gatehouse({ providers: [Mastodon] }) // AUTH_MASTODON_ID, AUTH_MASTODON_SECRET, AUTH_MASTODON_ISSUER
 * // Only what signing in needs (Mastodon 4.3 and later):
 * Mastodon({ issuer: "https://mastodon.social", authorization: { params: { scope: "profile" } } })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_MASTODON_ISSUER`) no sign-in starts: the configuration error that is logged
 *   names that variable. When you call `Mastodon()` yourself, pass `issuer`: the endpoints are built from it. A
 *   trailing `/` is dropped.
 * - A client key works on the one instance that issued it; users of other instances cannot sign in with it.
 * - Scope `read`, as Auth.js (the application must be registered with it); `profile` (Mastodon 4.3+) or
 *   `read:accounts` is enough for signing in.
 * - Checks `pkce` and `state`: Mastodon supports PKCE from 4.3 only, and an older instance ignores the code
 *   challenge, so `state` keeps the callback bound to the browser there (Auth.js sends PKCE alone).
 * - No e-mail address. The name is the display name, else the username (Auth.js: the username); the picture is the
 *   static avatar.
 * - Mastodon's OAuth server offers the authorization code, password and client credentials grants, no refresh
 *   token; its tokens do not expire (`refresh: false`).
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** The account of `GET /api/v1/accounts/verify_credentials` (https://docs.joinmastodon.org/entities/Account/). */
export interface MastodonProfile extends Record<string, unknown> {
  id: string
  username: string
  /** `username` on this instance, `username@domain` for remote accounts. */
  acct: string
  display_name: string
  locked: boolean
  bot: boolean
  created_at: string
  note: string
  url: string
  avatar: string
  avatar_static: string
  header: string
  header_static: string
  followers_count: number
  following_count: number
  statuses_count: number
  last_status_at: string | null
}

// The button mark: the Simple Icons "Mastodon" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M23.268%205.313c-.35-2.578-2.617-4.61-5.304-5.004C17.51.242%2015.792%200%2011.813%200h-.03c-3.98%200-4.835.242-5.288.309C3.882.692%201.496%202.518.917%205.127.64%206.412.61%207.837.661%209.143c.074%201.874.088%203.745.26%205.611.118%201.24.325%202.47.62%203.68.55%202.237%202.777%204.098%204.96%204.857%202.336.792%204.849.923%207.256.38.265-.061.527-.132.786-.213.585-.184%201.27-.39%201.774-.753a.057.057%200%200%200%20.023-.043v-1.809a.052.052%200%200%200-.02-.041.053.053%200%200%200-.046-.01%2020.282%2020.282%200%200%201-4.709.545c-2.73%200-3.463-1.284-3.674-1.818a5.593%205.593%200%200%201-.319-1.433.053.053%200%200%201%20.066-.054c1.517.363%203.072.546%204.632.546.376%200%20.75%200%201.125-.01%201.57-.044%203.224-.124%204.768-.422.038-.008.077-.015.11-.024%202.435-.464%204.753-1.92%204.989-5.604.008-.145.03-1.52.03-1.67.002-.512.167-3.63-.024-5.545zm-3.748%209.195h-2.561V8.29c0-1.309-.55-1.976-1.67-1.976-1.23%200-1.846.79-1.846%202.35v3.403h-2.546V8.663c0-1.56-.617-2.35-1.848-2.35-1.112%200-1.668.668-1.67%201.977v6.218H4.822V8.102c0-1.31.337-2.35%201.011-3.12.696-.77%201.608-1.164%202.74-1.164%201.311%200%202.302.5%202.962%201.498l.638%201.06.638-1.06c.66-.999%201.65-1.498%202.96-1.498%201.13%200%202.043.395%202.74%201.164.675.77%201.012%201.81%201.012%203.12z'/%3E%3C/svg%3E"

/** The Mastodon provider: the user-supplied instance, scope `read`, checks `pkce` + `state`. */
export default function Mastodon<P extends MastodonProfile = MastodonProfile>(options: OAuthUserConfig<P> & { issuer?: string } = {}): OAuthConfig<P> {
  const instance = options.issuer?.replace(/\/+$/, "")
  return {
    id: "mastodon",
    name: "Mastodon",
    type: "oauth",
    refresh: false,
    issuer: instance,
    ...(instance
      ? {
          authorization: { url: `${instance}/oauth/authorize`, params: { scope: "read" } },
          token: `${instance}/oauth/token`,
          userinfo: `${instance}/api/v1/accounts/verify_credentials`,
        }
      : {}),
    checks: ["pkce", "state"],
    profile(profile: P): User {
      return { id: profile.id, name: profile.display_name || profile.username || null, email: null, image: profile.avatar_static ?? null }
    },
    style: { brandColor: "#6364ff", logo: LOGO },
    options: (instance ? { ...options, issuer: instance } : options) as OAuthUserConfig<P>,
  }
}
