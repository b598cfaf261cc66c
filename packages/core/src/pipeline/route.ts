/**
 * What one endpoint under `basePath` declares: its method and path, and what must hold before its handler runs. The
 * pipeline (run.ts) enforces the declaration; no handler checks CSRF, `Origin`, sign-in or a client budget itself.
 */
import type { Context } from "../context.js"
import type { Cookie } from "../http/cookie.js"
import type { ResponseInternal } from "../http/response.js"
import type { RateLimitedAction } from "../rate-limit/options.js"
import type { ProviderType } from "../types.js"

/** The per-client budgets an entry can declare (`rateLimit.oauth.perClient`, `rateLimit.signUp.perClient`, …). */
export type ClientBudget = Exclude<RateLimitedAction, "credentials" | "email">

/**
 * Why a state-changing entry takes no CSRF token and no `Origin` check. Each is named so that review reads it; adding
 * one is a decision, not a default (the route-table test lists every entry that uses one).
 */
export const withoutCsrfReasons = {
  /**
   * The provider's page posts the authorization response here from its own origin (`response_mode=form_post`), and a
   * redirect back carries no token of ours. The `state`, PKCE and `nonce` checks bind it to this browser instead
   * (RFC 9700 §4.7.1).
   */
  "oauth-provider-posts-back": true,
  /**
   * A magic link is opened from a mail, in any browser; the single-use token it carries is the proof, and the
   * verification page repeats it (RT-02).
   */
  "email-link-carries-its-token": true,
} as const

export type WithoutCsrf = keyof typeof withoutCsrfReasons

/** Why a request was refused before its handler ran. */
export type Refusal =
  /** The double-submit token is missing or does not match its cookie. */
  | "csrf"
  /** `Origin` names another origin. */
  | "origin"
  /** No live session in this browser. */
  | "signed-out"
  /** Signed in, but longer ago than the entry's `recentSignIn`. */
  | "stale-sign-in"
  /** The entry needs a feature the app did not configure (the session registry). */
  | "unsupported"
  /** The store the entry needs did not answer. */
  | "unavailable"
  /** A client budget the entry declares is spent (`given.retryAfter` says for how long); `json` entries only. */
  | "rate-limited"

/** The signed-in session the pipeline found for an entry that declares `signedIn`. */
export interface SignedIn {
  userId: string
  /** The database session's token, or the registry's record id of a JWT session (absent when not recorded). */
  sessionToken?: string
  /** When the user signed in (seconds since the epoch), where the session records it. */
  authTime?: number
}

/** What the checks produced, handed to the handler so that it recomputes nothing. */
export interface Given {
  /** Cookies the checks set (a new or re-hashed CSRF cookie): the handler appends its own and sends them all. */
  cookies: Cookie[]
  /** The CSRF token a page or `GET /csrf` renders (minted, with its cookie, on first call). */
  csrfToken: () => Promise<string>
  /** Set when the entry declares `signedIn`. */
  signedIn?: SignedIn
  /** With the `rate-limited` refusal: whole seconds until the budget allows another request. */
  retryAfter?: number
}

/** How refusals are answered: each route keeps its Auth.js answer. */
export type Answers =
  /** Throw the typed error (`MissingCSRF`, …): a redirect to the sign-in or error page, JSON for scripts. */
  | "redirect"
  /** `400 null`, as `POST /session` answers in Auth.js. */
  | "null"
  /**
   * JSON `{ error, reason?, message }` with a status (a spent client budget: 429, `Retry-After`); a browser asking for
   * HTML gets the entry's `page`.
   */
  | "json"

export interface Route {
  method: "GET" | "POST"
  /** Under `basePath`: `/signout`, `/callback/:provider`. */
  path: string
  /** For a `:provider` path, the provider types this entry serves; absent: any provider, or none. */
  providerTypes?: readonly ProviderType[]
  /** A POST is checked for CSRF and `Origin` unless it names its reason here. */
  withoutCsrf?: WithoutCsrf
  /** A live session is needed; the handler gets it as `given.signedIn`. */
  signedIn?: boolean
  /** Signed in within this many seconds (step-up); implies `signedIn`. */
  recentSignIn?: number
  /** A feature the entry cannot work without. */
  requires?: "sessionRegistry"
  /** Per-client rate-limit budgets spent before the handler runs (`rateLimit`). */
  budgets?: readonly ClientBudget[]
  /** A one-time cookie this entry uses up: cleared whatever the outcome, refusals included. */
  consumes?: "webauthnChallenge"
  /** Largest body read, in bytes (POST); default `MAX_BODY_BYTES`. */
  maxBodyBytes?: number
  answers: Answers
  handle: (ctx: Context, given: Given) => Promise<ResponseInternal> | ResponseInternal
  /**
   * With `answers: "json"`: JSON only to a client that asks for it (`Accept: application/json`), the `page` to any
   * other (a form post from a browser). Without it, the `page` only to a client that asks for HTML.
   */
  jsonWhenAsked?: boolean
  /** The page answering a refusal to a browser that asked for HTML (with `answers: "json"`). */
  page?: (ctx: Context, given: Given, refusal: Refusal) => Promise<ResponseInternal | undefined> | ResponseInternal | undefined
}
