/**
 * Provider configuration types: what a provider file returns and what users pass to override it.
 */
import type { Awaitable } from "../util/awaitable.js"
import type { customFetch, conformInternal } from "../symbols.js"
import type { providerMaxResponseBytes } from "../oauth/http.js"
import type { OAuthProviderId } from "./provider-ids.js"
import type { WebAuthnConfig } from "../webauthn/types.js"
import type { CommonProviderOptions, CredentialInput } from "../provider-common.js"

export type { CommonProviderOptions, CredentialInput }
import type { LocalizedText, Translations } from "../pages/locales/localized-text.js"

export type { LocalizedText, Translations }
import type { Account, OAuthProviderButtonStyles, Profile, Theme, TokenSet, User } from "../types.js"

/** OAuth checks. `nonce` applies to OIDC only. */
export type OAuthChecks = "none" | "state" | "pkce"
export type OIDCChecks = OAuthChecks | "nonce"

type UrlParams = Record<string, unknown>

/** An endpoint given as a URL, or as an object with a URL, extra parameters and an optional custom request. */
export interface EndpointHandler<P extends UrlParams = UrlParams, C = unknown, R = unknown> {
  url?: string
  params?: P
  request?: (context: C) => Awaitable<R>
  /** Fixes a non-compliant response before it is validated. */
  conform?: (response: Response) => Awaitable<Response | undefined>
}

export interface AuthorizationParameters extends UrlParams {
  scope?: string
  response_type?: string
  response_mode?: string
  prompt?: string
  [key: string]: unknown
}

export interface TokenEndpointContext {
  params: Record<string, string | undefined>
  checks: { code_verifier?: string; nonce?: string; state?: string }
  provider: OAuthConfigInternal<Profile>
}

export interface UserinfoEndpointContext {
  tokens: TokenSet
  provider: OAuthConfigInternal<Profile>
}

/** Client settings passed to the OAuth client (oauth4webapi), plus the token endpoint authentication method. */
export interface OAuthClientSettings {
  token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post" | "client_secret_jwt" | "private_key_jwt" | "none" | (string & {})
  id_token_signed_response_alg?: string
  authorization_signed_response_alg?: string
  userinfo_signed_response_alg?: string
  [key: string]: unknown
}

export type ProfileCallback<P> = (profile: P, tokens: TokenSet) => Awaitable<User>
export type AccountCallback = (tokens: TokenSet) => TokenSet | undefined | void

/** An OAuth 2 provider (`type: "oauth"`); Auth.js's name. */
export interface OAuth2Config<P = Profile> extends CommonProviderOptions {
  type: "oauth"
  clientId?: string
  clientSecret?: string
  issuer?: string
  /** OIDC discovery document URL; replaces `authorization`, `token` and `userinfo`. */
  wellKnown?: string
  /** Where sign-in starts: a URL, or parameters and URL. */
  authorization?: string | EndpointHandler<AuthorizationParameters>
  /** The token endpoint; a handler receives `checks` and `params` and returns `tokens`. */
  token?: string | EndpointHandler<UrlParams, TokenEndpointContext, { tokens: TokenSet }>
  /** The userinfo endpoint; a handler receives `tokens` and returns a profile. */
  userinfo?: string | EndpointHandler<UrlParams, UserinfoEndpointContext, Profile>
  jwks_endpoint?: unknown
  /** Default `["pkce"]`; `state` is added when a redirect proxy is configured. */
  checks?: OAuthChecks[]
  client?: OAuthClientSettings
  /**
   * Maps the provider's profile to the user (default: `id`, `name`, `email`, `image` from the standard claims).
   * A method, so that a provider typed with its own profile fits in `providers` (bivariant parameters).
   */
  profile?(profile: P, tokens: TokenSet): Awaitable<User>
  /** The token fields stored with the account (default: access, id and refresh tokens, expiry, scope, type). */
  account?(tokens: TokenSet): TokenSet | undefined | void
  /** Link to an existing user with the same email. Dangerous: trust the provider's email verification. */
  allowDangerousEmailAccountLinking?: boolean
  /**
   * How the provider's access token is refreshed (Gatehouse only): by default the `refresh_token` grant at the token
   * endpoint, with the provider's client authentication; `url` and `params` for a provider that refreshes elsewhere
   * or wants more parameters; `false` for one that has no refresh grant.
   */
  refresh?: false | RefreshSettings
  /** Overrides the global `redirectProxyUrl` for this provider. */
  redirectProxyUrl?: string
  style?: OAuthProviderButtonStyles
  /** The options the user passed, merged over the provider's defaults. */
  options?: OAuthUserConfig<P>
  [customFetch]?: typeof fetch
  /** Largest answer read from this provider, in bytes (default `PROVIDER_MAX_RESPONSE_BYTES`, 1 MiB). */
  [providerMaxResponseBytes]?: number
  [conformInternal]?: true
}

