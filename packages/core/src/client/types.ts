/** The options and results of the client core's `signIn` and `signOut`, shaped as next-auth/react v5's. */
import type { ProviderId } from "../providers/types.js"
import type { ProviderType } from "../types.js"

/** One entry of `GET <basePath>/providers`: what the browser may know about a provider. */
export interface ClientSafeProvider {
  id: ProviderId
  name: string
  type: ProviderType
  signinUrl: string
  callbackUrl: string
}

/** Query parameters passed on to the provider's authorization URL (`prompt`, `login_hint`, …). */
export type SignInAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams

/** Options of `signIn`; any other key is sent as a form field (credentials, `email`, …). */
export interface SignInOptions<Redirect extends boolean = true> extends Record<string, unknown> {
  /** @deprecated Use `redirectTo` instead. */
  callbackUrl?: string
  /** Where to go after signing in. Default: the current page. */
  redirectTo?: string
  /** `false`: stay on the page and resolve to a {@link SignInResponse}. */
  redirect?: Redirect
}

/** What `signIn(…, { redirect: false })` resolves to. */
export interface SignInResponse {
  /** The Auth.js error type from the answer's `?error=` (`CredentialsSignin`, …), or `ClientFetchError`. */
  error: string | undefined
  /** The `?code=` of a `CredentialsSignin`. */
  code: string | undefined
  status: number
  ok: boolean
  /** Where the server would have sent the browser; `null` when there is an error. */
  url: string | null
}

export interface SignOutParams<Redirect extends boolean = true> {
  /** @deprecated Use `redirectTo` instead. */
  callbackUrl?: string
  /** Where to go after signing out. Default: the current page. */
  redirectTo?: string
  /** `false`: stay on the page and resolve to {@link SignOutResponse}. */
  redirect?: Redirect
}

export interface SignOutResponse {
  url: string
}

/** The `error` of a {@link SignInResponse} when the endpoints could not be reached or did not answer JSON. */
export const CLIENT_FETCH_ERROR = "ClientFetchError"

/** The `error` of a {@link SignInResponse} when the WebAuthn ceremony did not complete (cancelled, no authenticator…). */
export const WEBAUTHN_CEREMONY_ERROR = "WebAuthnVerificationError"
