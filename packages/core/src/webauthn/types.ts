/**
 * The configuration types of WebAuthn providers (`WebAuthn()`, `Passkey()`), with Auth.js's option names. Typed by
 * shape, without importing `@simplewebauthn/server`, so that apps without WebAuthn need none of its types.
 */
import type { Adapter, AdapterUser } from "../adapters.js"
import type { CommonProviderOptions, CredentialInput } from "../provider-common.js"
import type { User } from "../types.js"
import type { Awaitable } from "../util/awaitable.js"

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
   * `getUserByEmail`). Must not write to the database. Asked only for a signed-out registration (`action=register`);
   * unlike Auth.js, its answer does not choose the ceremony, and an existing user's id and details are not used.
   */
  getUserInfo?: GetUserInfo
  simpleWebAuthn?: SimpleWebAuthnServer
  options?: Partial<WebAuthnConfig>
  [option: string]: unknown
}

/** @internal a WebAuthn provider after normalisation: every default filled in. */
export type WebAuthnConfigInternal = WebAuthnConfig &
  Required<Pick<WebAuthnConfig, "getRelayingParty" | "getUserInfo" | "enableConditionalUI" | "simpleWebAuthnBrowserVersion" | "formFields" | "registrationOptions">>
