/**
 * A stand-in for Next.js's request scope, for `vi.mock("next/headers.js")`: Next.js offers no public way to run code
 * inside a real one outside its server (the real thing is covered by the browser tests of examples/next).
 *
 * `headers()` resolves to the incoming request's headers; `cookies()` to Next.js's own `ResponseCookies` (the cookie
 * store of a `NextResponse`), so `set(name, value, options)` is validated and serialised by Next.js's code, and the
 * test reads the `Set-Cookie` lines a server action would send from `scope.response`.
 */
import { NextResponse } from "next/server.js"

export const scope = {
  headers: new Headers(),
  response: new NextResponse(null),
  headersCalls: 0,
  cookiesCalls: 0,
  /** When set, `headers()` rejects with it (Next.js does so while prerendering, to mark a page dynamic). */
  headersError: undefined as unknown,
}

/** Starts a new request scope with these request headers (`cookie`, `host`, `referer`, …). */
export function enterScope(headers: Record<string, string> = {}): typeof scope {
  scope.headers = new Headers({ host: "localhost:3000", "x-forwarded-proto": "http", ...headers })
  scope.response = new NextResponse(null)
  scope.headersCalls = 0
  scope.cookiesCalls = 0
  scope.headersError = undefined
  return scope
}

/** The `Set-Cookie` lines written through `cookies()` in this scope. */
export function writtenCookies(): string[] {
  return scope.response.headers.getSetCookie()
}

/** The module `next/headers.js` is replaced with. */
export const nextHeaders = {
  headers: async (): Promise<Headers> => {
    scope.headersCalls++
    if (scope.headersError !== undefined) throw scope.headersError
    return scope.headers
  },
  cookies: async (): Promise<NextResponse["cookies"]> => {
    scope.cookiesCalls++
    return scope.response.cookies
  },
}
