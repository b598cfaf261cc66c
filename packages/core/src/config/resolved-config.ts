/** What a configuration becomes once resolved (`resolve.ts`): the shape every part of the engine reads. */
import type { Adapter } from "../adapters.js"
import type { AuthError } from "../errors.js"
import type { JWTOptions } from "../jwt.js"
import type { Logger } from "../logger.js"
import type { Locale } from "../pages/locales/codes.js"
import type { LocaleFunction } from "../pages/pick-locale.js"
import type { InternalProvider } from "../providers/normalize.js"
import type { ResolvedRateLimit } from "../rate-limit/options.js"
import type { SessionRegistry } from "../session-registry/registry.js"
import type { CookiesOptions, PagesOptions, Theme } from "../types.js"
import type { CallbacksOptions, EventCallbacks, SessionOptions } from "./auth-config.js"

export interface ResolvedConfig {
  providers: InternalProvider[]
  providersById: Map<string, InternalProvider>
  /** Providers that cannot sign anyone in (no client id, secret or issuer), by id: their sign-in is refused with this. */
  providerProblems: Map<string, AuthError>
  adapter?: Adapter
  /** Without a trailing slash, e.g. `/auth`. */
  basePath: string
  /** Never empty: the configured secrets, or one ephemeral secret outside production. */
  secrets: string[]
  session: SessionOptions
  jwt: { maxAge: number; encode?: JWTOptions["encode"]; decode?: JWTOptions["decode"] }
  callbacks: CallbacksOptions
  /** True when the user supplied a `jwt` callback (its result may differ from the stored token). */
  customJwtCallback: boolean
  events: Partial<EventCallbacks>
  pages: Partial<PagesOptions>
  theme: Required<Theme>
  /** A fixed page language, the app's function choosing one per request, or undefined: `Accept-Language` decides. */
  locale?: Locale | LocaleFunction
  logger: Logger
  trustHost: boolean
  /** `AUTH_URL` / `NEXTAUTH_URL`: its origin replaces the request's. */
  envUrl?: URL
  /** `NODE_ENV=production`: no development fallbacks (an ephemeral secret, a link origin taken from the request). */
  production: boolean
  useSecureCookies?: boolean
  cookies: Partial<CookiesOptions>
  redirectProxyUrl?: string
  skipCSRFCheck: boolean
  raw: boolean
  experimental: { enableWebAuthn: boolean }
  /** The budgets, store and trusted proxies of the rate limits; absent when `rateLimit: false`. */
  rateLimit?: ResolvedRateLimit
  /** Where sessions are listed and revoked (session-registry/); absent when the configuration has no place for it. */
  sessionRegistry?: SessionRegistry
  /**
   * The time, in milliseconds since the epoch: `Date.now` unless a test froze it (symbols.ts `clock`). Every decision
   * that depends on time and has the configuration at hand reads it here (token refresh, session expiry, `updateAge`,
   * `absoluteMaxAge`); the session token codec keeps its own clock, as `jose` does.
   */
  now: () => number
  /** Every configuration problem (the first one's class, all of them in its message), answered on every request. */
  configError?: AuthError
}
