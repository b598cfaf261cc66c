/**
 * The public URL of an Express request: protocol and host as Express's `trust proxy` setting sees them, and the
 * original path and query. Gatehouse builds its redirects, callback URLs and cookie prefixes from it — never the links
 * it e-mails, which come from AUTH_URL only, since this host is whatever the client sent (RT-02).
 */
import type { Request as ExpressRequest } from "express"
import { RequestRefused } from "./request-refused.js"

/** A plain host with an optional port: no path, user-info or anything else that would move the URL elsewhere. */
const hostPattern = /^[a-z0-9._-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i

type TrustProxy = (address: string | undefined, hop: number) => boolean

/**
 * `req.protocol://host` + `req.originalUrl`. Throws `RequestRefused` (400) for a host that is missing or not a plain
 * host, a protocol other than http/https, or an absolute-form request target (`GET http://other/ HTTP/1.1`), which
 * must not choose the URL's host.
 */
export function publicUrl(req: ExpressRequest): URL {
  const protocol = req.protocol.toLowerCase()
  if (protocol !== "http" && protocol !== "https") throw new RequestRefused(400, "Unsupported forwarded protocol")
  const host = publicHost(req)
  if (!host || !hostPattern.test(host)) throw new RequestRefused(400, "Missing or malformed Host header")
  if (!req.originalUrl.startsWith("/")) throw new RequestRefused(400, "Unsupported request target")
  try {
    return new URL(`${protocol}://${host}${req.originalUrl}`)
  } catch {
    throw new RequestRefused(400, "Malformed request URL")
  }
}

/**
 * The host with its port, following `trust proxy`: `X-Forwarded-Host` (first value) when Express trusts the peer,
 * else `Host`. This is Express 5's `req.host`; Express 4 has no such getter (its `req.host` drops the port), so both
 * versions go through the same `trust proxy fn` here.
 */
function publicHost(req: ExpressRequest): string | undefined {
  const trust: unknown = req.app?.get("trust proxy fn")
  const forwarded = req.get("x-forwarded-host")
  if (forwarded && typeof trust === "function" && (trust as TrustProxy)(req.socket.remoteAddress, 0)) {
    return forwarded.split(",")[0]!.trim()
  }
  return req.get("host")
}
