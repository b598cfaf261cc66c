/**
 * The resources of the interface (spec "Resources and their fields"), with the exact fields and nullability.
 *
 * `User`, `Session` and `JWT` are interfaces so that applications can augment them, exactly as with Auth.js:
 *
 * ```ts
 * declare module "@gatehousejs/core/types" {
 *   interface Session { accessToken?: string }
 * }
 * ```
 *
 * `User`, `Account`, `ProviderType` and the token types are declared in user-account.ts and re-exported here.
 */
import type { AdapterUser } from "./adapters.js"
import type { ProviderType, User } from "./user-account.js"

export type { Account, AuthorizationDetails, ProviderType, TokenEndpointResponse, TokenSet, User, WebAuthnProviderType } from "./user-account.js"

export interface DefaultSession {
  user?: User
  /** ISO 8601 date at which the session ends. */
  expires: string
}

/** What `/session` returns and `auth()` resolves to. Augment it to add fields. */
export interface Session extends DefaultSession {}

/** The claims the default `jwt` callback puts in the token. */
export interface DefaultJWT extends Record<string, unknown> {
  name?: string | null
  email?: string | null
  picture?: string | null
  sub?: string
  iat?: number
  exp?: number
  jti?: string
}

/** The decrypted session token. Anything the `jwt` callback returns is stored in it. Augment it to type your claims. */
export interface JWT extends Record<string, unknown>, DefaultJWT {}

/** OpenID Connect standard claims; any other claim is allowed. */
export interface Profile {
  id?: string | null
  sub?: string | null
  name?: string | null
  given_name?: string | null
  family_name?: string | null
  middle_name?: string | null
  nickname?: string | null
  preferred_username?: string | null
  profile?: string | null
  picture?: unknown
  website?: string | null
  email?: string | null
  email_verified?: boolean | null
  gender?: string | null
  birthdate?: string | null
  zoneinfo?: string | null
  locale?: string | null
  phone_number?: string | null
  updated_at?: Date | number | string | null
  address?: {
    formatted?: string | null
    street_address?: string | null
    locality?: string | null
    region?: string | null
    postal_code?: string | null
    country?: string | null
  } | null
  [claim: string]: unknown
}

/** Look of the built-in pages. */
export interface Theme {
  colorScheme?: "auto" | "dark" | "light"
  /** Absolute or same-origin URL of a logo; rendered as an image only, never fetched by the server. */
  logo?: string
  brandColor?: string
  buttonText?: string
}

/** Button styles of an OAuth provider on the built-in sign-in page. */
export interface OAuthProviderButtonStyles {
  /** Same-origin path or `data:image` URL, shown at 24 × 24 px. */
  logo?: string
  brandColor?: string
  /** The button's fill when the brand's button is not its brand colour (Google's is white); else `brandColor`. */
  bg?: string
  /** The text colour; used when readable on the fill (WCAG AA), otherwise black or white is chosen. */
  text?: string
  /** On a dark page: fill, text and logo (Apple's button is white there), as in next-auth v4. Default: the above. */
  bgDark?: string
  textDark?: string
  logoDark?: string
}

/** Paths of pages that replace the built-in ones. */
export interface PagesOptions {
  signIn: string
  signOut: string
  error: string
  verifyRequest: string
  newUser: string
}

export interface CookieOption {
  name: string
  options: CookieSerializeOptions
}

export interface CookieSerializeOptions {
  domain?: string
  expires?: Date
  httpOnly?: boolean
  maxAge?: number
  partitioned?: boolean
  path?: string
  priority?: "low" | "medium" | "high"
  sameSite?: boolean | "lax" | "strict" | "none"
  secure?: boolean
}

export interface CookiesOptions {
  sessionToken: Partial<CookieOption>
  callbackUrl: Partial<CookieOption>
  csrfToken: Partial<CookieOption>
  pkceCodeVerifier: Partial<CookieOption>
  state: Partial<CookieOption>
  nonce: Partial<CookieOption>
  webauthnChallenge: Partial<CookieOption>
  /** A passkey registered signed out, waiting for its address to be proven by an e-mail link (Gatehouse only). */
  pendingPasskey: Partial<CookieOption>
}

/** The endpoints under `basePath`. */
export type AuthAction =
  | "callback"
  | "csrf"
  | "error"
  | "providers"
  | "session"
  | "signin"
  | "signout"
  | "verify-request"
  | "webauthn-options"

/** The documented values of `?error=` on the error page; `SignOutError` is Gatehouse's own (RT-05). */
export type ErrorPageParam = "Configuration" | "AccessDenied" | "Verification" | "SignOutError"

/** The values of `?error=` on the sign-in page. */
export type SignInPageErrorParam =
  | "Signin"
  | "OAuthSignin"
  | "OAuthCallbackError"
  | "OAuthCreateAccount"
  | "EmailCreateAccount"
  | "Callback"
  | "OAuthAccountNotLinked"
  | "EmailSignin"
  | "CredentialsSignin"
  | "SessionRequired"
  | "MissingCSRF"

/** A user as the callbacks see it: a `User`, or an `AdapterUser` when a database is used. */
export type UserOrAdapterUser = User | AdapterUser

/** Returned by the public `/providers` endpoint. */
export interface PublicProvider {
  id: string
  name: string
  type: ProviderType
  signinUrl: string
  callbackUrl: string
}
