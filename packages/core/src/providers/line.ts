/**
 * LINE Login through OpenID Connect (`https://access.line.me`, found by discovery). The profile is the ID token's
 * claims.
 *
 * Callback URL to register in the LINE Login channel's Callback URL: `https://example.com/auth/callback/line`
 * (Next.js: `https://example.com/api/auth/callback/line`).
 * Environment variables when `LINE` is listed bare in `providers`: `AUTH_LINE_ID` (the Channel ID),
 * `AUTH_LINE_SECRET` (the Channel secret).
 *
 * @example
 * import LINE from "@gatehousejs/core/providers/line"
 *
 * Gatehouse({ providers: [LINE] })
 *
 * Quirks:
 * - The ID token of a web login is signed HS256 with the channel secret (`id_token_signed_response_alg`), not with a
 *   key of the JWKS.
 * - `email` needs the e-mail permission, applied for and approved in the LINE Developers console.
 * - State only (no PKCE), as Auth.js configures it.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of LINE's ID token (https://developers.line.biz/en/docs/line-login/verify-id-token/#payload). */
export interface LineProfile {
  iss: string
  sub: string
  aud: string
  exp: number
  iat: number
  auth_time?: number
  nonce?: string
  amr: string[]
  name: string
  picture: string
  email?: string
  [claim: string]: unknown
}

// The button mark: the Simple Icons "LINE" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M19.365%209.863c.349%200%20.63.285.63.631%200%20.345-.281.63-.63.63H17.61v1.125h1.755c.349%200%20.63.283.63.63%200%20.344-.281.629-.63.629h-2.386c-.345%200-.627-.285-.627-.629V8.108c0-.345.282-.63.63-.63h2.386c.346%200%20.627.285.627.63%200%20.349-.281.63-.63.63H17.61v1.125h1.755zm-3.855%203.016c0%20.27-.174.51-.432.596-.064.021-.133.031-.199.031-.211%200-.391-.09-.51-.25l-2.443-3.317v2.94c0%20.344-.279.629-.631.629-.346%200-.626-.285-.626-.629V8.108c0-.27.173-.51.43-.595.06-.023.136-.033.194-.033.195%200%20.375.104.495.254l2.462%203.33V8.108c0-.345.282-.63.63-.63.345%200%20.63.285.63.63v4.771zm-5.741%200c0%20.344-.282.629-.631.629-.345%200-.627-.285-.627-.629V8.108c0-.345.282-.63.63-.63.346%200%20.628.285.628.63v4.771zm-2.466.629H4.917c-.345%200-.63-.285-.63-.629V8.108c0-.345.285-.63.63-.63.348%200%20.63.285.63.63v4.141h1.756c.348%200%20.629.283.629.63%200%20.344-.282.629-.629.629M24%2010.314C24%204.943%2018.615.572%2012%20.572S0%204.943%200%2010.314c0%204.811%204.27%208.842%2010.035%209.608.391.082.923.258%201.058.59.12.301.079.766.038%201.08l-.164%201.02c-.045.301-.24%201.186%201.049.645%201.291-.539%206.916-4.078%209.436-6.975C23.176%2014.393%2024%2012.458%2024%2010.314'/%3E%3C/svg%3E"

/** The LINE provider: OIDC discovery, HS256 ID tokens, scope `openid profile email`, check `state`. */
export default function LINE<P extends LineProfile = LineProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "line",
    name: "LINE",
    type: "oidc",
    issuer: "https://access.line.me",
    client: { id_token_signed_response_alg: "HS256" },
    checks: ["state"],
    profile(profile: P): User {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null }
    },
    style: { brandColor: "#00c300", logo: LOGO },
    options: options as OIDCConfig<P>["options"],
  }
}
