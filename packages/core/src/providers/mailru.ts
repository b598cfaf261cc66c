/**
 * Mail.ru (VK Group) sign-in (OAuth 2). The profile is `GET https://oauth.mail.ru/userinfo`.
 *
 * Callback URL to register as the app's redirect URI: `https://example.com/auth/callback/mailru`
 * (Next.js: `https://example.com/api/auth/callback/mailru`).
 * Environment variables when `Mailru` is listed bare in `providers`: `AUTH_MAILRU_ID`, `AUTH_MAILRU_SECRET`.
 *
 * @example
 * import Mailru from "@gatehousejs/core/providers/mailru"
 *
 * Gatehouse({ providers: [Mailru] })
 *
 * Quirks:
 * - Mail.ru's userinfo takes the token as the `access_token` query parameter (its documented form, and what the
 *   Auth.js v3 provider sent); Auth.js v5 sends only a Bearer header. Both are sent here.
 * - Errors come as `{ error, error_description }`, sometimes with HTTP 200.
 * - The picture is `image` (Auth.js's default mapping reads `picture`, so it has none).
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"

/** `GET /userinfo` (https://oauth.mail.ru/docs). */
export interface MailruProfile {
  id: string
  client_id?: string
  gender?: "m" | "f"
  name?: string
  nickname?: string
  locale?: string
  first_name?: string
  last_name?: string
  email: string
  birthday?: string
  image?: string
  [field: string]: unknown
}

const USERINFO_URL = "https://oauth.mail.ru/userinfo"
// The button mark: the Simple Icons "Mail.Ru" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M15.61%2012c0%201.99-1.62%203.61-3.61%203.61-1.99%200-3.61-1.62-3.61-3.61%200-1.99%201.62-3.61%203.61-3.61%201.99%200%203.61%201.62%203.61%203.61M12%200C5.383%200%200%205.383%200%2012s5.383%2012%2012%2012c2.424%200%204.761-.722%206.76-2.087l.034-.024-1.617-1.879-.027.017A9.494%209.494%200%200%201%2012%2021.54c-5.26%200-9.54-4.28-9.54-9.54%200-5.26%204.28-9.54%209.54-9.54%205.26%200%209.54%204.28%209.54%209.54a9.63%209.63%200%200%201-.225%202.05c-.301%201.239-1.169%201.618-1.82%201.568-.654-.053-1.42-.52-1.426-1.661V12A6.076%206.076%200%200%200%2012%205.93%206.076%206.076%200%200%200%205.93%2012%206.076%206.076%200%200%200%2012%2018.07a6.02%206.02%200%200%200%204.3-1.792%203.9%203.9%200%200%200%203.32%201.805c.874%200%201.74-.292%202.437-.821.719-.547%201.256-1.336%201.553-2.285.047-.154.135-.504.135-.507l.002-.013c.175-.76.253-1.52.253-2.457%200-6.617-5.383-12-12-12'/%3E%3C/svg%3E"

/** The Mail.ru provider: scope `userinfo`, PKCE, the token in the userinfo query. */
export default function Mailru<P extends MailruProfile = MailruProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "mailru",
    name: "Mail.ru",
    type: "oauth",
    authorization: { url: "https://oauth.mail.ru/login", params: { scope: "userinfo" } },
    token: "https://oauth.mail.ru/token",
    userinfo: { url: USERINFO_URL, request: requestUserinfo },
    profile(profile: P): User {
      return {
        id: String(profile.id),
        name: profile.name || [profile.first_name, profile.last_name].filter(Boolean).join(" ") || profile.nickname || null,
        email: profile.email ?? null,
        image: profile.image ?? null,
      }
    },
    style: { brandColor: "#005ff9", logo: LOGO },
    options,
  }
}

/** `userinfo.request`: `GET /userinfo?access_token=…`, Mail.ru's error bodies turned into errors. */
async function requestUserinfo({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const accessToken = tokens.access_token ?? ""
  const userinfo = provider.userinfo
  const url = new URL(String((typeof userinfo === "string" ? userinfo : userinfo?.url) ?? USERINFO_URL))
  url.searchParams.set("access_token", accessToken)
  const response = await providerFetch(provider)(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
  })
  let body: Profile | undefined
  try {
    body = (await response.json()) as Profile
  } catch {
    body = undefined
  }
  if (!response.ok || !body || typeof body.error === "string") {
    // The error text, never the URL: it holds the token.
    const reason = typeof body?.error === "string" ? `error "${body.error}"` : `HTTP ${response.status}`
    throw new TypeError(`Mail.ru's userinfo failed with ${reason}.`)
  }
  return body
}
