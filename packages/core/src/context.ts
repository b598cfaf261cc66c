/**
 * What every action receives: the resolved configuration, the parsed request, the cookie set for this origin, and the
 * flags an integration set for this call.
 */
import type { ResolvedConfig } from "./config/resolved-config.js"
import { resolveCookies, type ResolvedCookies } from "./http/default-cookies.js"
import type { InternalRequest } from "./http/request.js"
import type { Cookie } from "./http/cookie.js"

export interface CallOptions {
  /** Server-side integrations (server actions) skip the CSRF check: there is no cross-site request to forge. */
  skipCSRFCheck?: boolean
}

export interface Context {
  config: ResolvedConfig
  req: InternalRequest
  cookies: ResolvedCookies
  /**
   * `origin + basePath`, e.g. `https://app.example/auth`: every link and redirect is built from it
   * (docs/design.md#links-from-the-origin).
   */
  baseUrl: string
  skipCSRFCheck: boolean
  /** Cookies to send even when the action fails (one-time check cookies are cleared whatever the outcome). */
  failureCookies: Cookie[]
}

const cookieSets = new WeakMap<ResolvedConfig, { secure?: ResolvedCookies; plain?: ResolvedCookies }>()

/** The cookie set for secure (https) or plain deployments, built once per configuration. */
export function cookiesFor(config: ResolvedConfig, origin: string): ResolvedCookies {
  const secure = config.useSecureCookies ?? origin.startsWith("https:")
  let sets = cookieSets.get(config)
  if (!sets) cookieSets.set(config, (sets = {}))
  if (secure) return (sets.secure ??= resolveCookies(true, config.cookies))
  return (sets.plain ??= resolveCookies(false, config.cookies))
}

export function createContext(config: ResolvedConfig, req: InternalRequest, options: CallOptions): Context {
  return {
    config,
    req,
    cookies: cookiesFor(config, req.origin),
    baseUrl: `${req.origin}${config.basePath}`,
    skipCSRFCheck: config.skipCSRFCheck || options.skipCSRFCheck === true,
    failureCookies: [],
  }
}
