/**
 * `AuthConfig`: the configuration object of the spec, with every option, its type and its default.
 */
import type { Adapter, AdapterSession, AdapterUser } from "../adapters.js"
import type { JWT, JWTOptions } from "../jwt.js"
import type { LoggerInstance } from "../logger.js"
import type { LocaleFunction } from "../pages/pick-locale.js"
import type { Provider } from "../providers/types.js"
import type { RateLimitedAction, RateLimitedBudget } from "../rate-limit/options.js"
import type { RateLimitOptions } from "../rate-limit/options.js"
import type { SessionStore } from "../session-registry/store.js"
import type { clientAddressHint, platformEnv, raw, skipCSRFCheck } from "../symbols.js"
import type { Account, CookiesOptions, PagesOptions, Profile, Session, Theme, User } from "../types.js"
import type { Awaitable } from "../util/awaitable.js"

export interface SessionOptions {
  /** `jwt` (default) or `database` (default when an adapter is given). */
  strategy: "jwt" | "database"
  /** Idle expiry in seconds. Default 2592000 (30 days). */
  maxAge: number
  /** Seconds between re-issues of the session (0 = every request). Default 86400 (1 day). Applies to both strategies. */
  updateAge: number
  /** Makes the database session token. Default: a random UUID. */
  generateSessionToken: () => string
  /**
   * Accept a next-auth v4 session cookie (`next-auth.session-token`, `__Secure-` on https) when no v5 one is sent, and
   * re-issue it at once as a v5 cookie, so that upgrading from next-auth v4 signs nobody out. Default `true`.
   */
  acceptNextAuthV4Cookies?: boolean
  /**
   * Without an adapter: which providers' tokens ride in the session token for `getAccessToken` (Gatehouse only):
   * `true` (default) every OAuth/OIDC provider's, a list of provider ids only theirs, `false` none. Each costs about
   * 1–2 KB of cookie; past 4 KB a warning says so once (docs/token-refresh.md).
   */
  providerTokens?: boolean | string[]
  /**
   * Seconds after sign-in at which a session ends however active it is (ASVS 5.0 §7.3; Gatehouse only). Default: off,
   * a session lives as long as it is used within `maxAge`. Database strategy: needs an adapter that records when a
   * session began (ours do). See docs/sessions.md.
   */
  absoluteMaxAge?: number
  /**
   * JWT strategy with a session registry (an adapter with the registry methods, or `sessionStore`): how many seconds a
   * process may trust an earlier answer of the store that a session is live. This bounds how long a revoked JWT session
   * can still be used on another process. Default 5; 0 asks the store on every check (Gatehouse only).
   */
  revocationCacheMaxAge?: number
}

