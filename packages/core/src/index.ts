/**
 * `@gatehousejs/core`: authentication for Web-standard servers, wire-compatible with Auth.js v5.
 *
 * `Auth(request, config)` answers the auth endpoints; `Gatehouse(config)` returns `{ handlers, auth, signIn, signOut,
 * unstable_update }`. Session tokens: `@gatehousejs/core/jwt`. Providers: `@gatehousejs/core/providers/<id>`.
 */
export { Auth } from "./auth.js"
export { Gatehouse } from "./gatehouse.js"
export type {
  AuthorizationParams,
  GatehouseConfig,
  GatehouseResult,
  RedirectResult,
  RequestWithAuth,
  SignInOptions,
  SignOutOptions,
} from "./gatehouse-types.js"
export type {
  AuthConfig,
  CallbacksOptions,
  EventCallbacks,
  JWTCallbackParams,
  SessionCallbackParams,
  SessionOptions,
  SignInCallbackParams,
} from "./config/auth-config.js"
export { skipCSRFCheck, raw, customFetch, conformInternal, configOf, platformEnv, clientAddressHint } from "./symbols.js"
export { createActionURL, isAuthAction, setEnvDefaults } from "./config/authjs-api.js"
export { PROVIDER_MAX_RESPONSE_BYTES, providerMaxResponseBytes } from "./oauth/http.js"
export * from "./errors.js"
export type * from "./types.js"
export type { LoggerInstance, WarningCode } from "./logger.js"
export type {
  Adapter,
  AdapterAccount,
  AdapterAccountType,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "./adapters.js"
export type * from "./providers/types.js"
export { defaultRedirect } from "./config/default-callbacks.js"
export { withPeerAddress } from "./rate-limit/peer.js"
export { memoryStore, type MemoryStoreOptions } from "./rate-limit/memory-store.js"
export type { RateLimitStore } from "./rate-limit/store.js"
export type { SessionStore } from "./session-registry/store.js"
export type { SessionInfo } from "./session-registry/sessions.js"
export type { SessionFunctions } from "./session-registry/server-functions.js"
export type { PasswordFunctions, PasswordResult } from "./passwords/server-functions.js"
export type { PasswordError, PasswordMail, PasswordMailPurpose } from "./passwords/types.js"
export type { RateLimitBudget, RateLimitOptions } from "./rate-limit/options.js"
export type { RateLimitWindow } from "./rate-limit/policy.js"
export type { RateLimitedAction, RateLimitedBudget } from "./rate-limit/options.js"
export type { AccessToken, GetAccessTokenOptions } from "./token-refresh/access-token.js"
export { frameworkEngine, type ConfigInput, type FrameworkEngine, type FrameworkEngineOptions } from "./integration/framework-engine.js"
export { safeErrorName } from "./integration/config-failure.js"
export type { FormAnswer, FormPost } from "./server/form-post.js"
