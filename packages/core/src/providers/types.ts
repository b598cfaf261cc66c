/**
 * Provider configuration types: what a provider file returns and what users pass to override it.
 */
import type { Adapter, AdapterUser } from "../adapters.js"
import type { Awaitable } from "../util/awaitable.js"
import type { customFetch, conformInternal } from "../symbols.js"
import type { OAuthProviderId } from "./provider-ids.js"
import type { Account, OAuthProviderButtonStyles, Profile, ProviderType, Theme, TokenSet, User } from "../types.js"

/** Fields every provider has. */
export interface CommonProviderOptions {
  /** Unique in `providers`; part of the URLs (`/signin/:id`, `/callback/:id`); the argument of `signIn`. */
  id: string
  /** Label of the default sign-in button ("Sign in with <name>"). */
  name: string
  type: ProviderType
}

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

/** An OAuth 2 provider (`type: "oauth"`). */
export interface OAuthConfig<P = Profile> extends CommonProviderOptions {
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
  /** Overrides the global `redirectProxyUrl` for this provider. */
  redirectProxyUrl?: string
  style?: OAuthProviderButtonStyles
  /** The options the user passed, merged over the provider's defaults. */
  options?: OAuthUserConfig<P>
  [customFetch]?: typeof fetch
  [conformInternal]?: true
}

/** An OpenID Connect provider (`type: "oidc"`). */
export interface OIDCConfig<P = Profile> extends Omit<OAuthConfig<P>, "type" | "checks" | "options"> {
  type: "oidc"
  checks?: OIDCChecks[]
  /** When false, user data comes from the userinfo endpoint (an ID token is still required). Default true. */
  idToken?: boolean
  options?: OAuthUserConfig<P>
}

export type OAuthProviderType = OAuthConfig | OIDCConfig

/** What users pass to a built-in OAuth provider function: everything optional but the credentials. */
export type OAuthUserConfig<P = Profile> = Omit<Partial<OAuthConfig<P>>, "options" | "type"> & {
  clientId?: string
  clientSecret?: string
}

export type OIDCUserConfig<P = Profile> = Omit<Partial<OIDCConfig<P>>, "options" | "type">

/** @internal an OAuth/OIDC provider after normalisation. */
export type OAuthConfigInternal<P = Profile> = (OAuthConfig<P> | OIDCConfig<P>) & {
  signinUrl: string
  callbackUrl: string
}

