/**
 * The session registry's server functions on `Gatehouse()` (and through it the framework packages): the
 * `GET /sessions` and `POST /sessions/revoke` entries run from server code — their declared needs (a registry, a
 * signed-in user) checked as for a request — plus `revokeUserSessions` for admin code.
 */
import type { ResolvedConfig } from "../config/resolved-config.js"
import { SessionRegistryError } from "../errors.js"
import type { Given } from "../pipeline/route.js"
import { throughEntry, type ServerCall } from "../pipeline/server-request.js"
import { listSessionsOf, registryOf, RegistryProblem, revokeAll, revokeOne, revokeOthers, type SessionInfo } from "./sessions.js"

export interface SessionFunctions {
  /** The user's sessions, newest first, the request's own marked `current`; `null` when signed out. */
  listSessions: (request: Request) => Promise<SessionInfo[] | null>
  /** Ends the user's session with this id (from `listSessions`); false when the user has none with it, or is signed out. */
  revokeSession: (request: Request, id: string) => Promise<boolean>
  /** Ends every session of the user but the request's own ("sign out everywhere else"); how many. */
  revokeOtherSessions: (request: Request) => Promise<number>
  /**
   * Ends every session of a user, on every device (after a password change or a ban); how many. A lazy configuration
   * is called with `request` when given (else with `undefined`).
   */
  revokeUserSessions: (userId: string, request?: Request) => Promise<number>
}

const list: ServerCall = { method: "GET", action: "sessions" }
const revoke: ServerCall = { method: "POST", action: "sessions", providerId: "revoke" }

export function sessionFunctions(configFor: (request: Request | undefined) => Promise<ResolvedConfig>): SessionFunctions {
  /** The entry's checks, then `work`; signed out is `signedOut`, a missing or unreachable registry a typed error. */
  const entry = async <T>(request: Request, call: ServerCall, signedOut: T, work: (config: ResolvedConfig, given: Given) => Promise<T>): Promise<T> => {
    const config = await configFor(request)
    if (config.configError) throw config.configError
    const result = await throughEntry(config, request, call, (ctx, given) => work(ctx.config, given))
    if ("value" in result) return result.value
    if (result.refusal === "signed-out") return signedOut
    if (result.refusal === "unsupported") throw new SessionRegistryError(new RegistryProblem(501).message, 501)
    throw new SessionRegistryError(result.message ?? new RegistryProblem(503).message, 503)
  }
  return {
    listSessions: (request) => entry(request, list, null, (config, given) => listSessionsOf(config, given.signedIn!)),
    revokeSession: (request, id) => entry(request, revoke, false, async (config, given) => (await revokeOne(config, given.signedIn!, String(id))).revoked === 1),
    revokeOtherSessions: (request) => entry(request, revoke, 0, (config, given) => revokeOthers(config, given.signedIn!)),
    async revokeUserSessions(userId, request) {
      if (typeof userId !== "string" || userId === "") throw new TypeError("revokeUserSessions needs the user's id.")
      const config = await configFor(request)
      try {
        registryOf(config)
        return await revokeAll(config, userId, undefined)
      } catch (error) {
        if (error instanceof RegistryProblem) throw new SessionRegistryError(error.message, error.status)
        throw error
      }
    },
  }
}
