/**
 * The session registry's server functions on `Gatehouse()` (and through it the framework packages): the same work as
 * `GET /sessions` and `POST /sessions/revoke`, for the request's user, plus `revokeUserSessions` for admin code.
 */
import type { ResolvedConfig } from "../config/resolved-config.js"
import { SessionRegistryError } from "../errors.js"
import type { ResponseInternal } from "../http/response.js"
import { registryOf, RegistryProblem, revokeAll, type SessionInfo } from "./sessions.js"

type Call = (request: Request, action: string, init: { method: "GET" | "POST"; body?: Record<string, string> }) => Promise<{ result: ResponseInternal }>

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

/** The functions, over the engine's own endpoints (`call`) so that they cannot disagree with them. */
export function sessionFunctions(call: Call, configFor: (request: Request | undefined) => Promise<ResolvedConfig>): SessionFunctions {
  const answer = async <T>(request: Request, action: string, init: { method: "GET" | "POST"; body?: Record<string, string> }, read: (status: number, body: unknown) => T): Promise<T> => {
    const { result } = await call(request, action, init)
    const status = result.status ?? 200
    if (status === 501 || status === 503) throw new SessionRegistryError((result.body as { message: string }).message, status)
    return read(status, result.body)
  }
  return {
    listSessions: (request) => answer(request, "sessions", { method: "GET" }, (status, body) => (status === 200 ? (body as SessionInfo[]) : null)),
    revokeSession: (request, id) =>
      answer(request, "sessions/revoke", { method: "POST", body: { id: String(id) } }, (status, body) => status === 200 && (body as { revoked: number }).revoked === 1),
    revokeOtherSessions: (request) =>
      answer(request, "sessions/revoke", { method: "POST", body: { all: "true" } }, (status, body) => (status === 200 ? (body as { revoked: number }).revoked : 0)),
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
