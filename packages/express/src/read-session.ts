/**
 * The session of an Express request, from the session endpoint.
 */
import type { AuthConfig, Session } from "@gatehousejs/core"
import type { Request as ExpressRequest } from "express"
import { internalGet } from "./internal-get.js"

export interface SessionLookup {
  session: Session | null
  /** Refreshed (rolling expiry) or cleared session cookies, for the response. */
  headers: Headers
}

/**
 * Looks the session up. `config.basePath` must be set. Fails closed: anything but a 200 with a session object is
 * "signed out". Throws `RequestRefused` only, for a request without a usable public URL.
 */
export async function readSession(req: ExpressRequest, config: AuthConfig): Promise<SessionLookup> {
  const response = await internalGet(req, config, "session")
  if (response.status !== 200) return { session: null, headers: new Headers() }
  const body: unknown = await response.json()
  const session = body !== null && typeof body === "object" && Object.keys(body).length ? (body as Session) : null
  return { session, headers: response.headers }
}
