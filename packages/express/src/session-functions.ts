/**
 * The session registry's server functions for Express (docs/sessions.md): core's, with the Express `req` where the
 * signed-in user is read from. No logic of their own.
 */
import type { GatehouseResult, SessionInfo } from "@gatehousejs/core"
import type { Request as ExpressRequest } from "express"

export interface ExpressSessionFunctions {
  /** The signed-in user's sessions, newest first, this browser's marked `current`; `null` when signed out. */
  listSessions: (req: ExpressRequest) => Promise<SessionInfo[] | null>
  /** Ends the user's session with this id (from `listSessions`); false when the user has none with it. */
  revokeSession: (req: ExpressRequest, id: string) => Promise<boolean>
  /** Ends every session of the user but this browser's ("sign out everywhere else"); how many. */
  revokeOtherSessions: (req: ExpressRequest) => Promise<number>
  /**
   * Ends every session of a user on every device (after a password change or a ban); how many. `req` is needed only
   * with a lazy configuration (a function of the request).
   */
  revokeUserSessions: (userId: string, req?: ExpressRequest) => Promise<number>
}

export function expressSessionFunctions(
  gatehouse: GatehouseResult,
  serverRequest: (req: ExpressRequest) => Promise<Request>,
  standalone: (() => Promise<Request>) | undefined,
): ExpressSessionFunctions {
  return {
    listSessions: async (req) => gatehouse.listSessions(await serverRequest(req)),
    revokeSession: async (req, id) => gatehouse.revokeSession(await serverRequest(req), id),
    revokeOtherSessions: async (req) => gatehouse.revokeOtherSessions(await serverRequest(req)),
    async revokeUserSessions(userId, req) {
      const request = req ? await serverRequest(req) : await standalone?.()
      if (!request) throw new TypeError("revokeUserSessions(userId, req): a configuration that is a function of the request needs the request.")
      return gatehouse.revokeUserSessions(userId, request)
    },
  }
}
