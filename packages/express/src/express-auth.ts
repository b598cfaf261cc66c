/**
 * `ExpressAuth(config | lazy)`: the middleware of `@auth/express` (`app.use("/auth", ExpressAuth(config))`), carrying
 * the five names of `NextAuth()` for Express 4 and 5 as properties, with `req` and `res` passed where Next.js reads
 * them from context.
 *
 * | Next.js (`@gatehousejs/next`)          | Express (`@gatehousejs/express`)                                  |
 * |--------------------------------------|-----------------------------------------------------------------|
 * | `handlers.GET/POST`                  | `app.use("/auth", handlers)` — `basePath` is the mount point     |
 * | `auth()`                             | `auth(req, res)` → `Session \| null`; cookies appended to `res`  |
 * | `auth` as middleware                 | `app.use(sessionMiddleware)` → `res.locals.session`             |
 * | `signIn(provider, options, params)`  | `signIn(req, res, provider, options, params)` → the URL         |
 * | `signOut(options)`                   | `signOut(req, res, options)` → the URL                          |
 * | `unstable_update(data)`              | `unstable_update(req, res, data)` → `Session \| null`           |
 * | `getCsrfToken()` (client)            | `getCsrfToken(req, res)` → the token for a server-rendered form |
 * | `signUp(input)`, … (Gatehouse)       | `signUp(req, res, input)`, … → `{ ok, url?, error? }`; cookies on `res` |
 *
 * The request URL is Express's view of it (`req.protocol`, the host, `req.originalUrl`), so `app.set("trust proxy",
 * …)` decides whether `X-Forwarded-*` count; the headers themselves are not passed on (see web-request.ts).
 */
import {
  Auth,
  configOf,
  frameworkEngine,
  safeErrorName,
  SignOutError,
  type AccessToken,
  type AuthConfig,
  type AuthorizationParams,
  type GetAccessTokenOptions,
  type Session,
} from "@gatehousejs/core"
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express"
import type { ExpressAuthResult, ExpressSignInOptions, ExpressSignOutOptions } from "./express-auth-result.js"
import { basePathFromEnv, DEFAULT_BASE_PATH, isUnder, mountPoint, normaliseBasePath } from "./base-path.js"
import { publicUrl } from "./public-url.js"
import { readCsrfToken } from "./read-csrf-token.js"
import { readSession } from "./read-session.js"
import { expressPasswordFunctions } from "./password-functions.js"
import { expressSessionFunctions } from "./session-functions.js"
import { RequestRefused } from "./request-refused.js"
import { toServerRequest, toWebRequest } from "./web-request.js"
import { appendSetCookies, sendWebResponse } from "./web-response.js"

export type { ExpressAuthResult, ExpressSignInOptions, ExpressSignOutOptions } from "./express-auth-result.js"

type Awaitable<T> = T | PromiseLike<T>

/** The engine's configuration; `basePath` is optional (see `ExpressAuth`). */
export type ExpressAuthConfig = Omit<AuthConfig, "raw">

/** A configuration, or a function of the Express request returning one (called for every request). */
export type ExpressAuthInput = ExpressAuthConfig | ((req: ExpressRequest) => Awaitable<ExpressAuthConfig>)

/** What the configuration of a request depends on: the request (for a lazy configuration) and where the handler answers it. */
interface ExpressContext {
  req: ExpressRequest | undefined
  mount?: string
}

/** The engine answers GET and POST; HEAD is a GET without the body. Other methods belong to the app. */
const answeredMethods = new Set(["GET", "HEAD", "POST"])

/**
 * Initialises Gatehouse for an Express app (4 or 5) and returns the middleware that answers the auth endpoints, with
 * the helpers as its properties: `app.use("/auth", ExpressAuth(config))` as with `@auth/express`, or
 * `const { handlers, auth, signIn } = ExpressAuth(config)`.
 *
 * `basePath` is where the middleware is mounted (`req.baseUrl`; with a wildcard, `"/auth/*"`, the part before it). For `auth()` and the other helpers, called from routes
 * outside the mount, it is `config.basePath`, else the first mount point seen, else the path of `AUTH_URL`, else
 * `/auth`: set `basePath` when you mount elsewhere than `/auth` and call `signIn` before any auth request arrived.
 *
 * No new way to a 500: a broken configuration makes `auth()` resolve `null` (the endpoints answer as Auth.js does);
 * a malformed request (bad `Host`, oversized body) is answered 4xx; only a failure to write the response goes to
 * `next(err)`.
 *
 * @example
 * app.use("/auth", ExpressAuth({ providers: [GitHub] }))
 *
 * @example
 * const { handlers, auth, signIn } = ExpressAuth({ providers: [Credentials({ authorize })] })
 * app.use("/auth", handlers)
 * app.get("/me", async (req, res) => res.json(await auth(req, res)))
 */
