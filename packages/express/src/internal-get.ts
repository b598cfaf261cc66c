/**
 * An internal `GET {basePath}/csrf` for an Express request, with its cookies: the engine answers it exactly as the
 * endpoint would answer the browser. The session is read without one (read-session.ts); the CSRF token is not yet,
 * because core's `frameworkEngine().csrfToken()` hands out a token where `GET /csrf` answers a misconfigured app's 500,
 * and `getCsrfToken` throws on that answer today.
 */
import { Auth, type AuthConfig } from "@gatehousejs/core"
import type { Request as ExpressRequest } from "express"
import { publicUrl } from "./public-url.js"

/** What the endpoints read of a browser's GET: its cookies, and what a database session or an event may record. */
const forwarded = ["cookie", "user-agent", "accept-language"]

/** `config.basePath` must be set. Throws `RequestRefused` only, for a request without a usable public URL. */
export function internalGet(req: ExpressRequest, config: AuthConfig, action: "csrf"): Promise<Response> {
  const url = new URL(`${config.basePath}/${action}`, publicUrl(req).origin)
  const headers = new Headers()
  for (const name of forwarded) {
    const value = req.get(name)
    if (value) headers.set(name, value)
  }
  return Auth(new Request(url, { headers }), config)
}
