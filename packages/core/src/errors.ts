/**
 * Every error Gatehouse raises. Each class has a stable `type` (the Auth.js class name, used in `?error=` and in
 * logs) and a `kind`: `"signIn"` errors send the user back to the sign-in page, `"error"` ones to the error page.
 *
 * Test with `instanceof` (or switch on `err.type`) and rethrow anything else.
 */

import { clientSafe, type ErrorOptions, type ErrorType } from "./error-types.js"
import type { Cookie } from "./http/cookie.js"

export type { ErrorOptions, ErrorType } from "./error-types.js"

/**
 * The base of all Gatehouse errors.
 *
 * @example
 * try { await signIn("credentials", form) } catch (e) { if (e instanceof AuthError) return e.type; throw e }
 */
export class AuthError extends Error {
  /** Identifies the error in logs and in `?error=`. */
  type: ErrorType
  /** `"signIn"` errors return the user to the sign-in page; the rest go to the error page. */
  kind?: "signIn" | "error"
  declare cause?: Record<string, unknown> & { err?: Error }

  /**
   * @param message what went wrong, or the original `Error` (kept as `cause.err`, its message reused), or options
   * @param errorOptions `cause` details merged into `this.cause`
   */
  constructor(message?: string | Error | ErrorOptions, errorOptions?: ErrorOptions) {
    if (message instanceof Error) {
      super(message.message, { cause: { err: message, ...errorOptions?.cause } })
    } else if (typeof message === "string") {
      super(message, errorOptions)
    } else {
      super(undefined, message)
    }
    this.name = this.constructor.name
    this.type = ((this.constructor as typeof AuthError).type ?? "AuthError") as ErrorType
    this.kind = (this.constructor as typeof AuthError).kind ?? "error"
  }

  /** Set by each subclass; `AuthError` itself has none (its instances are typed `"AuthError"`), as in Auth.js. */
  static type?: string
  /** `"signIn"` on `SignInError` and its subclasses only, as in Auth.js; instances default to `"error"`. */
  static kind?: "signIn" | "error"
}

/** Errors that send the user back to the sign-in page. */
export class SignInError extends AuthError {
  static override kind = "signIn" as const
  static override type = "SignInError"
}

/** A `signIn` callback returned false or threw; the message is the original error's. */
export class AccessDenied extends AuthError {
  static override type = "AccessDenied"
}

/** An adapter method threw. The original error is in `cause.err`. */
export class AdapterError extends AuthError {
  static override type = "AdapterError"
}

/** Any error in the callback route that is not an `AuthError` of its own. */
export class CallbackRouteError extends AuthError {
  static override type = "CallbackRouteError"
}

/** A custom error page itself needed authentication. */
export class ErrorPageLoop extends AuthError {
  static override type = "ErrorPageLoop"
}

/** An event handler threw; logged, never breaks the flow. */
export class EventError extends AuthError {
  static override type = "EventError"
}

/** A `callbackUrl` (query, body or cookie) is not an http(s) URL. */
export class InvalidCallbackUrl extends AuthError {
  static override type = "InvalidCallbackUrl"
}

/**
 * Thrown from `authorize` when the credentials are wrong. `code` travels to the client as `?code=`; keep it generic
 * (never say whether the user exists). Subclass it to set another code.
 *
 * @example
 * class InvalidLogin extends CredentialsSignin { code = "invalid_login" }
 */
export class CredentialsSignin extends SignInError {
  static override type = "CredentialsSignin"
  /** Sent to the client in `?code=`. */
  code: string = "credentials"
}

/** An OAuth provider has neither an issuer nor the endpoint it needs. */
export class InvalidEndpoints extends AuthError {
  static override type = "InvalidEndpoints"
}

/** A PKCE, state, nonce or WebAuthn challenge cookie is missing, undecodable or bound to another provider. */
export class InvalidCheck extends AuthError {
  static override type = "InvalidCheck"
}

/** A session token could not be decrypted or verified. */
export class JWTSessionError extends AuthError {
  static override type = "JWTSessionError"
}

/** A feature needs a database adapter and none is configured. */
export class MissingAdapter extends AuthError {
  static override type = "MissingAdapter"
}

/** The adapter lacks methods a configured feature needs. */
export class MissingAdapterMethods extends AuthError {
  static override type = "MissingAdapterMethods"
}

/** A credentials provider has no `authorize`. */
export class MissingAuthorize extends AuthError {
  static override type = "MissingAuthorize"
}

/**
 * No secret is configured. Thrown in production; elsewhere Gatehouse warns and uses an ephemeral secret.
 * `type` is `"MissingSecret"`, as in Auth.js.
 */
export class MissingSecretError extends AuthError {
  static override type = "MissingSecret"
}

/** Alias of {@link MissingSecretError}, under its Auth.js name. */
export { MissingSecretError as MissingSecret }

/** The OAuth account's email belongs to another user and dangerous email linking is off. */
export class OAuthAccountNotLinked extends SignInError {
  static override type = "OAuthAccountNotLinked"
}