export function ExpressAuth(config: ExpressAuthInput): ExpressAuthResult {
  /** The first mount point `handlers` answered under: the base path for helpers called outside it. */
  let firstMount: string | undefined
  /** One lookup per request: the middleware and a route's `auth()` share it (one store read, one Set-Cookie). */
  const sessions = new WeakMap<ExpressRequest, Promise<Session | null>>()
  /** One token per request: a second call must not mint a second cookie. */
  const csrfTokens = new WeakMap<ExpressRequest, Promise<string>>()
  // Only a static configuration is read without a request (`revokeUserSessions(userId)`), so a lazy one always has `req`.
  const lazy = typeof config === "function" ? (context: ExpressContext) => config(context.req!) : config
  const engine = frameworkEngine<ExpressAuthConfig, ExpressContext>(lazy, {
    framework: "@gatehousejs/express",
    basePath: (base, { mount }) => mount ?? normaliseBasePath(base.basePath ?? firstMount ?? basePathFromEnv() ?? DEFAULT_BASE_PATH),
  })
  const { gatehouse } = engine
  const configFor = (req: ExpressRequest): Promise<AuthConfig> => engine.configFor({ req })

  /** Answers an auth request; false when it is not one (another method, or a path outside the base path). */
  async function answer(req: ExpressRequest, res: ExpressResponse): Promise<boolean> {
    if (!answeredMethods.has(req.method)) return false
    const mount = mountPoint(req)
    if (mount) firstMount ??= mount
    // A configuration function that threw: the generic 500, its error's name (never its message) in the log.
    const authConfig = await engine.configOrFailure({ req, mount })
    if (authConfig instanceof Response) {
      await sendWebResponse(res, authConfig)
      return true
    }
    if (!mount && !isUnder(req, authConfig.basePath!)) return false
    let request: Request
    try {
      request = await toWebRequest(req)
    } catch (error) {
      if (!(error instanceof RequestRefused)) throw error
      refuse(res, error)
      return true
    }
    const response = await Auth(request, authConfig)
    try {
      await sendWebResponse(res, response)
    } catch (error) {
      // The client went away mid-body: nothing to report, nobody to report it to.
      if (!res.destroyed) throw error
    }
    return true
  }

  const handlers: RequestHandler = (req, res, next) => {
    answer(req, res).then(
      (answered) => answered || next(),
      (error: unknown) => next(error),
    )
  }

  function auth(req: ExpressRequest, res: ExpressResponse): Promise<Session | null> {
    let lookup = sessions.get(req)
    if (!lookup) {
      lookup = lookUpSession(req, res)
      sessions.set(req, lookup)
    }
    return lookup
  }

  async function lookUpSession(req: ExpressRequest, res: ExpressResponse): Promise<Session | null> {
    try {
      const { session, headers } = await readSession(engine, req, await configFor(req))
      if (!res.headersSent) appendSetCookies(res, headers)
      return session
    } catch (error) {
      // Fail closed: a broken configuration or store means "signed out", never an exception in a page.
      if (!(error instanceof RequestRefused)) console.error(`[gatehouse][error] auth() failed with ${safeErrorName(error)}; treated as signed out.`)
      return null
    }
  }

  const sessionMiddleware: RequestHandler = (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      // A page for a request whose Host is not a plain host would carry links to wherever that Host points.
      publicUrl(req)
    } catch (error) {
      if (error instanceof RequestRefused) return refuse(res, error)
      return next(error)
    }
    auth(req, res).then((session) => {
      res.locals.session = session
      next()
    }, next)
  }

  /** A body-less request at the current page, registered with its configuration for the engine's helpers. */
  async function serverRequest(req: ExpressRequest): Promise<Request> {
    const authConfig = await configFor(req)
    return engine.bind(toServerRequest(req), authConfig)
  }

  async function signIn(
    req: ExpressRequest,
    res: ExpressResponse,
    provider?: string,
    options: FormData | ExpressSignInOptions = {},
    authorizationParams?: AuthorizationParams,
  ): Promise<string> {
    // `redirect` is the caller's decision, never a form field's: a submitted "redirect=false" would leave the
    // route without an answer.
    const { redirect, ...fields } = options instanceof FormData ? formFields(options) : options
    const request = await serverRequest(req)
    const { url, headers } = await gatehouse.signIn(request, provider, { ...fields, redirect: false }, authorizationParams)
    appendSetCookies(res, headers)
    sessions.delete(req)
    if (redirect !== false) res.redirect(url)
    return url
  }

  async function signOut(req: ExpressRequest, res: ExpressResponse, options: ExpressSignOutOptions = {}): Promise<string> {
    const request = await serverRequest(req)
    const { url, headers } = await gatehouse.signOut(request, { redirectTo: options.redirectTo, redirect: false }).catch((error: unknown) => {
      // RT-05: the store kept the session; this browser still drops its cookie, and the route's error path runs.
      if (error instanceof SignOutError) {
        appendSetCookies(res, error.headers)
        sessions.set(req, Promise.resolve(null))
      }
      throw error
    })
    appendSetCookies(res, headers)
    sessions.set(req, Promise.resolve(null))
    if (options.redirect !== false) res.redirect(url)
    return url
  }

  async function unstable_update(
    req: ExpressRequest,
    res: ExpressResponse,
    data: Partial<Session> | { user: Partial<Session["user"]> },
  ): Promise<Session | null> {
    const { session, headers } = await gatehouse.unstable_update(await serverRequest(req), data)
    appendSetCookies(res, headers)
    sessions.set(req, Promise.resolve(session))
    return session
  }

  async function getAccessToken(req: ExpressRequest, res: ExpressResponse, providerId: string, options: GetAccessTokenOptions = {}): Promise<AccessToken | null> {
    let request: Request
    try {
      request = await serverRequest(req)
    } catch (error) {
      console.error(`[gatehouse][error] getAccessToken failed with ${safeErrorName(error)}; answered null.`)
      return null
    }
    const headers = new Headers()
    const token = await gatehouse.getAccessToken(request, providerId, { ...options, headers })
    appendSetCookies(res, headers)
    // A refresh re-issued the session cookie: a later auth() of this request reads the cookie it now carries.
    if (headers.getSetCookie().length) sessions.delete(req)
    return token
  }

  async function getCsrfToken(req: ExpressRequest, res: ExpressResponse): Promise<string> {
    let lookup = csrfTokens.get(req)
    if (!lookup) {
      lookup = configFor(req).then(async (authConfig) => {
        const { csrfToken, headers } = await readCsrfToken(engine, req, authConfig)
        appendSetCookies(res, headers)
        return csrfToken
      })
      csrfTokens.set(req, lookup)
    }
    return lookup
  }

  /** `revokeUserSessions` outside a request: a static configuration needs none. */
  const standalone =
    typeof config === "function" ? undefined : async (): Promise<Request> => engine.bind(new Request("http://localhost/"), await engine.configFor({ req: undefined }))
  const registry = expressSessionFunctions(gatehouse, serverRequest, standalone)
  const passwords = expressPasswordFunctions(gatehouse, serverRequest, (req) => sessions.delete(req))
  // The middleware is `handlers` itself: mounting the result or `handlers` is one and the same.
  const result: ExpressAuthResult = Object.assign(handlers, {
    handlers,
    auth,
    sessionMiddleware,
    signIn,
    signOut,
    unstable_update,
    getCsrfToken,
    getAccessToken,
    ...registry,
    ...passwords,
  })
  // For `npx gatehousejs doctor`: the configuration as given (an object or the lazy function), not enumerable.
  for (const target of [result, result.auth]) Object.defineProperty(target, configOf, { value: config, enumerable: false })
  return result
}

/** A submitted form as sign-in fields: its text entries, the first of each name. */
function formFields(form: FormData): ExpressSignInOptions {
  const fields: Record<string, unknown> = {}
  for (const [key, value] of form) if (typeof value === "string" && !(key in fields)) fields[key] = value
  delete fields.redirect
  return fields
}

function refuse(res: ExpressResponse, error: RequestRefused): void {
  res.status(error.status).type("text/plain").send(error.message)
}
