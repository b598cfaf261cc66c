/**
 * Sign in with SimpleLogin (SIWSL) through OpenID Connect, issuer `https://app.simplelogin.io`. The profile is the ID
 * token's claims; the address may be one of the user's aliases.
 *
 * Callback URL to add to the app's Redirect URIs (https://app.simplelogin.io/developer):
 * `https://example.com/auth/callback/simplelogin` (Next.js: `https://example.com/api/auth/callback/simplelogin`).
 * Environment variables when `SimpleLogin` is listed bare in `providers`: `AUTH_SIMPLELOGIN_ID`,
 * `AUTH_SIMPLELOGIN_SECRET`.
 *
 * @example
 * import SimpleLogin from "@gatehousejs/core/providers/simplelogin"
 *
 * Gatehouse({ providers: [SimpleLogin] })
 *
 * Quirks:
 * - The e-mail address is the one the user chose to share, often an alias that forwards to them; `email_verified` is
 *   true for both.
 * - `avatar_url` is present only when the user shares a picture, and expires after a week.
 * - Checks `pkce` and `state`. SimpleLogin's token endpoint does not verify a PKCE `code_verifier` (nor the
 *   `redirect_uri`), so PKCE alone, Auth.js's default, would leave the callback unbound to the browser that started
 *   the sign-in; `state` binds it. No `nonce`: SimpleLogin puts it in the ID token only for a bare `openid` scope.
 * - For a self-hosted SimpleLogin, pass its URL as `issuer`.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The ID token's claims: the standard ones and SimpleLogin's user info (https://simplelogin.io/docs/siwsl/intro/). */
export interface SimpleLoginProfile {
  /** The user's id for this app, as a string. */
  sub: string
  /** The same id, as a number. */
  id: number
  email: string
  email_verified: boolean
  name: string
  /** A temporary URL (one week), when the user shares a picture. */
  avatar_url: string | null | undefined
  /** The app's name. */
  client: string
  [claim: string]: unknown
}

// The button mark: the Simple Icons "SimpleLogin" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M23.451%203.672c.106.105.199.222.277.348.178.293.272.628.272.97v9.604c0%20.342-.095.679-.274.971a1.899%201.899%200%200%201-.383.444c-.335.286-.76.443-1.201.443H11.727a9.773%209.773%200%200%201-5.2%204.365l-.136.049-.135-.052a9.741%209.741%200%200%201-4.499-3.526A9.702%209.702%200%200%201%200%2011.701a9.794%209.794%200%200%201%20.227-2.1l.052-.237.236-.058c.055-.013.109-.028.162-.042a11.979%2011.979%200%200%200%205.568-3.262l.04-.043.232-.239v-.73c0-.343.095-.68.274-.972.078-.126.171-.242.278-.346a1.835%201.835%200%200%201%201.193-.537h13.994a1.84%201.84%200%200%201%201.195.537Zm-15.075.346c-.033%200-.066.001-.098.004h-.142l.023.021%206.815%206.029a.435.435%200%200%200%20.576%200l6.815-6.029.023-.021h-.146a1.042%201.042%200%200%200-.098-.004H8.376Zm-.898.605a.945.945%200%200%200-.072.367v1.586a11.997%2011.997%200%200%200%204.938%202.681l.114.029.057.015.237.058.051.239a8.49%208.49%200%200%201%20.1.565l.417-.369-5.842-5.171ZM2.329%2016.719a9.049%209.049%200%200%200%204.074%203.312%208.997%208.997%200%200%200%205.68-10.036%2012.736%2012.736%200%200%201-5.555-3.169%2012.751%2012.751%200%200%201-5.583%203.177%209.044%209.044%200%200%200-.161%201.698%209.038%209.038%200%200%200%201.545%205.018Zm10.684-5.098a9.709%209.709%200%200%201-.837%203.944h10.212l-.028-.025-5.826-5.153-.985.87a.43.43%200%200%201-.575%200l-.985-.87-.984.87c.005.122.008.242.008.364Zm10.029%203.339a.94.94%200%200%200%20.072-.366l.001-9.603a.967.967%200%200%200-.071-.364l-5.84%205.168%205.838%205.165ZM6.609%208.206a10.24%2010.24%200%200%200%204.379%202.464c.074.404.113.813.118%201.223v.082a7.233%207.233%200%200%201-1.705%204.655l-.007.008a7.234%207.234%200%200%201-2.97%202.095%207.259%207.259%200%200%201-4.515-6.692c0-.458.043-.915.129-1.365a10.252%2010.252%200%200%200%204.486-2.551l.084.081h.001Zm-3.177%205.053%202.752%202.752h.001l3.831-3.831-.847-.846-2.983%202.984-1.908-1.907-.846.848Z'/%3E%3C/svg%3E"

/** The SimpleLogin provider: discovery on `https://app.simplelogin.io`, scope `openid profile email`, checks `pkce` and `state`. */
export default function SimpleLogin<P extends SimpleLoginProfile = SimpleLoginProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "simplelogin",
    name: "SimpleLogin",
    type: "oidc",
    issuer: "https://app.simplelogin.io",
    checks: ["pkce", "state"],
    profile(profile: P): User {
      return {
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.avatar_url ?? null,
      }
    },
    style: { brandColor: "#e3156a", text: "#ffffff", logo: LOGO },
    options,
  }
}
