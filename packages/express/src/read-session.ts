/**
 * The session of an Express request, read by the engine as `GET {basePath}/session` answers it — through core's
 * `frameworkEngine().session()`, without an HTTP request — and the cookies that answer sets, as `Set-Cookie` lines.
 */
import type { AuthConfig, FrameworkEngine, Session } from "@gatehousejs/core"
import type { Request as ExpressRequest } from "express"
import { toServerRequest } from "./web-request.js"

export interface SessionLookup {
  session: Session | null
  /** Refreshed (rolling expiry) or cleared session cookies, for the response. */
  headers: Headers
}

/**
 * Looks the session up. `config.basePath` must be set. Fails closed: a broken configuration or a store outage is
 * "signed out" (the engine logs why). Throws `RequestRefused` only, for a request without a usable public URL.
 */
export async function readSession(engine: Pick<FrameworkEngine<unknown>, "bind" | "session">, req: ExpressRequest, config: AuthConfig): Promise<SessionLookup> {
  const { session, headers } = await engine.session(engine.bind(toServerRequest(req), config))
  return { session, headers }
}
