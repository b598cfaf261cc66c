/**
 * Server code (`auth()`, `signIn()`, `listSessions()`, …) reaching a route-table entry without HTTP: the app's own
 * request is parsed straight into the engine's request — its cookies, public origin and the headers the engine reads —
 * and the entry's declared needs apply as they do to a request, except the CSRF and `Origin` checks: there is no
 * cross-site request to forge. No `Request` is built and nothing is fetched.
 */
import type { ResolvedConfig } from "../config/resolved-config.js"
import { createContext, type Context } from "../context.js"
import { parseCookies } from "../http/cookie.js"
import { publicOrigin, type EngineAction, type InternalRequest } from "../http/request.js"
import { newGiven } from "./given.js"
import { matchRoute } from "./match.js"
import type { Given, Refusal, Route } from "./route.js"
import { check } from "./run.js"
import { Refused } from "./refused.js"

/** What server code asks of an entry. */
export interface ServerCall {
  method: "GET" | "POST"
  action: EngineAction
  providerId?: string
  body?: Record<string, unknown>
  query?: Record<string, string>
}

/**
 * The headers of the app's request the engine reads: the cookies, the host for the public origin, the language and
 * agent a page or a session record shows, and `X-Forwarded-For`, believed only from `rateLimit.trustedProxies` (the
 * connection's own address travels on the original request: rate-limit/peer.ts).
 */
const forwarded = ["cookie", "host", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-for", "user-agent", "accept-language"]

/** The engine's context for `call` made from inside the app while it answers `request`. */
export function serverContext(config: ResolvedConfig, request: Request, call: ServerCall): { ctx: Context; route: Route | undefined } {
  let url = new URL(`${config.basePath}/${call.action}${call.providerId === undefined ? "" : `/${encodeURIComponent(call.providerId)}`}`, request.url)
  for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value)
  const origin = publicOrigin(request, url, config.envUrl, config.trustHost)
  if (origin !== url.origin) url = new URL(`${url.pathname}${url.search}`, origin)
  const headers = new Headers()
  for (const name of forwarded) {
    const value = request.headers.get(name)
    if (value) headers.set(name, value)
  }
  if (call.body) headers.set("content-type", "application/x-www-form-urlencoded")
  const { cookies, duplicates } = parseCookies(headers.get("cookie"))
  const req: InternalRequest = {
    url,
    origin,
    method: call.method,
    action: call.action,
    providerId: call.providerId,
    headers,
    cookies,
    duplicateCookies: duplicates,
    query: { ...call.query },
    body: call.body ?? {},
    request,
  }
  return { ctx: createContext(config, req, { skipCSRFCheck: true }), route: matchRoute(config, req) }
}

/**
 * An entry's checks, then `work` with what they produced: its value, or the refusal (from the checks or raised by
 * the work as `Refused`) with its message. Other errors propagate.
 */
export async function throughEntry<T>(
  config: ResolvedConfig,
  request: Request,
  call: ServerCall,
  work: (ctx: Context, given: Given, route: Route) => Promise<T>,
): Promise<{ value: T } | { refusal: Refusal; message?: string; retryAfter?: number }> {
  const { ctx, route } = serverContext(config, request, call)
  if (!route) throw new Error(`No route-table entry for ${call.method} ${call.action}.`)
  const given = newGiven(ctx)
  try {
    const refusal = await check(ctx, route, given)
    if (refusal) return { refusal, ...(given.retryAfter !== undefined && { retryAfter: given.retryAfter }) }
    return { value: await work(ctx, given, route) }
  } catch (error) {
    if (error instanceof Refused) return { refusal: error.refusal, message: error.message }
    throw error
  }
}
