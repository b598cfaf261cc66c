/**
 * The CSRF token of an Express request, from the csrf endpoint: what a server-rendered form that posts to the
 * endpoints (sign-out, sign-in) puts in its `csrfToken` field.
 */
import type { AuthConfig } from "@gatehousejs/core"
import type { Request as ExpressRequest } from "express"
import { internalGet } from "./internal-get.js"

export interface CsrfTokenLookup {
  csrfToken: string
  /** The new CSRF cookie when the browser had none (or an invalid one), for the response. */
  headers: Headers
}

/** Reads the token. `config.basePath` must be set. Throws when the endpoint does not answer one (a broken config). */
export async function readCsrfToken(req: ExpressRequest, config: AuthConfig): Promise<CsrfTokenLookup> {
  const response = await internalGet(req, config, "csrf")
  const body = (await response.json().catch(() => undefined)) as { csrfToken?: unknown } | undefined
  if (response.status !== 200 || typeof body?.csrfToken !== "string") {
    throw new Error(`@gatehousejs/express: the csrf endpoint answered ${response.status} without a token; see the server log.`)
  }
  return { csrfToken: body.csrfToken, headers: response.headers }
}
