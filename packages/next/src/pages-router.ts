/**
 * `auth(req, res)` in a Pages Router API route and `auth(context)` in `getServerSideProps`: the session of a Node.js
 * request, with the refreshed session cookies appended to the Node.js response. Types only from `node:http`, so the
 * middleware bundle that imports this package stays edge-safe.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http"
import { safeErrorName, type FrameworkEngine, type Session } from "@gatehousejs/core"
import { NextRequest } from "next/server.js"
import { originFromHeaders } from "./public-url.js"
import { readSession } from "./read-session.js"

/** What is read of the request: its headers, path, and whether the socket is TLS. */
export type NodeRequestLike = Pick<IncomingMessage, "headers"> & { url?: string; socket?: { encrypted?: boolean } | null }

/** What is written: `Set-Cookie` lines. A Node.js `ServerResponse`, or anything with Web `headers`. */
export type NodeResponseLike = Partial<Pick<ServerResponse, "appendHeader" | "getHeader" | "setHeader" | "headersSent">> | { headers: Headers }

/** The session for a Pages Router request. Never throws: a broken configuration is "signed out". */
export async function sessionForNodeRequest(
  req: NodeRequestLike,
  res: NodeResponseLike | undefined,
  engine: FrameworkEngine<NextRequest | undefined>,
): Promise<Session | null> {
  try {
    const request = toNextRequest(req)
    const { session, setCookies } = await readSession(engine, request, await engine.configFor(request))
    if (res) appendSetCookies(res, setCookies)
    return session
  } catch (error) {
    console.error(`[gatehouse][error] auth() failed with ${safeErrorName(error)}; treated as signed out.`)
    return null
  }
}

/**
 * A body-less `NextRequest` for a Node.js request: its headers, at the public origin (`AUTH_URL`, else the forwarded or
 * `Host` header; the protocol falls back to the socket's), with its path. The lazy configuration receives it.
 */
export function toNextRequest(req: NodeRequestLike): NextRequest {
  const headers = toHeaders(req.headers)
  const origin = originFromHeaders(headers, req.socket?.encrypted ? "https" : "http")
  const path = req.url?.startsWith("/") ? req.url : "/"
  for (const name of ["content-length", "content-type", "content-encoding", "transfer-encoding", "connection"]) headers.delete(name)
  return new NextRequest(`${origin}${path}`, { headers })
}

function toHeaders(source: IncomingHttpHeaders | Headers): Headers {
  if (source instanceof Headers) return new Headers(source)
  const headers = new Headers()
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined || name.startsWith(":")) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  return headers
}

/** Each `Set-Cookie` on its own line, after any the route already set; nothing once the headers are sent. */
function appendSetCookies(res: NodeResponseLike, lines: string[]): void {
  if (!lines.length) return
  if ("headers" in res && res.headers instanceof Headers) {
    for (const line of lines) res.headers.append("Set-Cookie", line)
    return
  }
  const node = res as Partial<ServerResponse>
  if (node.headersSent) return
  if (typeof node.appendHeader === "function") {
    node.appendHeader("Set-Cookie", lines)
  } else if (typeof node.setHeader === "function") {
    const existing = node.getHeader?.("Set-Cookie")
    const before = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)]
    node.setHeader("Set-Cookie", [...before, ...lines])
  }
}
