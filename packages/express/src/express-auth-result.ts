// What `ExpressAuth()` returns (express-auth.ts): the middleware with its properties, and the options of its `signIn`
// and `signOut`.
import type { AccessToken, AuthorizationParams, GetAccessTokenOptions, Session } from "@gatehousejs/core"
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express"
import type { ExpressPasswordFunctions } from "./password-functions.js"
import type { ExpressSessionFunctions } from "./session-functions.js"

export interface ExpressSignInOptions extends Record<string, unknown> {
  /** Default true: answer with a redirect (`res.redirect`). False: write only the cookies, and return the URL. */
  redirect?: boolean
  /** Where to go after signing in: a path or a URL of this site. Default: the `Referer`, else `/`. */
  redirectTo?: string
}

export interface ExpressSignOutOptions {
  /** Default true: answer with a redirect (`res.redirect`). False: write only the cookies, and return the URL. */
  redirect?: boolean
  /** Where to go after signing out. Default: the `Referer`, else `/`. */
  redirectTo?: string
}

/**
 * `ExpressAuth()`'s result: the auth endpoints as a middleware, as `@auth/express` returns them, with next-auth's five
 * names (`req`/`res` passed), the helpers, the session registry and the `Password` provider's functions as its properties.
 */
export interface ExpressAuthResult extends RequestHandler, ExpressSessionFunctions, ExpressPasswordFunctions {
  /**
   * The auth endpoints (`GET`/`POST` `{basePath}/…`): the result itself, by this name too. Mount before any body
   * parser: `app.use("/auth", handlers)`.
   */
  handlers: RequestHandler
  /** The session of this request, or `null`. Never rejects; refreshed session cookies are appended to `res`. */
  auth: (req: ExpressRequest, res: ExpressResponse) => Promise<Session | null>
  /** Sets `res.locals.session` (a session or `null`) and continues. */
  sessionMiddleware: RequestHandler
  /** Signs in server-side; redirects (default) and resolves to the URL. Rejects with `AuthError`s (`CredentialsSignin`…). */
  signIn: (
    req: ExpressRequest,
    res: ExpressResponse,
    provider?: string,
    options?: FormData | ExpressSignInOptions,
    authorizationParams?: AuthorizationParams,
  ) => Promise<string>
  /**
   * Signs out server-side; redirects (default) and resolves to the URL. Rejects with `SignOutError` when the store could
   * not end a database session; the cookie is cleared on `res` all the same.
   */
  signOut: (req: ExpressRequest, res: ExpressResponse, options?: ExpressSignOutOptions) => Promise<string>
  /** Updates the session (the `jwt`/`session` callbacks see `trigger: "update"`) and resolves to the new one. */
  unstable_update: (
    req: ExpressRequest,
    res: ExpressResponse,
    data: Partial<Session> | { user: Partial<Session["user"]> },
  ) => Promise<Session | null>
  /**
   * The CSRF token for a server-rendered form that posts to the endpoints (a sign-out button); the CSRF cookie is
   * appended to `res` when the browser has none yet. Rejects when the configuration is broken.
   */
  getCsrfToken: (req: ExpressRequest, res: ExpressResponse) => Promise<string>
  /**
   * The signed-in user's access token at `providerId`, refreshed first when it expires within `minValidity` seconds
   * (default 60); `null` when signed out, not linked, or the refresh failed. A re-issued session cookie is appended to
   * `res`. See docs/token-refresh.md.
   */
  getAccessToken: (req: ExpressRequest, res: ExpressResponse, providerId: string, options?: GetAccessTokenOptions) => Promise<AccessToken | null>
}