/** Where and how a provider refreshes its access token (the `refresh` option). */
export interface RefreshSettings {
  /** The refresh endpoint, when it is not the token endpoint; its query parameters are sent too. */
  url?: string
  /** More parameters of the refresh request; a function receives the provider's settings (`clientId`…). */
  params?: Record<string, unknown>
}

/** An OpenID Connect provider (`type: "oidc"`). */
export interface OIDCConfig<P = Profile> extends Omit<OAuth2Config<P>, "type" | "checks" | "options"> {
  type: "oidc"
  checks?: OIDCChecks[]
  /** When false, user data comes from the userinfo endpoint (an ID token is still required). Default true. */
  idToken?: boolean
  options?: OIDCUserConfig<P>
}

/** An OAuth 2 or OpenID Connect provider, as Auth.js's `OAuthConfig` (a union: narrow on `type`). */
export type OAuthConfig<P = Profile> = OAuth2Config<P> | OIDCConfig<P>

export type OAuthProviderType = OAuthConfig

/** What users pass to a built-in OAuth provider function: everything optional but the credentials. */
export type OAuthUserConfig<P = Profile> = Omit<Partial<OAuth2Config<P>>, "options" | "type"> & {
  clientId?: string
  clientSecret?: string
}

export type OIDCUserConfig<P = Profile> = Omit<Partial<OIDCConfig<P>>, "options" | "type">

/** @internal an OAuth/OIDC provider after normalisation. */
export type OAuthConfigInternal<P = Profile> = OAuthConfig<P> & {
  signinUrl: string
  callbackUrl: string
}


/** A credentials provider (`type: "credentials"`). */
export interface CredentialsConfig<C extends Record<string, CredentialInput> = Record<string, CredentialInput>>
  extends CommonProviderOptions {
  type: "credentials"
  /** The form fields of the built-in sign-in page; the form is shown only when there is at least one. */
  credentials: C
  /**
   * Checks the submitted credentials. Return the user (its `id` becomes `providerAccountId`), or `null` to refuse
   * with `CredentialsSignin`. Throw a `CredentialsSignin` subclass to send a custom `code` to the client.
   */
  authorize: (credentials: Partial<Record<keyof C, unknown>>, request: Request) => Awaitable<User | null>
  /**
   * With database sessions, a new user whose address a stored user already has is linked to that user instead of
   * refused with `AccountNotLinked` (Gatehouse only). Dangerous: only when `authorize` has proven the address.
   */
  allowDangerousEmailAccountLinking?: boolean
  options?: Partial<CredentialsConfig<C>>
}

/** Parameters of an email provider's `sendVerificationRequest`. */
export interface SendVerificationRequestParams {
  identifier: string
  url: string
  expires: Date
  provider: EmailConfig
  token: string
  theme: Theme
  request: Request
}

/** A magic-link provider (`type: "email"`). */
export interface EmailConfig extends CommonProviderOptions {
  type: "email"
  from?: string
  /** Lifetime of a link in seconds. Default 600 (10 minutes). */
  maxAge?: number
  sendVerificationRequest: (params: SendVerificationRequestParams) => Awaitable<void>
  /** Secret for hashing tokens; defaults to the configuration's. */
  secret?: string
  apiKey?: string
  server?: unknown
  generateVerificationToken?: () => Awaitable<string>
  normalizeIdentifier?: (identifier: string) => string
  /** The fetch used by HTTP email services (Resend). */
  [customFetch]?: typeof fetch
  options?: Partial<EmailConfig>
}

export type ProviderConfig = OAuthConfig | OIDCConfig | CredentialsConfig | EmailConfig | WebAuthnConfig

/**
 * The profile type of a provider in the `providers` list. Each provider types its own profile (GitHub's numeric `id`,
 * Dropbox's `name` object); the list erases it, as Auth.js does, so every built-in provider fits.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- deliberate erasure; see above
type AnyProfile = any

/** A provider in `providers`: a configuration object, or a provider function used bare (called with no options). */
export type Provider<P = AnyProfile> =
  | ((OAuthConfig<P> | OIDCConfig<P> | CredentialsConfig | EmailConfig | WebAuthnConfig) & { options?: unknown })
  // One signature, its argument optional, as Auth.js's: `typeof p === "function" ? p() : p` compiles (a custom page).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any provider's options; see AnyProfile
  | ((options?: any) => ProviderConfig | OAuthConfig<P> | OIDCConfig<P>)

/** Ids of every provider: a string, with the built-in ones suggested. */
export type ProviderId = "credentials" | "email" | "webauthn" | "passkey" | OAuthProviderId | (string & {})

export type { Account }
export type {
  GetUserInfo,
  RelayingParty,
  SemverString,
  SimpleWebAuthnServer,
  WebAuthnAuthenticationOptions,
  WebAuthnConfig,
  WebAuthnConfigInternal,
  WebAuthnProviderContext,
  WebAuthnRegistrationOptions,
  WebAuthnRequest,
  WebAuthnUserInfo,
  WebAuthnVerifyAuthenticationOptions,
  WebAuthnVerifyRegistrationOptions,
} from "../webauthn/types.js"
