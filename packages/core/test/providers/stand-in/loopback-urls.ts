/**
 * A stand-in serves every host on one loopback port: the provider's `[customFetch]` sends `https://<host>/<path>` to
 * `http://127.0.0.1:<port>/<host>/<path>`, so the provider module runs unchanged with its real URLs.
 */
import type { Loopback } from "../loopback.js"

/** `https://api.example.com/v1/me` → `/api.example.com/v1/me`: one loopback serves every host. */
export function loopbackPath(url: string): string {
  const parsed = new URL(url)
  return `/${parsed.host}${parsed.pathname}`
}

/** `/api.example.com/v1/me` → `https://api.example.com/v1/me`: a recorded request under the URL the provider used. */
export function originalUrl(path: string): string {
  return `https:/${path}`
}

/** The provider's fetch: every `https://host/path` to the loopback; anything else is recorded as unknown and fails. */
export function rewritingFetch(loopback: Loopback): { fetch: typeof fetch; unknown: string[] } {
  const unknown: string[] = []
  const rewritten = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (url.protocol !== "https:") {
      unknown.push(url.href)
      throw new TypeError(`fetch failed: ${url.href} is not https`)
    }
    const target = `${loopback.url}/${url.host}${url.pathname}${url.search}`
    const response = await fetch(new Request(target, request))
    if (response.status === 404) unknown.push(`${request.method} ${url.origin}${url.pathname}`)
    return response
  }
  return { fetch: rewritten as typeof fetch, unknown }
}
