/**
 * `getSession(request, config)`: the session of a request on the server (a `query`, an action, a middleware), as
 * `@auth/solid-start`'s. The session is what `/api/auth/session` would send.
 */
import type { Session } from "@gatehousejs/core"
import { engine, type SolidAuthConfig } from "./config.js"

export type GetSessionResult = Promise<Session | null>

/**
 * The session of `request`, or `null`. Pass the configuration given to `SolidAuth()` (the same object shares its
 * engine). Fails closed: a broken configuration or an unreachable store is `null` (the engine logs why), where
 * `@auth/solid-start` threw.
 *
 * @example
 * const session = await getSession(getRequestEvent()!.request, authOptions)
 */
export async function getSession(req: Request, options: SolidAuthConfig): GetSessionResult {
  return engine.gatehouse.auth(engine.bind(req, await engine.configFor(options)))
}
