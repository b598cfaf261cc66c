/**
 * An internal `GET {basePath}/{action}` for an Express request, with its cookies: the engine answers it exactly as
 * the endpoint would answer the browser.
 */
import { Auth, type AuthConfig } from "@gatehousejs/core"
import type { Request as ExpressRequest } from "express"
import { publicUrl } from "./public-url.js"

/** What the endpoints read of a browser's GET: its cookies, and what a database session or an event may record. */
const forwarded = ["cookie", "user-agent", "accept-language"]

/** `config.basePath` must be set. Throws `RequestRefused` only, for a request without a usable public URL. */
export function internalGet(req: ExpressRequest, config: AuthConfig, action: "session" | "csrf"): Promise<Response> {
  const url = new URL(`${config.basePath}/${action}`, publicUrl(req).origin)
  const headers = new Headers()
  for (const name of forwarded) {
    const value = req.get(name)
    if (value) headers.set(name, value)
  }
  return Auth(new Request(url, { headers }), config)
}
