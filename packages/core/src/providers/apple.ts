/**
 * Sign in with Apple, through OpenID Connect (`https://appleid.apple.com`, found by discovery). The profile is the ID
 * token's claims; Apple has no userinfo endpoint.
 *
 * Callback URL to register as a Return URL of the Services ID: `https://example.com/auth/callback/apple`
 * (Next.js: `https://example.com/api/auth/callback/apple`). Apple refuses `localhost` and plain http: test through an
 * https tunnel.
 * Environment variables when `Apple` is listed bare in `providers`: `AUTH_APPLE_ID` (the Services ID) and
 * `AUTH_APPLE_SECRET` (a client-secret JWT, see {@link createAppleClientSecret}).
 *
 * @example
 * import Apple, { createAppleClientSecret } from "@gatehousejs/core/providers/apple"
 *
 * const clientSecret = await createAppleClientSecret({
 *   teamId: "ABCDE12345",
 *   keyId: "FGHIJ67890",
 *   clientId: "com.example.web",
 *   privateKey: process.env.APPLE_PRIVATE_KEY!, // the .p8 file's content
 * })
 * Gatehouse({ providers: [Apple({ clientId: "com.example.web", clientSecret })] })
 *
 * Quirks:
 * - `response_mode=form_post`: Apple's callback is a cross-site POST whose body carries `code`, `state` and, on the
 *   first consent only, `user` (`{ name: { firstName, lastName }, email }`). The engine adds that `user` to the
 *   profile; later sign-ins have no name, so the name falls back to the e-mail address.
 * - Checks `nonce` and `state` (no PKCE); the client secret goes in the token request body (`client_secret_post`).
 * - The client secret is an ES256 JWT that expires after at most 6 months: regenerate it before then.
 * - `[conformInternal]` tells the engine about the `user` form field.
 */
import { importPKCS8, SignJWT } from "jose"
import { conformInternal } from "../symbols.js"
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of Apple's ID token, plus the `user` form field of a first consent. */
export interface AppleProfile {
  /** Always `https://appleid.apple.com`. */
  iss: string
  /** The Services ID (client id). */
  aud: string
  exp: number
  iat: number
  /** The stable user identifier, unique per team. */
  sub: string
  at_hash?: string
  c_hash?: string
  auth_time?: number
  nonce?: string
  nonce_supported?: boolean
  /** The real address, or a private relay address (`…@privaterelay.appleid.com`). */
  email?: string
  email_verified?: boolean | "true" | "false"
  is_private_email?: boolean | "true" | "false"
  /** 0 unsupported, 1 unknown, 2 likely real. */
  real_user_status?: 0 | 1 | 2
  transfer_sub?: string
  /** The `user` form field, sent on the first consent only. */
  user?: { name?: { firstName?: string; lastName?: string }; email?: string }
  [claim: string]: unknown
}

// The button mark: the Simple Icons "Apple" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M12.152%206.896c-.948%200-2.415-1.078-3.96-1.04-2.04.027-3.91%201.183-4.961%203.014-2.117%203.675-.546%209.103%201.519%2012.09%201.013%201.454%202.208%203.09%203.792%203.039%201.52-.065%202.09-.987%203.935-.987%201.831%200%202.35.987%203.96.948%201.637-.026%202.676-1.48%203.676-2.948%201.156-1.688%201.636-3.325%201.662-3.415-.039-.013-3.182-1.221-3.22-4.857-.026-3.04%202.48-4.494%202.597-4.559-1.429-2.09-3.623-2.324-4.39-2.376-2-.156-3.675%201.09-4.61%201.09zM15.53%203.83c.843-1.012%201.4-2.427%201.245-3.83-1.207.052-2.662.805-3.532%201.818-.78.896-1.454%202.338-1.273%203.714%201.338.104%202.715-.688%203.559-1.701'/%3E%3C/svg%3E"
// Sign in with Apple HIG: the black button on light backgrounds, the white one (black logo) on dark ones.
const LOGO_DARK = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M12.152%206.896c-.948%200-2.415-1.078-3.96-1.04-2.04.027-3.91%201.183-4.961%203.014-2.117%203.675-.546%209.103%201.519%2012.09%201.013%201.454%202.208%203.09%203.792%203.039%201.52-.065%202.09-.987%203.935-.987%201.831%200%202.35.987%203.96.948%201.637-.026%202.676-1.48%203.676-2.948%201.156-1.688%201.636-3.325%201.662-3.415-.039-.013-3.182-1.221-3.22-4.857-.026-3.04%202.48-4.494%202.597-4.559-1.429-2.09-3.623-2.324-4.39-2.376-2-.156-3.675%201.09-4.61%201.09zM15.53%203.83c.843-1.012%201.4-2.427%201.245-3.83-1.207.052-2.662.805-3.532%201.818-.78.896-1.454%202.338-1.273%203.714%201.338.104%202.715-.688%203.559-1.701'/%3E%3C/svg%3E"

