/** `unstable_update(request, data)`: the `POST /session` entry run from server code; the new session and its cookies. */
import { readSession } from "../actions/session.js"
import { AuthError } from "../errors.js"
import type { Cookie } from "../http/cookie.js"
import { throughEntry } from "../pipeline/server-request.js"
import type { Session } from "../types.js"
import { cookieHeaders, type ConfigFor } from "./shared.js"

export function updateFunction(configFor: ConfigFor) {
  return async function unstable_update(request: Request, data: unknown): Promise<{ session: Session | null; headers: Headers; cookies: Cookie[] }> {
    const config = await configFor(request)
    if (config.configError) throw config.configError
    let result: { session: Session | null; cookies: Cookie[] } = { session: null, cookies: [] }
    try {
      const read = await throughEntry(config, request, { method: "POST", action: "session", body: { data } }, (ctx) => readSession(ctx, { data }))
      if ("value" in read) result = read.value
    } catch (error) {
      // As `POST /session` answers `400 null`: no session, the cause logged.
      if (error instanceof AuthError) throw error
      config.logger.error(error instanceof Error ? error : new Error(String(error)))
    }
    return { ...result, headers: cookieHeaders(result.cookies) }
  }
}
