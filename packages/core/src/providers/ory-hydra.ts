/**
 * Ory Hydra sign-in through OpenID Connect: a self-hosted Ory Hydra, or an Ory Network project (whose OAuth 2 server
 * is Hydra). The issuer is your Hydra's public URL, which you supply; the profile is the ID token's claims. The id is
 * `hydra`, as in Auth.js.
 *
 * Callback URL to register in the OAuth 2 client's `redirect_uris`: `https://example.com/auth/callback/hydra`
 * (Next.js: `https://example.com/api/auth/callback/hydra`).
 * Environment variables when `OryHydra` is listed bare in `providers`: `AUTH_HYDRA_ID`, `AUTH_HYDRA_SECRET`,
 * `AUTH_HYDRA_ISSUER` (e.g. `https://your-project.projects.oryapis.com`, or `https://hydra.example.com/`).
 *
 * @example
 * import OryHydra from "@gatehousejs/core/providers/ory-hydra"
 *
 * Gatehouse({ providers: [OryHydra] }) // AUTH_HYDRA_ID, AUTH_HYDRA_SECRET, AUTH_HYDRA_ISSUER
 * OryHydra({ issuer: "https://your-project.projects.oryapis.com", authorization: { params: { scope: "openid offline_access email" } } })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_HYDRA_ISSUER`) no sign-in starts: the configuration error that is logged
 *   names that variable. Give the issuer exactly as Hydra's discovery document writes it (`urls.self.issuer`,
 *   trailing `/` included or not): it is compared as is.
 * - Hydra is headless: which claims the ID token carries (`email`, `name`, …) is decided by your login and consent
 *   app (Ory Network: the identity's traits). The client must be allowed the scopes requested; a refresh token needs
 *   `offline_access` (or `offline`) and the `refresh_token` grant type.
 * - `OryHydraProfile` in Auth.js types `iat` and `exp` as strings; they are numbers (seconds), as in every JWT.
 * - The client is sent as a Basic header (Hydra's default `client_secret_basic`). Checks `pkce`.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of Hydra's ID token (https://www.ory.sh/docs/oauth2-oidc/userinfo-oidc). */
export interface OryHydraProfile extends Record<string, unknown> {
  iss: string
  ver?: string
  sub: string
  aud: string | string[]
  iat: number
  exp: number
  jti: string
  amr?: string | string[]
  acr?: string
  auth_time?: number
  rat?: number
  sid?: string
  email?: string
  email_verified?: boolean
  name?: string
  preferred_username?: string
  picture?: string
}

// The button mark: the Simple Icons "Ory" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M12%206a6%206%200%201%200%200%2012%206%206%200%200%200%200-12m-6-.75V3l6-3%206%203v2.25l-6-3zm12%2013.5V21l-6%203-6-3v-2.25l6%203z'/%3E%3C/svg%3E"

/** The Ory Hydra provider (id `hydra`): OIDC discovery on the user-supplied issuer, scope `openid profile email`, PKCE. */
export default function OryHydra<P extends OryHydraProfile = OryHydraProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "hydra",
    name: "Hydra",
    type: "oidc",
    issuer: options.issuer,
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    style: { brandColor: "#4f46e5", logo: LOGO },
    options: options as OIDCConfig<P>["options"],
  }
}
