/**
 * The Web `Request`s handed to the engine for a SvelteKit event: the request itself for the endpoints, and a body-less
 * GET at the current page for the server-side calls (`locals.auth()`, the sign-in and sign-out actions).
 *
 * With `AUTH_URL` in `$env/dynamic/private`, its origin replaces the request's and `X-Forwarded-Host` /
 * `X-Forwarded-Proto` are dropped: the configured public URL wins, as the engine decides with `AUTH_URL` in
 * `process.env` (which `vite dev` does not fill from `.env`, and a Cloudflare Worker does not have).
 */
import type { RequestEvent } from "@sveltejs/kit"
import { env } from "$env/dynamic/private"

/** Headers that describe a body: the server-side calls send none (or their own). */
const bodyHeaders = ["content-length", "content-type", "content-encoding", "transfer-encoding", "connection"]

/** The request to an endpoint; its body streams through to the engine, which caps what it reads. */
export function endpointRequest(event: RequestEvent): Request {
  const { request } = event
  const origin = envOrigin()
  if (!origin) return request
  const url = new URL(request.url)
  const target = new URL(`${url.pathname}${url.search}`, origin)
  if (target.href === url.href && !request.headers.has("x-forwarded-host") && !request.headers.has("x-forwarded-proto")) return request
  const headers = withoutForwarded(new Headers(request.headers))
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, signal: request.signal }
  if (request.body) {
    init.body = request.body
    init.duplex = "half" // a stream body (Node.js requires saying so)
  }
  return new Request(target, init)
}

/**
 * A GET at the current page with the request's headers (`Referer`, the default `redirectTo`; host; user agent) and
 * the cookies as they are now: those of the request with what this request has set already (`event.cookies`), so a
 * sign-in earlier in the same request is seen by a `locals.auth()` after it.
 */
export function pageRequest(event: RequestEvent): Request {
  const headers = new Headers(event.request.headers)
  for (const name of bodyHeaders) headers.delete(name)
  const cookie = event.cookies
    .getAll()
    .filter(({ value }) => value !== "")
    .map(({ name, value }) => `${name}=${encodeURIComponent(value)}`)
    .join("; ")
  if (cookie) headers.set("cookie", cookie)
  else headers.delete("cookie")
  const origin = envOrigin()
  if (!origin) return new Request(event.url, { headers })
  return new Request(new URL(`${event.url.pathname}${event.url.search}`, origin), { headers: withoutForwarded(headers) })
}

function withoutForwarded(headers: Headers): Headers {
  headers.delete("x-forwarded-host")
  headers.delete("x-forwarded-proto")
  return headers
}

/** The origin of `AUTH_URL` (else `NEXTAUTH_URL`) when it is an http(s) URL, as the engine reads it. */
function envOrigin(): string | undefined {
  const value = env.AUTH_URL || env.NEXTAUTH_URL
  if (!value) return undefined
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined
  } catch {
    return undefined
  }
}
