/**
 * The CSRF token of an Express request, as `GET /csrf` answers it but without an HTTP request (core's
 * `frameworkEngine().csrfToken()`): what a server-rendered form that posts to the endpoints (sign-out, sign-in) puts
 * in its `csrfToken` field.
 */
import type { AuthConfig, FrameworkEngine } from "@gatehousejs/core"
import type { Request as ExpressRequest } from "express"
import { toServerRequest } from "./web-request.js"

export interface CsrfTokenLookup {
  csrfToken: string
  /** The new CSRF cookie when the browser had none (or an invalid one), for the response. */
  headers: Headers
}

/**
 * Reads the token. `config.basePath` must be set. Rejects with the configuration error of a broken configuration (the
 * endpoint answers 500 then), and when the app turned the check off (`skipCSRFCheck`: there is no token).
 */
export async function readCsrfToken(engine: Pick<FrameworkEngine<unknown>, "bind" | "csrfToken">, req: ExpressRequest, config: AuthConfig): Promise<CsrfTokenLookup> {
  const read = await engine.csrfToken(engine.bind(toServerRequest(req), config)).catch(() => undefined)
  // The configuration's problems are in the server log already; the page gets no detail of them.
  if (!read) throw new Error("@gatehousejs/express: the engine answered without a token (its configuration is broken); see the server log.")
  if (read.csrfToken === null) throw new Error("@gatehousejs/express: there is no CSRF token: the check is off (skipCSRFCheck).")
  return { csrfToken: read.csrfToken, headers: read.headers }
}
