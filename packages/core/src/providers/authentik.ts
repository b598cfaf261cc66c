/**
 * authentik sign-in through OpenID Connect (an OAuth2/OpenID provider of an authentik application). The issuer is the
 * application's, which you supply; the profile is the ID token's claims.
 *
 * Callback URL to register under the provider's Redirect URIs: `https://example.com/auth/callback/authentik`
 * (Next.js: `https://example.com/api/auth/callback/authentik`).
 * Environment variables when `Authentik` is listed bare in `providers`: `AUTH_AUTHENTIK_ID`, `AUTH_AUTHENTIK_SECRET`,
 * `AUTH_AUTHENTIK_ISSUER` (e.g. `https://authentik.example.com/application/o/my-app/`).
 *
 * @example
 * import Authentik from "@gatehousejs/core/providers/authentik"
 *
 * Gatehouse({ providers: [Authentik] }) // AUTH_AUTHENTIK_ID, AUTH_AUTHENTIK_SECRET, AUTH_AUTHENTIK_ISSUER
 * Authentik({ issuer: "https://authentik.example.com/application/o/my-app/" })
 *
 * Quirks:
 * - Without an `issuer` (option or `AUTH_AUTHENTIK_ISSUER`) no sign-in starts: the configuration error that
 *   is logged names that variable.
 * - authentik's issuer ends with `/` (`https://{host}/application/o/{slug}/`) and is compared exactly; Auth.js's docs
 *   say to leave the slash out, which fails with "issuer does not match" (next-auth #12512). An `issuer` option
 *   without the slash gets it here. (`AUTH_AUTHENTIK_ISSUER` read by the engine for a provider you call yourself
 *   is not rewritten: give it with the slash.)
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of an authentik ID token with the default `openid profile email` scope mappings. */
export interface AuthentikProfile {
  iss: string
  sub: string
  aud: string
  exp: number
  iat: number
  auth_time: number
  acr: string
  c_hash?: string
  nonce?: string
  at_hash?: string
  email: string
  email_verified: boolean
  name: string
  given_name: string
  family_name?: string
  preferred_username: string
  nickname: string
  groups: string[]
  picture?: string
  [claim: string]: unknown
}

// The button mark: the Simple Icons "authentik" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M13.96%209.01h-.84V7.492h-1.234v3.663H5.722c.34.517.538.982.538%201.152%200%20.46-1.445%203.059-3.197%203.059C.8%2015.427-.745%2012.8.372%2010.855a3.062%203.062%200%200%201%202.691-1.606c1.04%200%201.971.915%202.557%201.755V6.577a3.773%203.773%200%200%201%203.77-3.769h10.84C22.31%202.808%2024%204.5%2024%206.577v10.845a3.773%203.773%200%200%201-3.77%203.769h-1.6V17.5h-7.64v3.692h-1.6a3.773%203.773%200%200%201-3.77-3.769v-3.41h12.114v-6.52h-1.59v.893h-.84v-.893H13.96v1.516Zm-9.956%201.845c-.662-.703-1.578-.544-2.209%200-2.105%202.054%201.338%205.553%203.302%201.447a5.395%205.395%200%200%200-1.093-1.447Z'/%3E%3C/svg%3E"

/** The authentik provider: OIDC discovery on the user-supplied issuer (with its trailing `/`), scope `openid profile email`, PKCE. */
export default function Authentik<P extends AuthentikProfile = AuthentikProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  const issuer = options.issuer && !options.issuer.endsWith("/") ? `${options.issuer}/` : options.issuer
  return {
    id: "authentik",
    name: "Authentik",
    type: "oidc",
    issuer,
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? profile.nickname ?? profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }
    },
    style: { brandColor: "#fd4b2d", logo: LOGO },
    options: (issuer ? { ...options, issuer } : options) as OIDCConfig<P>["options"],
  }
}
