/**
 * Google sign-in through OpenID Connect (`https://accounts.google.com`, found by discovery). The profile is the ID
 * token's claims.
 *
 * Callback URL to register for the OAuth client: `https://example.com/auth/callback/google`
 * (Next.js: `https://example.com/api/auth/callback/google`).
 * Environment variables when `Google` is listed bare in `providers`: `AUTH_GOOGLE_ID`, `AUTH_GOOGLE_SECRET`.
 *
 * @example
 * import Google from "@gatehousejs/core/providers/google"
 *
 * Gatehouse({ providers: [Google] })
 * // A refresh token: Google sends one only with access_type=offline, and again only after prompt=consent.
 * Google({ authorization: { params: { access_type: "offline", prompt: "consent" } } })
 *
 * Quirks: `email_verified` and `hd` (the Google Workspace domain) are in the profile for a `signIn` callback that
 * restricts who may sign in (`profile.email_verified && profile.hd === "example.com"`).
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of Google's ID token (https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload). */
export interface GoogleProfile {
  iss: string
  azp: string
  aud: string
  sub: string
  email: string
  email_verified: boolean
  at_hash?: string
  name: string
  picture: string
  given_name: string
  family_name?: string
  locale?: string
  /** The Google Workspace (hosted) domain of the account, when it has one. */
  hd?: string
  nonce?: string
  iat: number
  exp: number
  [claim: string]: unknown
}

// The button mark: the Simple Icons "Google" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
// The standard multi-colour "G" of Google's sign-in button assets (never recoloured: Sign in with Google branding
// guidelines), on white with #1F1F1F text, or #131314 with #E3E3E3 text on a dark page.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2048%2048'%3E%3Cpath%20fill='%23EA4335'%20d='M24%209.5c3.54%200%206.71%201.22%209.21%203.6l6.85-6.85C35.9%202.38%2030.47%200%2024%200%2014.62%200%206.51%205.38%202.56%2013.22l7.98%206.19C12.43%2013.72%2017.74%209.5%2024%209.5z'/%3E%3Cpath%20fill='%234285F4'%20d='M46.98%2024.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58%202.96-2.26%205.48-4.78%207.18l7.73%206c4.51-4.18%207.09-10.36%207.09-17.65z'/%3E%3Cpath%20fill='%23FBBC05'%20d='M10.53%2028.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92%2016.46%200%2020.12%200%2024c0%203.88.92%207.54%202.56%2010.78l7.97-6.19z'/%3E%3Cpath%20fill='%2334A853'%20d='M24%2048c6.48%200%2011.93-2.13%2015.89-5.81l-7.73-6c-2.15%201.45-4.92%202.3-8.16%202.3-6.26%200-11.57-4.22-13.47-9.91l-7.98%206.19C6.51%2042.62%2014.62%2048%2024%2048z'/%3E%3C/svg%3E"

/** The Google provider: OIDC discovery from `https://accounts.google.com`, PKCE, scope `openid profile email`. */
export default function Google<P extends GoogleProfile = GoogleProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "google",
    name: "Google",
    type: "oidc",
    issuer: "https://accounts.google.com",
    profile(profile: P): User {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null }
    },
    style: { brandColor: "#1a73e8", bg: "#ffffff", text: "#1f1f1f", bgDark: "#131314", textDark: "#e3e3e3", logo: LOGO },
    options: options as OIDCConfig<P>["options"],
  }
}
