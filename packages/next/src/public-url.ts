/**
 * Where the app is, seen from outside: the origin of `AUTH_URL` / `NEXTAUTH_URL` when set, else the request's own
 * headers. Used to build the internal requests of `auth()`, `signIn()`, `signOut()` and `unstable_update()` (which
 * have no URL of their own in a server component or a server action), and to give middleware the public URL.
 *
 * Which forwarded headers are trusted is the engine's decision (`trustHost`): the headers are passed on with each
 * internal request, and the engine applies `AUTH_URL` > trusted `X-Forwarded-*` > the URL built here.
 */
import { NextRequest } from "next/server.js"
import { processEnv } from "./config.js"

/** A plain host with an optional port: nothing that would move the URL elsewhere (a path, user-info). */
const hostPattern = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i

/** `AUTH_URL` (else `NEXTAUTH_URL`) when it is an http(s) URL. */
export function urlFromEnv(env: Record<string, string | undefined> = processEnv()): URL | undefined {
  const value = env.AUTH_URL || env.NEXTAUTH_URL
  if (!value) return undefined
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined
  } catch {
    return undefined
  }
}

/**
 * The public origin for a request known only by its headers (Auth.js's `createActionURL`): the origin of `AUTH_URL`;
 * else `X-Forwarded-Host` or `Host`, with `X-Forwarded-Proto`, else `fallbackProtocol` (Auth.js: `https`). Throws a
 * `TypeError` when no usable host is given.
 */
export function originFromHeaders(headers: Headers, fallbackProtocol: "http" | "https" = "https"): string {
  const env = urlFromEnv()
  if (env) return env.origin
  const host = first(headers.get("x-forwarded-host")) ?? first(headers.get("host"))
  if (!host || !hostPattern.test(host)) throw new TypeError("@gatehousejs/next: the request has no usable Host header; set AUTH_URL to the public URL.")
  const forwarded = first(headers.get("x-forwarded-proto"))?.toLowerCase()
  const protocol = forwarded === "http" || forwarded === "https" ? forwarded : fallbackProtocol
  return `${protocol}://${host}`
}

/**
 * `request` as a `NextRequest` at the public origin (Auth.js's `reqWithEnvURL`): with `AUTH_URL` set, its origin
 * replaces the request's (the path is kept); otherwise the request as Next.js built it. Middleware redirects and the
 * `callbackUrl` it sends are built from this.
 */
export function withPublicOrigin(request: Request): NextRequest {
  const req = request instanceof NextRequest ? request : new NextRequest(request)
  const env = urlFromEnv()
  if (!env || env.origin === req.nextUrl.origin) return req
  // Not `url.host = …`: a host without a port would keep the request's port.
  const { pathname, search } = new URL(req.url)
  const url = new URL(`${pathname}${search}`, env.origin)
  // The request itself as the init: method, headers and body (a wrapped route handler may read it) move across.
  return new NextRequest(url.href, req)
}

function first(value: string | null): string | undefined {
  const item = value?.split(",")[0]?.trim()
  return item || undefined
}
