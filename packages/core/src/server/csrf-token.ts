/** The CSRF token a server-rendered form carries: the `GET /csrf` entry run from server code, with its cookie when new. */
import type { ResolvedConfig } from "../config/resolved-config.js"
import type { Cookie } from "../http/cookie.js"
import { throughEntry } from "../pipeline/server-request.js"

/** `null` when the app turned the check off (`skipCSRFCheck`), as `GET /csrf` then answers 404. */
export async function csrfTokenOf(config: ResolvedConfig, request: Request): Promise<{ csrfToken: string | null; cookies: Cookie[] }> {
  // As `GET /csrf` answers 500: a broken configuration hands out no token (a form could not be checked with it).
  if (config.configError) throw config.configError
  if (config.skipCSRFCheck) return { csrfToken: null, cookies: [] }
  const read = await throughEntry(config, request, { method: "GET", action: "csrf" }, async (_, given) => ({ csrfToken: await given.csrfToken(), cookies: given.cookies }))
  if (!("value" in read)) throw new Error(`GET /csrf was refused (${read.refusal}).`)
  return read.value
}
