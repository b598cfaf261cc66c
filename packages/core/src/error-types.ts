// The names of the errors (errors.ts): every `type` a Gatehouse error has, the ones `?error=` may show the user, and
// the options of an error's constructor.

export type ErrorType =
  | "AccessDenied"
  | "AccountNotLinked"
  | "AdapterError"
  | "AuthError"
  | "BreachCheckUnavailable"
  | "CallbackRouteError"
  | "CredentialsSignin"
  | "DuplicateConditionalUI"
  | "EmailSignInError"
  | "ErrorPageLoop"
  | "EventError"
  | "ExperimentalFeatureNotEnabled"
  | "InvalidCallbackUrl"
  | "InvalidCheck"
  | "InvalidEndpoints"
  | "InvalidProvider"
  | "JWTSessionError"
  | "MissingAdapter"
  | "MissingAdapterMethods"
  | "MissingAuthorize"
  | "MissingCSRF"
  | "MissingSecret"
  | "MissingWebAuthnAutocomplete"
  | "OAuthAccountNotLinked"
  | "OAuthCallbackError"
  | "OAuthProfileParseError"
  | "OAuthSignInError"
  | "RefreshTokenError"
  | "SessionRegistryError"
  | "SessionTokenError"
  | "SignInError"
  | "SignOutError"
  | "TooManyRequests"
  | "UnknownAction"
  | "UnsupportedStrategy"
  | "UntrustedHost"
  | "Verification"
  | "WebAuthnVerificationError"

/** Options of the `Error` constructor; `cause` carries the original error (`err`) and details. */
export interface ErrorOptions {
  cause?: Record<string, unknown> & { err?: Error }
}

export const clientSafe = new Set<string>([
  "CredentialsSignin",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "AccessDenied",
  "Verification",
  "MissingCSRF",
  "AccountNotLinked",
  "WebAuthnVerificationError",
  // Gatehouse only: the error page must say that sign-out did not complete (RT-05); the type reveals nothing else.
  "SignOutError",
])
