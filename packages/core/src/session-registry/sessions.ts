/**
 * Listing and revoking the signed-in user's sessions: what `GET /sessions`, `POST /sessions/revoke` and the server
 * functions (`listSessions`, `revokeSession`, `revokeOtherSessions`, `revokeUserSessions`) do, for either strategy.
 */
import type { RegisteredSession } from "../adapters.js"
import type { ResolvedConfig } from "../config/resolved-config.js"
import type { Context } from "../context.js"
import { readSessionCookie } from "../http/session-store.js"
import { Refused, registryNeeded } from "../pipeline/refused.js"
import { decodeSessionToken } from "../session/token.js"
import { sessionHandle } from "./handle.js"
import { AUTH_TIME_CLAIM, checkJwtSession, forgetSessions, SESSION_ID_CLAIM } from "./jwt-gate.js"
import { withNotBefore } from "./old-cookie.js"
import type { SessionRegistry } from "./registry.js"

/** One entry of `GET /sessions`. `id` is an opaque handle: never the session token, nor anything that leads to it. */
export interface SessionInfo {
  id: string
  /** The session of the browser that asked. */
  current: boolean
  createdAt: string | null
  lastActiveAt: string | null
  expires: string
  /** The sign-in's `User-Agent` header as sent. */
  userAgent: string | null
  ip: string | null
}

/** The user asking and the registry's key of their session ("" for a JWT session the registry could not record). */
export interface CurrentSession {
  userId: string
  sessionToken?: string
  /** When the user signed in (seconds since the epoch), where the session records it. */
  authTime?: number
}

/** Why the registry cannot answer: the configuration has none (501), or it could not be reached (503). */
export class RegistryProblem extends Refused {
  constructor(readonly status: 501 | 503) {
    super(status === 501 ? "unsupported" : "unavailable", status === 501 ? registryNeeded : "The session store could not be reached; try again.")
  }
}

export function registryOf(config: ResolvedConfig): SessionRegistry {
  if (!config.sessionRegistry) throw new RegistryProblem(501)
  return config.sessionRegistry
}

/** The signed-in user of the request and their session's key, or `null` when signed out (or revoked). */
export async function currentSession(ctx: Context): Promise<CurrentSession | null> {
  const { config, req } = ctx
  const registry = registryOf(config)
  const { name } = ctx.cookies.sessionToken
  const sent = readSessionCookie(req.cookies, name)
  if (!sent) return null
  if (config.session.strategy === "database") {
    const session = await guarded(() => registry.getSession(sent))
    if (!session || session.expires.valueOf() <= config.now()) return null
    return { userId: session.userId, sessionToken: sent, authTime: session.createdAt ? Math.floor(session.createdAt.valueOf() / 1000) : undefined }
  }
  const token = await decodeSessionToken(config, name, sent)
  if (!token || typeof token.sub !== "string") return null
  // A cookie from before the registry is checked (and recorded) like any other: revoked, it is no session here either.
  const gate = await checkJwtSession(ctx, token)
  if (!gate.live) {
    if (gate.unavailable) throw new RegistryProblem(503)
    return null
  }
  const id = gate.claims[SESSION_ID_CLAIM]
  const authTime = gate.claims[AUTH_TIME_CLAIM]
  return { userId: token.sub, sessionToken: typeof id === "string" ? id : undefined, authTime: typeof authTime === "number" ? authTime : undefined }
}

/** The user's sessions, newest sign-in first, the current one marked. */
export async function listSessionsOf(config: ResolvedConfig, current: CurrentSession): Promise<SessionInfo[]> {
  const sessions = await guarded(() => registryOf(config).listSessions(current.userId))
  const now = config.now()
  // A JWT session's record outlives its absolute end (jwt-gate.ts `touchJwtSession`): past it, it is no session.
  const absoluteMs = (config.session.absoluteMaxAge ?? 0) * 1000
  const live = (s: RegisteredSession): boolean => s.expires.valueOf() > now && !(absoluteMs && s.createdAt && s.createdAt.valueOf() + absoluteMs <= now)
  return Promise.all(
    sessions
      .filter(live)
      .map(async (s) => ({
        id: await sessionHandle(config.secrets[0]!, s.sessionToken),
        current: s.sessionToken === current.sessionToken,
        createdAt: iso(s.createdAt),
        lastActiveAt: iso(s.lastActiveAt),
        expires: s.expires.toISOString(),
        userAgent: s.userAgent,
        ip: s.ip,
      })),
  )
}

/**
 * Revokes the user's session named by `id`: 1, or 0 when the user has no session with that handle (another user's
 * handle is the same as an unknown one, SR-03). `endedCurrent` when it was the asking browser's own session.
 */
export async function revokeOne(config: ResolvedConfig, current: CurrentSession, id: string): Promise<{ revoked: number; endedCurrent: boolean }> {
  const registry = registryOf(config)
  const sessions = await guarded(() => registry.listSessions(current.userId))
  let match: RegisteredSession | undefined
  for (const s of sessions) if ((await sessionHandle(config.secrets[0]!, s.sessionToken)) === id) match = s
  if (!match) return { revoked: 0, endedCurrent: false }
  await recordNotBefore(config, registry, current.userId)
  await guarded(() => registry.deleteSession(match.sessionToken))
  forgetSessions(registry, [match.sessionToken])
  await config.events.sessionRevoked?.({ userId: current.userId, scope: "one", count: 1 })
  return { revoked: 1, endedCurrent: match.sessionToken === current.sessionToken }
}

/** Revokes every session of the user but the asking one; how many. */
export async function revokeOthers(config: ResolvedConfig, current: CurrentSession): Promise<number> {
  return revokeAll(config, current.userId, current.sessionToken, "others")
}

/** Revokes every session of a user (after a password change, a ban); how many. */
export async function revokeAll(config: ResolvedConfig, userId: string, except: string | undefined, scope: "others" | "user" = "user"): Promise<number> {
  const registry = registryOf(config)
  // Read first so that this process forgets the revoked JWT sessions at once (others within the cache bound).
  const sessions = config.session.strategy === "jwt" ? await guarded(() => registry.listSessions(userId)) : []
  await recordNotBefore(config, registry, userId)
  const count = await guarded(() => registry.deleteUserSessions(userId, except))
  forgetSessions(registry, sessions.map((s) => s.sessionToken))
  await config.events.sessionRevoked?.({ userId, scope, count })
  return count
}

/**
 * JWT strategy: the user's not-before time becomes now (RT-12), so that a cookie without a record id issued before
 * this revocation cannot record itself again. Written before the records are deleted: a cookie being recorded
 * meanwhile either sees it, or is recorded before the delete and deleted with the others (jwt-gate.ts reads it twice).
 */
async function recordNotBefore(config: ResolvedConfig, registry: SessionRegistry, userId: string): Promise<void> {
  if (config.session.strategy !== "jwt") return // database sessions: every cookie names its row
  const revocable = withNotBefore(config, registry)
  // Date.now, not config.now: this time is compared with tokens' `iat`, which the session codec stamps on its own clock.
  if (revocable) await guarded(() => revocable.setSessionsNotBefore(userId, new Date()))
}

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof RegistryProblem) throw error
    throw Object.assign(new RegistryProblem(503), { cause: error })
  }
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null
}
