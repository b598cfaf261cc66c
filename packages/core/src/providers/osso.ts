/**
 * Osso sign-in (OAuth 2 in front of SAML: your Osso instance, which you supply as the issuer, signs the user in at
 * their company's identity provider). The profile is Osso's `GET /oauth/me`.
 *
 * Callback URL to register as a redirect URI of the OAuth client in Osso's admin UI:
 * `https://example.com/auth/callback/osso` (Next.js: `https://example.com/api/auth/callback/osso`).
 * Environment variables when `Osso` is listed bare in `providers`: `AUTH_OSSO_ID`, `AUTH_OSSO_SECRET`,
 * `AUTH_OSSO_ISSUER` (the instance, e.g. `https://osso.example.com`).
 *
 * @example
 * import Osso from "@gatehousejs/core/providers/osso"
 *
 * Gatehouse({ providers: [Osso] }) // AUTH_OSSO_ID, AUTH_OSSO_SECRET, AUTH_OSSO_ISSUER
 * // Osso needs to know whose identity provider to use: pass the user's domain (or email) when signing in.
 * signIn("osso", { redirectTo: "/" }, { domain: "example.com" })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_OSSO_ISSUER`) no sign-in starts: the configuration error that is logged
 *   names that variable. When you call `Osso()` yourself, pass `issuer`. Auth.js appends the paths without a `/`
 *   (`{issuer}oauth/authorize`), so its issuer had to end with `/`; either form works here.
 * - Osso picks the enterprise account by the `domain` (or `email`) authorization parameter, passed to `signIn`.
 * - `/oauth/me` reads the access token from the `access_token` query parameter only, so that is where it goes (with
 *   the Bearer header too); Auth.js sends the header alone, which Osso does not read.
 * - Osso documents no PKCE: the check is `state` (Auth.js sends PKCE alone). The profile has `id`, `email` and `idp`;
 *   no name or picture.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"

/** `GET /oauth/me` of Osso (https://github.com/enterprise-oss/osso-rb, the user's `as_json`). */
export interface OssoProfile extends Record<string, unknown> {
  /** The user's id in Osso, a UUID. */
  id: string
  email: string
  /** The identity provider the user signed in with (`AZURE`, `OKTA`, …). */
  idp: string
  requested?: { domain?: string; email?: string }
}

/** The Osso provider: the user-supplied instance, check `state`, the profile from `/oauth/me`. */
export default function Osso<P extends OssoProfile = OssoProfile>(config: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  const instance = config.issuer?.replace(/\/+$/, "")
  return {
    id: "osso",
    name: "Osso",
    type: "oauth",
    issuer: instance,
    ...(instance
      ? {
          authorization: `${instance}/oauth/authorize`,
          token: `${instance}/oauth/token`,
          userinfo: { url: `${instance}/oauth/me`, request: me },
        }
      : {}),
    checks: ["state"],
    profile(profile: P): User {
      return { id: String(profile.id), name: null, email: profile.email ?? null, image: null }
    },
    // Osso has no brand colour or mark to show: a neutral button.
    style: { brandColor: "#000000" },
    options: (instance ? { ...config, issuer: instance } : config) as OAuthUserConfig<P>,
  }
}

/** `userinfo.request`: `GET /oauth/me?access_token=…`, the one place Osso reads the token from. */
async function me({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const userinfo = provider.userinfo
  const url = new URL(String((typeof userinfo === "string" ? userinfo : userinfo?.url) ?? ""))
  url.searchParams.set("access_token", tokens.access_token ?? "")
  const response = await providerFetch(provider)(url, {
    headers: { authorization: `Bearer ${tokens.access_token ?? ""}`, accept: "application/json" },
  })
  if (!response.ok) throw new TypeError(`Osso's /oauth/me answered ${response.status}.`)
  return (await response.json()) as Profile
}