/** One field of the credentials form on the built-in sign-in page. */
export interface CredentialInput {
  label?: string
  type?: string
  placeholder?: string
  autocomplete?: string
  required?: boolean
  [attribute: string]: unknown
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

/** The relying party of a WebAuthn ceremony: its id (a domain), display name and expected origin. */
export interface RelayingParty {
  id: string
  name: string
  origin: string
}

/** What `getUserInfo` and `getRelayingParty` receive about the configuration (Auth.js passes its internal options). */
export interface WebAuthnProviderContext {
  provider: WebAuthnConfig
  adapter: Adapter
  /** The request URL, with the public origin. */
  url: URL
}

/** What `getUserInfo` and `getRelayingParty` receive about the request (Auth.js's internal request fields). */
export interface WebAuthnRequest {
  url: URL
  method: "GET" | "POST"
  query: Record<string, string>
  body: Record<string, unknown>
  headers: Headers
  cookies: Record<string, string>
}

/**
 * The user a WebAuthn request is for: an existing user (`exists: true`), the details of a new one (`exists: false`),
 * or `null` when the request does not say.
 */
export type WebAuthnUserInfo =
  | { user: AdapterUser | (User & { id: string }); exists: true }
  | { user: Omit<User, "id">; exists: false }
  | null

export type GetUserInfo = (options: WebAuthnProviderContext, request: WebAuthnRequest) => Awaitable<WebAuthnUserInfo>

/** `v14`, `v14.0`, `v14.0.0`: the `@simplewebauthn/browser` version a page asks for. */
export type SemverString = `v${number}` | `v${number}.${number}` | `v${number}.${number}.${number}`

/**
 * Options passed through to `@simplewebauthn/server`. Typed here by shape, without importing the package, so that
 * apps without WebAuthn need none of its types.
 */
export interface WebAuthnAuthenticationOptions {
  timeout?: number
  userVerification?: "required" | "preferred" | "discouraged"
  extensions?: Record<string, unknown>
  [option: string]: unknown
}
export interface WebAuthnRegistrationOptions {
  timeout?: number
  attestationType?: "direct" | "enterprise" | "none"
  authenticatorSelection?: {
    authenticatorAttachment?: "platform" | "cross-platform"
    residentKey?: "discouraged" | "preferred" | "required"
    requireResidentKey?: boolean
    userVerification?: "required" | "preferred" | "discouraged"
  }
  extensions?: Record<string, unknown>
  supportedAlgorithmIDs?: number[]
  preferredAuthenticatorType?: "securityKey" | "localDevice" | "remoteDevice"
  [option: string]: unknown
}
export interface WebAuthnVerifyAuthenticationOptions {
  requireUserVerification?: boolean
  expectedType?: string | string[]
  expectedTopOrigin?: string | string[]
  advancedFIDOConfig?: { userVerification?: "required" | "preferred" | "discouraged" }
  [option: string]: unknown
}
export interface WebAuthnVerifyRegistrationOptions {
  requireUserVerification?: boolean
  requireUserPresence?: boolean
  supportedAlgorithmIDs?: number[]
  expectedType?: string | string[]
  [option: string]: unknown
}

/**
 * The four `@simplewebauthn/server` functions a WebAuthn provider uses. Optional: without it they are imported from
 * `@simplewebauthn/server` (an optional peer dependency) the first time a WebAuthn request arrives.
 */
export interface SimpleWebAuthnServer {
  generateRegistrationOptions(options: never): Promise<unknown>
  generateAuthenticationOptions(options: never): Promise<unknown>
  verifyRegistrationResponse(options: never): Promise<unknown>
  verifyAuthenticationResponse(options: never): Promise<unknown>
}

/**
 * A WebAuthn provider (`type: "webauthn"`, experimental): passkeys and security keys, verified with
 * `@simplewebauthn/server`. Built by `WebAuthn()` and `Passkey()`; the option names are Auth.js's (including its
 * spelling `relayingParty`).
 */
export interface WebAuthnConfig extends CommonProviderOptions {
  type: "webauthn"
  /** The relying party; each field defaults to the request's (hostname, host, origin). Arrays: the first is used. */
  relayingParty?: Partial<{ id: string | string[]; name: string | string[]; origin: string | string[] }>
  /** The relying party of a request (default: from `relayingParty` and the public URL). */
  getRelayingParty?: (options: WebAuthnProviderContext, request: WebAuthnRequest) => RelayingParty
  /** Offer the browser's passkey autofill on the sign-in page. Only one provider may enable it. Default true. */
  enableConditionalUI?: boolean
  /**
   * The `@simplewebauthn/browser` major version the built-in page expects; `false` renders no script (the form then
   * does nothing). The page always runs the copy bundled with Gatehouse (no CDN): see docs/differences.md.
   */
  simpleWebAuthnBrowserVersion?: SemverString | false
  /** The fields of the built-in form (default: an e-mail field with `autocomplete="username webauthn"`). */
  formFields?: Record<string, CredentialInput>
  authenticationOptions?: WebAuthnAuthenticationOptions
  registrationOptions?: WebAuthnRegistrationOptions
  verifyAuthenticationOptions?: WebAuthnVerifyAuthenticationOptions
  verifyRegistrationOptions?: WebAuthnVerifyRegistrationOptions
  /**
   * The user a request is for (default: the `email` query parameter, or body field on POST, looked up with
   * `getUserByEmail`). Must not write to the database.
   */
  getUserInfo?: GetUserInfo
  simpleWebAuthn?: SimpleWebAuthnServer
  options?: Partial<WebAuthnConfig>
  [option: string]: unknown
}

/** @internal a WebAuthn provider after normalisation: every default filled in. */
export type WebAuthnConfigInternal = WebAuthnConfig &
  Required<Pick<WebAuthnConfig, "getRelayingParty" | "getUserInfo" | "enableConditionalUI" | "simpleWebAuthnBrowserVersion" | "formFields" | "registrationOptions">>

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
  | ((options?: never) => ProviderConfig | OAuthConfig<P> | OIDCConfig<P>)
  | ((options: Record<string, unknown>) => ProviderConfig | OAuthConfig<P> | OIDCConfig<P>)

/** Ids of every provider: a string, with the built-in ones suggested. */
export type ProviderId = "credentials" | "email" | "webauthn" | "passkey" | OAuthProviderId | (string & {})

export type { Account }
