// The types of `Gatehouse()` (gatehouse.ts): its configuration, the options and results of its helpers, its result.
import type { AuthConfig } from "./config/auth-config.js"
import type { Cookie } from "./http/cookie.js"
import type { SessionFunctions } from "./session-registry/server-functions.js"
import type { PasswordFunctions } from "./passwords/server-functions.js"
import type { AccessToken, GetAccessTokenOptions } from "./token-refresh/access-token.js"
import type { Session } from "./types.js"
import type { Awaitable } from "./util/awaitable.js"

/** A configuration, or a function of the request (absent outside a request) returning one. */
export type GatehouseConfig = AuthConfig | ((request: Request | undefined) => Awaitable<AuthConfig>)

export type AuthorizationParams = string | Record<string, string> | URLSearchParams | [string, string][]

export interface SignInOptions extends Record<string, unknown> {
  /** Default true: resolve to a redirect `Response`. False: resolve to `{ url, headers }`. */
  redirect?: boolean
  /** Where to go after sign-in: a relative path. Default: the `Referer`, else `/`. */
  redirectTo?: string
}

export interface SignOutOptions {
  redirect?: boolean
  redirectTo?: string
}

export interface RedirectResult {
  url: string
  /** `Set-Cookie` lines to forward on your response. */
  headers: Headers
  /** The same cookies as name, value and options, for a framework whose cookie API takes those (Next.js `cookies().set`). */
  cookies: Cookie[]
}

export type RequestWithAuth = Request & { auth: Session | null }

/** `Gatehouse()`'s result: Auth.js's names with a request argument, plus token refresh and the session registry. */
export interface GatehouseResult extends SessionFunctions, PasswordFunctions {
  handlers: { GET: (request: Request) => Promise<Response>; POST: (request: Request) => Promise<Response> }
  auth: {
    (request: Request): Promise<Session | null>
    <Args extends unknown[]>(
      handler: (request: RequestWithAuth, ...args: Args) => Awaitable<Response>,
    ): (request: Request, ...args: Args) => Promise<Response>
  }
  signIn: {
    (request: Request, provider?: string, options?: FormData | (SignInOptions & { redirect?: true }), authorizationParams?: AuthorizationParams): Promise<Response>
    (request: Request, provider: string | undefined, options: SignInOptions & { redirect: false }, authorizationParams?: AuthorizationParams): Promise<RedirectResult>
  }
  signOut: {
    (request: Request, options?: SignOutOptions & { redirect?: true }): Promise<Response>
    (request: Request, options: SignOutOptions & { redirect: false }): Promise<RedirectResult>
  }
  unstable_update: (
    request: Request,
    data: Partial<Session> | { user: Partial<Session["user"]> },
  ) => Promise<{ session: Session | null; headers: Headers; cookies: Cookie[] }>
  /**
   * The signed-in user's access token at `providerId`, refreshed first when it expires within `minValidity` seconds
   * (default 60); `null` when signed out, not linked to that provider, or the refresh failed (docs/token-refresh.md).
   * Without an adapter a refresh re-issues the session cookie: pass your response's `headers` to receive it as
   * `Set-Cookie` lines, or a `cookies` array to receive name, value and options.
   */
  getAccessToken: (request: Request, providerId: string, options?: GetAccessTokenOptions & { headers?: Headers; cookies?: Cookie[] }) => Promise<AccessToken | null>
}
