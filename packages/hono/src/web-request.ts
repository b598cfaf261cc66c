/**
 * The Web `Request`s handed to the engine: the request itself for the endpoints, and a body-less one at the current
 * page for the server-side lookups (`getAuthUser`, `getAccessToken`, the session registry). Both carry the client's
 * address for per-client rate limits where the runtime tells it, and the origin of `AUTH_URL` when `env(c)` has one.
 */
import { withPeerAddress } from "@gatehousejs/core"
import type { Context } from "hono"
import { reqWithEnvUrl } from "./env.js"

/**
 * The request to an endpoint. Its body streams through to the engine (which caps what it reads) unless a middleware
 * already read it, in which case Hono's copy is used.
 */
export async function endpointRequest(c: Context, authUrl: string | undefined): Promise<Request> {
  const raw = c.req.raw
  let request = raw
  if (raw.bodyUsed) {
    const body = await c.req.arrayBuffer()
    request = new Request(raw.url, { method: raw.method, headers: raw.headers, body, signal: raw.signal })
  }
  return withPeerAddress(reqWithEnvUrl(request, authUrl), peerAddress(c))
}

/** A GET at the current page with the request's headers (cookies, host, user agent), for the server-side lookups. */
export function serverRequest(c: Context, authUrl: string | undefined): Request {
  const request = new Request(c.req.url, { headers: c.req.raw.headers })
  return withPeerAddress(reqWithEnvUrl(request, authUrl), peerAddress(c))
}

/** Sends the engine's `Set-Cookie` lines with this request's response, as Hono's own `setCookie` does. */
export function forwardCookies(c: Context, headers: Headers): void {
  for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true })
}

/**
 * The connection's address on `@hono/node-server`, whose `c.env` is `{ incoming, outgoing }`. Other runtimes keep it
 * elsewhere (Bun's `server.requestIP`, Deno's `info.remoteAddr`); there the engine sees no address, as with a bare
 * `Auth()`, and per-client budgets fall back to what `rateLimit` makes of the request.
 */
function peerAddress(c: Context): string | undefined {
  type NodeBindings = { incoming?: { socket?: { remoteAddress?: unknown } } }
  const env = c.env as (NodeBindings & { server?: NodeBindings }) | undefined
  // As @hono/node-server's getConnInfo: the bindings may sit under `server` when the app adds its own.
  const address = (env?.server ?? env)?.incoming?.socket?.remoteAddress
  return typeof address === "string" ? address : undefined
}
