/**
 * `auth(request)` → the session or `null`, and `auth(handler)`, which runs the `authorized` callback and hands the
 * handler the request with `auth` set. Both read the session as `GET /session` does, through its route-table entry.
 */
import { readSession } from "../actions/session.js"
import type { ResolvedConfig } from "../config/resolved-config.js"
import type { Cookie } from "../http/cookie.js"
import { throughEntry } from "../pipeline/server-request.js"
import type { Session } from "../types.js"
import type { Awaitable } from "../util/awaitable.js"
import type { RequestWithAuth } from "../gatehouse-types.js"
import { cookieHeaders, errorName, type ConfigFor } from "./shared.js"

/** The session, and the cookies refreshing it. Fails closed: a broken configuration or store is "not signed in". */
export async function sessionOf(configFor: ConfigFor, request: Request): Promise<{ session: Session | null; cookies: Cookie[] }> {
  const signedOut = { session: null, cookies: [] }
  let config: ResolvedConfig
  try {
    config = await configFor(request)
  } catch (error) {
    console.error(`[gatehouse][error] auth() failed with ${errorName(error)}; treated as signed out.`)
    return signedOut
  }
  if (config.configError) return signedOut
  try {
    const read = await throughEntry(config, request, { method: "GET", action: "session" }, (ctx) => readSession(ctx))
    return "value" in read && !read.value.unavailable ? read.value : signedOut
  } catch (error) {
    config.logger.error(error instanceof Error ? error : new Error(String(error)))
    return signedOut
  }
}

export function authFunction(configFor: ConfigFor) {
  function auth(request: Request): Promise<Session | null>
  function auth<Args extends unknown[]>(
    handler: (request: RequestWithAuth, ...args: Args) => Awaitable<Response>,
  ): (request: Request, ...args: Args) => Promise<Response>
  function auth(arg: Request | ((request: RequestWithAuth, ...args: unknown[]) => Awaitable<Response>)): unknown {
    if (typeof arg !== "function") return sessionOf(configFor, arg).then((r) => r.session)
    return async (request: Request, ...args: unknown[]): Promise<Response> => {
      const { session, cookies } = await sessionOf(configFor, request)
      const resolved = await configFor(request).catch(() => undefined)
      const authorized = resolved?.callbacks.authorized
      let response: Response | undefined
      if (authorized) {
        const verdict = await authorized({ auth: session, request })
        if (verdict instanceof Response) response = verdict
        else if (verdict === false) response = signInRedirect(request, resolved)
      }
      if (!response) {
        Object.defineProperty(request, "auth", { value: session, configurable: true, enumerable: true })
        response = await arg(request as RequestWithAuth, ...args)
      }
      return withCookies(response, cookies)
    }
  }
  return auth
}

/** Refreshed session cookies go out on the wrapped handler's response. */
function withCookies(response: Response, cookies: Cookie[]): Response {
  if (!cookies.length) return response
  const copy = new Response(response.body, response)
  for (const value of cookieHeaders(cookies).getSetCookie()) copy.headers.append("Set-Cookie", value)
  return copy
}

/** `authorized` said no: to the sign-in page, coming back here afterwards — unless this is the sign-in page. */
function signInRedirect(request: Request, resolved: ResolvedConfig | undefined): Response {
  const url = new URL(request.url)
  const signInPath = resolved?.pages.signIn ?? `${resolved?.basePath ?? "/auth"}/signin`
  if (url.pathname === signInPath.split("?")[0]) return new Response("Forbidden", { status: 403 })
  const target = new URL(signInPath, url.origin)
  target.searchParams.set("callbackUrl", url.href)
  return new Response(null, { status: 302, headers: { Location: target.href } })
}
