/** What the server functions share: the configuration for a request, and their cookies as `Set-Cookie` headers. */
import type { ResolvedConfig } from "../config/resolved-config.js"
import { serializeCookie, type Cookie } from "../http/cookie.js"

/** The resolved configuration for a request (a lazy configuration is called with it). */
export type ConfigFor = (request: Request | undefined) => Promise<ResolvedConfig>

/** A thrown value's name, never its message: an application's own error message may carry a credential. */
export function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error
}

export function cookieHeaders(cookies: readonly Cookie[] | undefined): Headers {
  const headers = new Headers()
  for (const cookie of cookies ?? []) headers.append("Set-Cookie", serializeCookie(cookie))
  return headers
}
