/**
 * `Auth(request, config) -> Response`: the whole engine behind one Web-standard function.
 *
 * Request → resolved config (cached) → parsed request → action → internal result → `Response`. Every failure ends
 * here as a handled answer: a 4xx for a malformed request, a redirect to the sign-in or error page for a refused
 * sign-in, a generic 500 for a configuration error. No exception escapes to the host and no stack trace reaches a body.
 */
import { errorPage, tooManyRequests } from "./actions/pages.js"
import { pageUrl } from "./actions/shared.js"
import type { AuthConfig } from "./config/auth-config.js"
import { resolveConfig, type ResolvedConfig } from "./config/resolve.js"
import { createContext, type CallOptions, type Context } from "./context.js"
import { AuthError, CredentialsSignin, EmailSignInError, ErrorPageLoop, isClientError, SignOutError, TooManyRequests } from "./errors.js"
import { BadRequest, parseRequestHead, readRequestBody, type InternalRequest } from "./http/request.js"
import { json, toResponse, type ResponseInternal } from "./http/response.js"
import { matchRoute, unmatched } from "./pipeline/match.js"
import type { Route } from "./pipeline/route.js"
import { runRoute } from "./pipeline/run.js"

const configErrorMessage = "There was a problem with the server configuration. Check the server logs for more information."
const pageActions = new Set(["signin", "signout", "error", "verify-request"])

/**
 * Handles one request to the auth endpoints under `basePath` and answers it.
 *
 * @example
 * export const GET = (request: Request) => Auth(request, config)
 * export const POST = GET
 */
export async function Auth(request: Request, config: AuthConfig): Promise<Response> {
  const resolved = resolveConfig(config)
  const result = await handle(request, resolved, { raw: resolved.raw })
  return toResponse(result, request.headers.has("x-auth-return-redirect"))
}

export interface InternalCallOptions extends CallOptions {
  /** Return refused sign-ins as thrown `AuthError`s instead of redirects (server-side integrations). */
  raw?: boolean
}

/** The engine without the `Response` conversion. With `raw`, `AuthError`s are thrown instead of redirected. */
export async function handle(request: Request, config: ResolvedConfig, options: InternalCallOptions = {}): Promise<ResponseInternal> {
  let req: InternalRequest
  let route: Route | undefined
  try {
    req = parseRequestHead(request, config)
    route = matchRoute(config, req)
    if (route && req.method === "POST") await readRequestBody(req, route.maxBodyBytes)
  } catch (error) {
    if (error instanceof BadRequest) {
      config.logger.debug("bad-request", { status: error.status, reason: error.message })
      return json("Bad request.", error.status)
    }
    config.logger.error(error as Error)
    return json({ message: configErrorMessage }, 500)
  }
  return engine(createContext(config, req, options), route, options)
}

/**
 * A parsed request through its route-table entry (pipeline/run.ts), every failure mapped to its answer. Server
 * functions enter here too, with a request they parsed themselves (pipeline/server-request.ts).
 */
export async function engine(ctx: Context, route: Route | undefined, options: InternalCallOptions): Promise<ResponseInternal> {
  if (ctx.config.configError) return configError(ctx, ctx.config.configError, options)
  try {
    if (!route) throw unmatched(ctx.req)
    return await runRoute(ctx, route)
  } catch (error) {
    return failure(ctx, error, options, ctx.req.headers.has("x-auth-return-redirect"))
  }
}

/**
 * A configuration error: the built-in error page for page GETs, else a generic 500 (Auth.js behaviour). Not logged
 * here: `resolveConfig` logged every problem once, and a line per request would bury it.
 */
function configError(ctx: Context, error: AuthError, options: InternalCallOptions): Promise<ResponseInternal> | ResponseInternal {
  if (options.raw) throw error
  const { req, config } = ctx
  if (req.method !== "GET" || !pageActions.has(req.action)) return json({ message: configErrorMessage }, 500)
  const custom = config.pages.error
  const callbackParam = req.query.callbackUrl
  if (custom && !(callbackParam && pathOf(callbackParam).startsWith(custom))) return errorPage(ctx, "Configuration")
  if (custom) config.logger.error(new ErrorPageLoop("The custom error page itself failed; showing the built-in one."))
  return errorPage({ ...ctx, config: { ...config, pages: {} } }, "Configuration")
}

/**
 * A failure the visitor caused (a wrong password, a used link, a denied consent, a missing CSRF token): anyone can
 * produce these at will, so they are one warning line, never an error with a stack. A refusal that wraps a thrown
 * error (a `signIn` callback that crashed) is the app's problem and stays an error; so is a sign-out the store failed.
 */
function refusedByVisitor(error: Error): error is AuthError {
  return isClientError(error) && !(error instanceof SignOutError) && !(error.cause?.err instanceof Error)
}

function pathOf(value: string): string {
  try {
    return new URL(value, "http://x").pathname
  } catch {
    return value
  }
}

/** Maps a failure of an action to its answer (as Auth.js does: docs/design.md#errors). */
function failure(ctx: Context, thrown: unknown, options: InternalCallOptions, returnRedirect: boolean): ResponseInternal | Promise<ResponseInternal> {
  if (thrown instanceof BadRequest) {
    ctx.config.logger.debug("bad-request", { status: thrown.status, reason: thrown.message })
    return json(thrown.code ? { error: thrown.code } : "Bad request.", thrown.status)
  }
  if (thrown instanceof TooManyRequests && !(options.raw && !returnRedirect)) {
    // A refusal working as intended, not a server error: the caller is told when to try again.
    ctx.config.logger.debug("too-many-requests", { retryAfter: thrown.retryAfter })
    return tooManyRequests(ctx, thrown.retryAfter, returnRedirect)
  }
  const error = thrown instanceof Error ? thrown : new Error(String(thrown))
  if (refusedByVisitor(error)) ctx.config.logger.warn("sign-in-refused", error.message ? `${error.type}: ${error.message}` : error.type)
  else ctx.config.logger.error(error)
  if (error instanceof AuthError && options.raw && !returnRedirect) throw error
  const { req, config } = ctx
  const cookies = ctx.failureCookies
  if (req.action === "session" && req.method === "POST") return json(null, 400)

  if (error instanceof EmailSignInError) {
    // The mail could not be sent (or the address was refused): the sign-in page says so, for any address alike.
    return { redirect: pageUrl(ctx, config.pages.signIn ?? `${config.basePath}/signin`, { error: "EmailSignin" }), cookies }
  }
  if (isClientError(error) && error.kind === "signIn") {
    const page = config.pages.signIn ?? `${config.basePath}/signin`
    const code = error instanceof CredentialsSignin ? error.code : undefined
    return { redirect: pageUrl(ctx, page, { error: error.type, code }), cookies }
  }
  const type = isClientError(error) ? error.type : "Configuration"
  const errorPage = pageUrl(ctx, config.pages.error ?? `${config.basePath}/error`, { error: type })
  if (error instanceof SignOutError && (returnRedirect || req.headers.get("content-type")?.startsWith("application/json"))) {
    // RT-05: a script must see the failure in the status, not a `{ url }` it would follow as if signed out.
    return json({ error: error.type, url: errorPage }, 503, cookies)
  }
  return { redirect: errorPage, cookies }
}
