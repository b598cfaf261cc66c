/**
 * Express request → Web `Request`: the public URL (see public-url.ts), the headers that describe the request, and for
 * a POST the body (see request-body.ts).
 */
import { withPeerAddress } from "@gatehousejs/core"
import type { Request as ExpressRequest } from "express"
import { publicUrl } from "./public-url.js"
import { readRequestBody } from "./request-body.js"

/** Connection-level headers (RFC 9110 §7.6.1): they describe this hop, not the request. */
const hopByHop = new Set(["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade"])

/**
 * Dropped because Express has already applied them: `req.protocol`, the host and `req.ip` honour these headers
 * exactly when `app.set("trust proxy", …)` trusts the peer, and the URL and the recorded client address carry the
 * result. Passed on, they would let the engine (with `trustHost` or `rateLimit.trustedProxies`) honour them a second
 * time, from any client, whatever Express decided.
 */
const appliedByExpress = new Set(["x-forwarded-host", "x-forwarded-proto", "x-forwarded-for", "forwarded"])

/** Describe a body that the `Request` built for a server-side call does not have. */
const bodyHeaders = ["content-length", "content-type", "content-encoding"]

/**
 * The Web `Request` for a request to the auth endpoints. `HEAD` becomes `GET` (Node leaves the body out of the
 * answer). Throws `RequestRefused` for a malformed host or body.
 */
export async function toWebRequest(req: ExpressRequest): Promise<Request> {
  const url = publicUrl(req)
  const headers = requestHeaders(req)
  const method = req.method === "HEAD" ? "GET" : req.method
  if (method === "GET") return withClient(new Request(url, { method, headers }), req)
  const { bytes, reserialised } = await readRequestBody(req)
  if (reserialised) {
    headers.delete("content-length")
    headers.delete("content-encoding")
  }
  return withClient(new Request(url, { method, headers, body: bytes.length ? (bytes as Uint8Array<ArrayBuffer>) : undefined }), req)
}

/**
 * A body-less `Request` at the current page's public URL, for the server-side helpers (`signIn`, `signOut`,
 * `unstable_update`): the engine reads its cookies, `Referer` (the default `redirectTo`) and origin.
 */
export function toServerRequest(req: ExpressRequest): Request {
  const headers = requestHeaders(req)
  for (const name of bodyHeaders) headers.delete(name)
  return withClient(new Request(publicUrl(req), { headers }), req)
}

/** Records the client for per-client rate limits: `req.ip`, which is the peer unless `trust proxy` says otherwise. */
function withClient(request: Request, req: ExpressRequest): Request {
  return withPeerAddress(request, req.ip ?? req.socket?.remoteAddress)
}

function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":") || hopByHop.has(name) || appliedByExpress.has(name)) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  return headers
}