/** The provider answered the callback with an `error`. */
export class OAuthCallbackError extends SignInError {
  static override type = "OAuthCallbackError"
}

/** A provider's `profile()` threw or returned nothing usable. */
export class OAuthProfileParseError extends AuthError {
  static override type = "OAuthProfileParseError"
}

/** Looking up a database session failed. */
export class SessionTokenError extends AuthError {
  static override type = "SessionTokenError"
}

/** Starting an OAuth sign-in failed. */
export class OAuthSignInError extends SignInError {
  static override type = "OAuthSignInError"
}

/** Sending a magic link failed. */
export class EmailSignInError extends SignInError {
  static override type = "EmailSignInError"
}

/**
 * The store could not delete the database session on sign-out: the session stays valid until it expires. The browser's
 * cookie is cleared all the same; a server-side `signOut` rejects with this error, and an integration writes its
 * `cookies` (or `headers`, `Set-Cookie` lines) on the response before showing the error.
 *
 * @example
 * try { await signOut(request) } catch (e) { if (e instanceof SignOutError) return errorPage(e.headers); throw e }
 */
export class SignOutError extends AuthError {
  static override type = "SignOutError"
  /** The cookies that clear the session cookie from this browser. */
  cookies: Cookie[] = []
  /** The same cookies as `Set-Cookie` lines, set by `Gatehouse().signOut`. */
  headers: Headers = new Headers()
}

/** The path or method names no endpoint. */
export class UnknownAction extends AuthError {
  static override type = "UnknownAction"
}

/** The configuration asks for a combination that cannot work (credentials only, with no way to keep a session). */
export class UnsupportedStrategy extends AuthError {
  static override type = "UnsupportedStrategy"
}

/** The callback names no configured provider, or one of a type that cannot be used there. */
export class InvalidProvider extends AuthError {
  static override type = "InvalidProvider"
}

/** `trustHost` is off and no `AUTH_URL` says which host is ours. */
export class UntrustedHost extends AuthError {
  static override type = "UntrustedHost"
}

/** A magic link is unknown, used, expired or for another address. */
export class Verification extends AuthError {
  static override type = "Verification"
}

/** The CSRF token is missing or does not match its cookie. */
export class MissingCSRF extends SignInError {
  static override type = "MissingCSRF"
}

/** Two WebAuthn providers enable conditional UI. */
export class DuplicateConditionalUI extends AuthError {
  static override type = "DuplicateConditionalUI"
}

/** Conditional UI needs a form field whose `autocomplete` contains `webauthn`. */
export class MissingWebAuthnAutocomplete extends AuthError {
  static override type = "MissingWebAuthnAutocomplete"
}

/** A WebAuthn registration or assertion failed verification. */
export class WebAuthnVerificationError extends AuthError {
  static override type = "WebAuthnVerificationError"
}

/** A WebAuthn credential belongs to another user. */
export class AccountNotLinked extends SignInError {
  static override type = "AccountNotLinked"
}

/**
 * A rate limit refused the request (docs/rate-limits.md): too many sign-in e-mails for one address, too many
 * credentials attempts for one identifier, too many requests from one client. Nothing was done. Answered with 429 and `Retry-After`; server-side
 * `signIn()` rejects with it. Not an Auth.js error (Auth.js does not throttle).
 */
export class TooManyRequests extends SignInError {
  static override type = "TooManyRequests"
  constructor(
    /** Whole seconds until the refused budget (an identifier's, an address's, a client's) allows another try. */
    readonly retryAfter: number,
    message = "Too many sign-in e-mails for this address; try again later.",
  ) {
    super(message)
  }
}

/**
 * A provider's access token could not be refreshed (Gatehouse only; the name is the session `error` Auth.js's
 * refresh guide uses). `permanent`: the provider refused the refresh token (`invalid_grant`: revoked, expired,
 * reused) or its answer failed validation, so retrying cannot help; otherwise (time-out, 5xx, an HTML page) a later
 * call may succeed.
 */
export class RefreshTokenError extends AuthError {
  static override type = "RefreshTokenError"
  constructor(
    message: string,
    readonly permanent: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}

/** An experimental feature is used without being enabled. */
export class ExperimentalFeatureNotEnabled extends AuthError {
  static override type = "ExperimentalFeatureNotEnabled"
}

/** True when the error's type may be shown to the user in `?error=`; every other error is reported as `Configuration`. */
export function isClientError(error: unknown): error is AuthError {
  return error instanceof AuthError && clientSafe.has(error.type)
}

/**
 * Sessions cannot be listed or revoked (Gatehouse only): the configuration has no session registry (`status` 501: an
 * adapter without `listSessions`/`deleteUserSessions`, or JWT sessions without `sessionStore`), or its store could not
 * be reached (503). The message says which.
 */
export class SessionRegistryError extends AuthError {
  static override type = "SessionRegistryError"
  constructor(
    message: string,
    readonly status: 501 | 503,
  ) {
    super(message)
  }
}