/** The Apple provider: OIDC discovery, scope `name email`, `form_post`, checks `nonce` + `state`, `client_secret_post`. */
export default function Apple<P extends AppleProfile = AppleProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "apple",
    name: "Apple",
    type: "oidc",
    issuer: "https://appleid.apple.com",
    authorization: { params: { scope: "name email", response_mode: "form_post" } },
    checks: ["nonce", "state"],
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: P): User {
      const name = [profile.user?.name?.firstName, profile.user?.name?.lastName].filter(Boolean).join(" ")
      return { id: profile.sub, name: name || profile.email || null, email: profile.email ?? null, image: null }
    },
    style: { brandColor: "#000000", text: "#ffffff", bgDark: "#ffffff", textDark: "#000000", logo: LOGO, logoDark: LOGO_DARK },
    [conformInternal]: true,
    options: options as OIDCConfig<P>["options"],
  }
}

/** What {@link createAppleClientSecret} needs, from the Apple developer account. */
export interface AppleClientSecretOptions {
  /** The Team ID (10 characters, top right of the developer account). */
  teamId: string
  /** The Key ID of the "Sign in with Apple" private key. */
  keyId: string
  /** The Services ID, also the provider's `clientId`. */
  clientId: string
  /** The `.p8` key file's PKCS #8 PEM content (literal `\n` escapes from an env variable are accepted), or the key. */
  privateKey: string | CryptoKey
  /** Lifetime in seconds; default and maximum 180 days (Apple accepts at most about 6 months). */
  expiresIn?: number
}

/** 180 days, the lifetime `npx auth add apple` gives the secret and about Apple's 6-month ceiling. */
export const APPLE_CLIENT_SECRET_MAX_AGE = 180 * 24 * 60 * 60

/**
 * Signs the client secret Apple wants instead of a static one: an ES256 JWT with header `kid` = Key ID and claims
 * `iss` = Team ID, `sub` = Services ID, `aud` = `https://appleid.apple.com`, `iat`, `exp`.
 *
 * @example
 * const clientSecret = await createAppleClientSecret({ teamId, keyId, clientId, privateKey, expiresIn: 86400 * 30 })
 */
export async function createAppleClientSecret(options: AppleClientSecretOptions): Promise<string> {
  const { teamId, keyId, clientId, privateKey, expiresIn = APPLE_CLIENT_SECRET_MAX_AGE } = options
  if (!Number.isInteger(expiresIn) || expiresIn <= 0 || expiresIn > APPLE_CLIENT_SECRET_MAX_AGE) {
    throw new RangeError(`expiresIn must be a whole number of seconds between 1 and ${APPLE_CLIENT_SECRET_MAX_AGE} (180 days).`)
  }
  for (const [name, value] of Object.entries({ teamId, keyId, clientId })) {
    if (typeof value !== "string" || !value) throw new TypeError(`${name} is required to sign the Apple client secret.`)
  }
  const key = typeof privateKey === "string" ? await importPKCS8(privateKey.replace(/\\n/g, "\n"), "ES256") : privateKey
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: keyId })
    .setIssuer(teamId)
    .setSubject(clientId)
    .setAudience("https://appleid.apple.com")
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(key)
}