/** Parameters of the `jwt` callback. */
export interface JWTCallbackParams {
  token: JWT
  user: User | AdapterUser
  account?: Account | null
  profile?: Profile
  trigger?: "signIn" | "signUp" | "update"
  /** @deprecated use `trigger === "signUp"` */
  isNewUser?: boolean
  /**
   * Data sent with a session update (`unstable_update`, `useSession().update`). Untrusted: validate it.
   * `any` as in Auth.js, so that its `session?.name` checks compile unchanged.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  session?: any
}

/**
 * Parameters of the `session` callback. As in Auth.js, an intersection of both strategies' parameters, so that
 * `token` (jwt strategy) and `user` (database strategy) are usable without a check: only the configured strategy's
 * one is present at run time.
 */
export type SessionCallbackParams = {
  /** Database strategy: the session row with its user. */
  session: { user: AdapterUser } & AdapterSession
  /** Database strategy only. */
  user: AdapterUser
} & {
  session: Session
  /** JWT strategy only: the token the `jwt` callback returned. */
  token: JWT
} & {
  /**
   * Data sent with a session update. Untrusted: validate it. `any` as in Auth.js.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  newSession?: any
  trigger?: "update"
}

export interface SignInCallbackParams {
  user: User | AdapterUser
  account?: Account | null
  profile?: Profile
  /** The submitted credentials (credentials providers). */
  credentials?: Record<string, unknown>
  /** Email providers: `verificationRequest: true` when the link is being requested, absent on the click. */
  email?: { verificationRequest?: boolean }
}

export interface CallbacksOptions {
  /** Allow (`true`), refuse (`false`, or throw) or redirect (a URL string) a sign-in. Default: allow. */
  signIn: (params: SignInCallbackParams) => Awaitable<boolean | string>
  /** Where to go after sign-in or sign-out. Default: same-origin URLs only, anything else becomes `baseUrl`. */
  redirect: (params: { url: string; baseUrl: string }) => Awaitable<string>
  /** Shapes what the client sees. Default: `{ user: { name, email, image }, expires }`. */
  session: (params: SessionCallbackParams) => Awaitable<Session | Record<string, unknown>>
  /** Shapes the token. Return `null` to end the session. Default: the token unchanged. */
  jwt: (params: JWTCallbackParams) => Awaitable<JWT | null>
  /** Middleware/route guard of the integrations: `true` allows, `false` redirects to sign-in, a `Response` is used as is. */
  authorized?: (params: { auth: Session | null; request: Request }) => Awaitable<boolean | Response | undefined>
}

export interface EventCallbacks {
  signIn: (message: { user: User; account?: Account | null; profile?: Profile; isNewUser?: boolean }) => Awaitable<void>
  signOut: (message: { session: AdapterSession | null | undefined | void } | { token: JWT | null }) => Awaitable<void>
  createUser: (message: { user: User }) => Awaitable<void>
  updateUser: (message: { user: User }) => Awaitable<void>
  linkAccount: (message: { user: User | AdapterUser; account: Account; profile: User | AdapterUser }) => Awaitable<void>
  session: (message: { session: Session; token: JWT } | { session: Session }) => Awaitable<void>
  /**
   * A rate limit refused a request (Gatehouse only). `key` is the budget's store key, a keyed hash: never the
   * submitted username, address or password; the same identifier always gives the same key.
   */
  rateLimited: (message: { action: RateLimitedAction; budget: RateLimitedBudget; key: string; retryAfter: number }) => Awaitable<void>
  /**
   * A provider's access token could not be refreshed (Gatehouse only). `permanent`: the provider refused the refresh
   * token for good, and the session now reports `error: "RefreshTokenError"`; otherwise the next call tries again.
   */
  tokenRefreshFailed: (message: { provider: string; permanent: boolean; userId: string | null }) => Awaitable<void>
  /**
   * Sessions were revoked (Gatehouse only): one by the user (`"one"`), all of the user's other ones (`"others"`), or all
   * of a user's by the app (`"user"`, `revokeUserSessions`). `count` is how many ended.
   */
  sessionRevoked: (message: { userId: string; scope: "one" | "others" | "user"; count: number }) => Awaitable<void>
  /** A user signed up with the `Password` provider (Gatehouse only); the address is not verified yet. */
  signUp: (message: { user: AdapterUser }) => Awaitable<void>
  /** A user set a new password through a reset link (Gatehouse only); every session of the user was revoked. */
  passwordReset: (message: { user: AdapterUser }) => Awaitable<void>
  /** A signed-in user changed their password (Gatehouse only); their other sessions were revoked. */
  passwordChange: (message: { user: AdapterUser }) => Awaitable<void>
}

/** The configuration object. Only `providers` is required. */
export interface AuthConfig {
  providers: Provider[]
  adapter?: Adapter
  /** Base path of the endpoints. Default `"/auth"` (`"/api/auth"` in `@gatehousejs/next`). */
  basePath?: string
  /** Hashes tokens, signs cookies, derives keys. An array rotates: the first is used for new tokens. Default `AUTH_SECRET`. */
  secret?: string | string[]
  session?: Partial<SessionOptions>
  jwt?: Partial<JWTOptions>
  callbacks?: Partial<CallbacksOptions>
  events?: Partial<EventCallbacks>
  /** Overrides names and options of cookies; opts out of the built-in secure-prefix policy for the cookies it names. */
  cookies?: Partial<CookiesOptions>
  pages?: Partial<PagesOptions>
  theme?: Theme
  /**
   * The language of the built-in pages: a supported code (`"de"`; a region is ignored: `"pt-BR"` is `pt`), or a
   * function of the request that returns one (from the app's own cookie, path or user setting); when it returns
   * nothing or an unsupported code, `Accept-Language` decides. Default: negotiated from `Accept-Language`, else `en`.
   * Supported: en, ru, de, fr, es, pt, zh (Simplified), ja, uk, tr. See docs/locales.md.
   *
   * @example
   * locale: (request) => request.headers.get("cookie")?.match(/(?:^|;\s*)lang=([\w-]+)/)?.[1]
   */
  locale?: string | LocaleFunction
  /** Debug logging on the default logger. Ignored when `logger` is set. */
  debug?: boolean
  logger?: Partial<LoggerInstance>
  /** Trust the `Host` / `X-Forwarded-*` headers. Default true outside production, or when `AUTH_URL` / `AUTH_TRUST_HOST` is set. */
  trustHost?: boolean
  /** Default: false on `http://`, true on `https://`. */
  useSecureCookies?: boolean
  /** Full URL of a deployment that relays OAuth callbacks (preview deployments). Default `AUTH_REDIRECT_PROXY_URL`. */
  redirectProxyUrl?: string
  skipCSRFCheck?: typeof skipCSRFCheck
  raw?: typeof raw
  /**
   * The platform's environment, read on top of `process.env` (a Worker's bindings, SvelteKit's `$env/dynamic/private`):
   * framework packages set it, so that `AUTH_URL`, `NODE_ENV` and the secrets in it count. Gatehouse only.
   */
  [platformEnv]?: Record<string, string | undefined>
  /** A framework package's advice for an unknown client address, leading the `rate-limit-no-client-address` warning. */
  [clientAddressHint]?: string
  experimental?: { enableWebAuthn?: boolean }
  /**
   * Rate limits and lockouts of the endpoints that cost work or send mail (Gatehouse only), on by default; `false`
   * turns every one off. See docs/rate-limits.md.
   */
  rateLimit?: RateLimitOptions | false
  /**
   * Where JWT sessions are recorded when there is no adapter, so that they can be listed and revoked (Gatehouse only):
   * `PostgresSessionStore`, `RedisSessionStore` or `SqliteSessionStore`. With an adapter that has the registry methods
   * (ours) the adapter is used. See docs/sessions.md.
   */
  sessionStore?: SessionStore
}
