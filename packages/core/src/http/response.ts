/**
 * The internal result of an action and its conversion to a Web `Response`.
 */
import { serializeCookie, type Cookie } from "./cookie.js"

export interface ResponseInternal<Body = unknown> {
  status?: number
  headers?: Record<string, string>
  /** A string is sent as it is (HTML); anything else as JSON. */
  body?: Body
  /** Absolute URL: a 302, or `200 {url}` when the client asked with `X-Auth-Return-Redirect`. */
  redirect?: string
  cookies?: Cookie[]
}

/** Every auth response is private and never cached: it may carry cookies or a session. */
const noCache: readonly [string, string][] = [
  ["Cache-Control", "private, no-cache, no-store"],
  ["Expires", "0"],
  ["Pragma", "no-cache"],
]

/** Converts an action result to a `Response`. `returnRedirect` turns redirects into `200 {url}` JSON. */
export function toResponse(result: ResponseInternal, returnRedirect: boolean): Response {
  // Header pairs, not a `Headers`: `Response` would copy a `Headers` again (measurable on the session hot path).
  const headers: [string, string][] = [...noCache]
  if (result.headers) for (const key in result.headers) setHeader(headers, key, result.headers[key]!)
  if (result.cookies) for (const cookie of result.cookies) headers.push(["Set-Cookie", serializeCookie(cookie)])

  if (result.redirect !== undefined) {
    if (returnRedirect) {
      setHeader(headers, "Content-Type", "application/json")
      setHeader(headers, "Referrer-Policy", "no-referrer")
      return new Response(JSON.stringify({ url: result.redirect }), { status: 200, headers })
    }
    headers.push(["Location", result.redirect])
    // A callback URL carries the authorization code; the page redirected to must not learn it (RFC 9700 §4.2.4).
    setHeader(headers, "Referrer-Policy", "no-referrer")
    return new Response(null, { status: 302, headers })
  }
  let body: string | null = null
  const isJson = result.headers?.["Content-Type"] === "application/json"
  if (typeof result.body === "string" && !isJson) body = result.body
  else if (result.body !== undefined) {
    body = JSON.stringify(result.body)
    if (!isJson) setHeader(headers, "Content-Type", "application/json")
  }
  return new Response(body, { status: result.status ?? 200, headers })
}

function setHeader(headers: [string, string][], name: string, value: string): void {
  const lower = name.toLowerCase()
  const index = headers.findIndex(([key]) => key.toLowerCase() === lower)
  if (index === -1) headers.push([name, value])
  else headers[index] = [name, value]
}

/** A JSON response. */
export function json(body: unknown, status = 200, cookies?: Cookie[]): ResponseInternal {
  return { status, body, cookies, headers: { "Content-Type": "application/json" } }
}
