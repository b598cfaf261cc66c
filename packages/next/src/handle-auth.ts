/**
 * `auth` as middleware (`export { auth as middleware }`, `export { auth as proxy }`) and `auth(fn)` wrapping a
 * middleware or an App Router route handler (Auth.js's `handleAuth`): the session from the cookie, the `authorized`
 * callback applied, and the session's refreshed cookies (rolling expiry) appended to whatever response goes out.
 *
 * One deliberate fix: Auth.js ignores `authorized` returning `false` when a function is wrapped (the function runs
 * anyway); here `false` denies in both forms (docs/differences.md).
 */
import { safeErrorName, type AuthConfig, type FrameworkEngine, type Session } from "@gatehousejs/core"
import { unstable_rethrow } from "next/navigation"
import { NextResponse, type NextRequest } from "next/server.js"
import type { NextAuthConfig } from "./config.js"
import { urlFromEnv, withPublicOrigin } from "./public-url.js"
import { readSession } from "./read-session.js"

type Awaitable<T> = T | PromiseLike<T>

/** The request a wrapped function receives: `req.auth` is the session, or `null`. */
export type NextAuthRequest = NextRequest & { auth: Session | null }

/** A middleware or App Router route handler wrapped by `auth(fn)`. */
export type NextAuthHandler<Context = unknown> = (
  request: NextAuthRequest,
  context: Context,
) => Awaitable<Response | NextResponse | void | null | undefined>

/**
 * Answers a middleware request, or runs `handler` with `req.auth` set. `engine.configFor` calls the (lazy)
 * configuration; if it throws, nothing can say which pages are protected, so the answer is a plain 503 (fail closed,
 * no stack trace).
 */
export async function handleAuth(
  input: Request,
  context: unknown,
  engine: FrameworkEngine<NextRequest | undefined>,
  handler?: NextAuthHandler,
): Promise<Response> {
  const request = withPublicOrigin(input)
  let config: AuthConfig
  try {
    config = await engine.configFor(request)
  } catch (error) {
    unstable_rethrow(error)
    console.error(`[gatehouse][error] The lazy configuration function threw ${safeErrorName(error)}; the request is refused.`)
    return new Response("Authentication is unavailable.", {
      status: 503,
      headers: { "Content-Type": "text/plain", "Cache-Control": "private, no-cache, no-store" },
    })
  }
  const { session, setCookies } = await readSession(engine, request, config)

  let verdict: unknown = true
  const authorized = (config as NextAuthConfig).callbacks?.authorized
  if (authorized) {
    try {
      verdict = await authorized({ request, auth: session })
    } catch (error) {
      // Fail closed: a guard that cannot decide does not let the request through.
      unstable_rethrow(error)
      console.error(`[gatehouse][error] The authorized callback threw ${safeErrorName(error)}; the request is treated as unauthorized.`)
      verdict = false
    }
  }

  let response: Response
  if (verdict instanceof Response) {
    response = verdict
  } else if ((handler ? verdict === false : !verdict) && !isAuthPage(request, config)) {
    // Without a wrapped function any falsy verdict denies (Auth.js); with one, only `false` does (our fix: Auth.js runs
    // the function whatever the verdict), so a callback that returns nothing for pages it does not guard still works.
    response = signInRedirect(request, config)
  } else if (handler) {
    ;(request as NextAuthRequest).auth = session
    response = (await handler(request as NextAuthRequest, context)) ?? NextResponse.next()
  } else {
    response = NextResponse.next()
  }
  return withCookies(response, setCookies)
}

/** The sign-in page and every auth endpoint are let through whatever `authorized` says: no redirect loop. */
function isAuthPage(request: NextRequest, config: AuthConfig): boolean {
  const path = trimSlash(request.nextUrl.pathname)
  const basePath = config.basePath!
  if (path === trimSlash(pathOf(signInPage(config)))) return true
  // An empty base path (`basePath: "/"`) would make every path an auth endpoint: the guard would never deny.
  return basePath !== "" && (path === basePath || path.startsWith(`${basePath}/`))
}

/**
 * 302 to the sign-in page with `callbackUrl` = the full current URL. Built on `nextUrl`, so a Next.js `basePath`
 * (and locale) stays in the URL as Next.js shows it.
 */
function signInRedirect(request: NextRequest, config: AuthConfig): Response {
  const page = signInPage(config)
  let target: URL
  if (/^https?:\/\//i.test(page)) {
    target = new URL(page)
  } else {
    target = request.nextUrl.clone()
    const [path, query] = splitOnce(page, "?")
    target.pathname = path
    target.search = query ? `?${query}` : ""
  }
  target.searchParams.set("callbackUrl", returnTo(request))
  // 302, not NextResponse.redirect's default 307: a denied POST (a server action) must not be re-sent to the page.
  return NextResponse.redirect(target, 302)
}

/**
 * Where to come back to after signing in. With `AUTH_URL` the origin is known: the full URL, as Auth.js sends it.
 * Without it, the path and query only: `next start` builds `nextUrl` on its own host name (`localhost`), which is not
 * the one in the browser's address bar, and the redirect callback would refuse that origin after sign-in.
 */
function returnTo(request: NextRequest): string {
  if (urlFromEnv()) return request.nextUrl.href
  const { pathname, search } = new URL(request.nextUrl.href)
  return `${pathname}${search}`
}

function signInPage(config: AuthConfig): string {
  return config.pages?.signIn ?? `${config.basePath}/signin`
}

/** Refreshed session cookies go out on the final response; the original is copied, never mutated. */
function withCookies(response: Response, setCookies: string[]): Response {
  if (!setCookies.length) return response
  const copy = new Response(response.body, response)
  for (const line of setCookies) copy.headers.append("Set-Cookie", line)
  return copy
}

function pathOf(page: string): string {
  try {
    return new URL(page, "http://x").pathname
  } catch {
    return page
  }
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path
}

function splitOnce(value: string, separator: string): [string, string | undefined] {
  const index = value.indexOf(separator)
  return index === -1 ? [value, undefined] : [value.slice(0, index), value.slice(index + 1)]
}
