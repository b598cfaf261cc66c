/**
 * Revocable JWT sessions and the absolute lifetime of both strategies' tokens. With a registry a JWT carries a session
 * id (`gatehouse_sid`) whose record must still exist; the answer is cached per process for
 * `session.revocationCacheMaxAge` seconds (default 5), which is the bound on how long a revoked token still works on
 * another process (this one forgets at once). `gatehouse_auth_time` is the sign-in time `session.absoluteMaxAge` counts
 * from. Claims are kept by the engine across the `jwt` callback, so an app's callback cannot drop them by accident.
 * A cookie without an id (from before the registry, or next-auth v4) is governed by its user's not-before time and a
 * record keyed by its value (old-cookie.ts, RT-12).
 */
import type { RegisteredSession } from "../adapters.js"
import type { Context } from "../context.js"
import { SessionTokenError } from "../errors.js"
import { randomHex } from "../runtime/random.js"
import type { JWT } from "../types.js"
import { newSessionMetadata } from "./metadata.js"
import { oldCookieRecordIds, revokedBefore, withNotBefore } from "./old-cookie.js"
import type { SessionRegistry } from "./registry.js"
import { firstTime } from "../said-once.js"

export const SESSION_ID_CLAIM = "gatehouse_sid"
export const AUTH_TIME_CLAIM = "gatehouse_auth_time"

const MAX_CACHED = 10_000
// One cache per store object in this process: every configuration on that store sees a revocation made here at once.
const caches = new WeakMap<SessionRegistry, Map<string, { until: number; session: RegisteredSession | null }>>()

/** What a check decided: the session lives (with the claims to keep on the token), ended, or the store is down. */
export type GateResult = { live: true; claims: Record<string, number | string>; registered: boolean } | { live: false; unavailable: boolean }

/** The claims of a session starting now: its sign-in time and, with a registry, its recorded id. */
export async function startJwtSession(ctx: Context, userId: string | undefined, expires: Date): Promise<Record<string, number | string>> {
  const { config } = ctx
  const registry = config.sessionRegistry
  if (!registry && !config.session.absoluteMaxAge) return {}
  const claims: Record<string, number | string> = { [AUTH_TIME_CLAIM]: Math.floor(config.now() / 1000) }
  if (registry && userId) claims[SESSION_ID_CLAIM] = await recordSession(ctx, registry, userId, randomHex(32), expires)
  return claims
}

/**
 * Checks a decoded session token against the absolute lifetime and the registry. A token without an id (from before
 * the registry, or next-auth v4) goes to `checkOldCookie`: recorded on its first presentation and re-issued with the
 * record's id, so that it becomes revocable instead of staying exempt.
 */
export async function checkJwtSession(ctx: Context, token: JWT): Promise<GateResult> {
  const { config } = ctx
  const { absoluteMaxAge } = config.session
  const registry = config.sessionRegistry
  const nowSeconds = Math.floor(config.now() / 1000)
  const id = token[SESSION_ID_CLAIM]
  if (registry && typeof token.sub === "string" && typeof id !== "string") return checkOldCookie(ctx, registry, token, token.sub, nowSeconds)
  // No sign-in time (a token from before absoluteMaxAge, no registry to record one): its issue time, which a copy
  // presented again cannot move, rather than now.
  const authTime = secondsClaim(token[AUTH_TIME_CLAIM]) ?? secondsClaim(token.iat) ?? nowSeconds
  if (absoluteMaxAge && nowSeconds >= authTime + absoluteMaxAge) return ENDED
  const claims: Record<string, number | string> = { [AUTH_TIME_CLAIM]: authTime }
  if (!registry || typeof token.sub !== "string" || typeof id !== "string") return { live: true, claims, registered: false }

  try {
    if (id === "") return { live: true, claims: { ...claims, [SESSION_ID_CLAIM]: "" }, registered: false } // not recorded (above)
    const session = await cachedSession(ctx, registry, id)
    if (!session || session.userId !== token.sub || session.expires.valueOf() <= config.now()) return ENDED
  } catch (error) {
    config.logger.error(new SessionTokenError(error as Error))
    return { live: false, unavailable: true }
  }
  return { live: true, claims: { ...claims, [SESSION_ID_CLAIM]: id }, registered: false }
}

/**
 * A cookie without a record id (RT-12). Its record — found by the keyed hash of its value, so every copy finds the same
 * one — governs it while it exists; without one it is recorded now, unless a revocation of its user came at or after
 * its issue. `absoluteMaxAge` counts from the record's `createdAt`, its first presentation, whichever copy comes back.
 * Re-issued (`registered`) with the record's id either way.
 */
async function checkOldCookie(ctx: Context, registry: SessionRegistry, token: JWT, userId: string, nowSeconds: number): Promise<GateResult> {
  const { config } = ctx
  const revocable = withNotBefore(config, registry)
  if (!revocable) return ENDED
  const authTimeOf = (recorded: Date | null): number => secondsClaim(token[AUTH_TIME_CLAIM]) ?? (recorded ? Math.floor(recorded.valueOf() / 1000) : nowSeconds)
  const live = (authTime: number, id: string): GateResult =>
    ended(ctx, authTime, nowSeconds) ? ENDED : { live: true, claims: { [AUTH_TIME_CLAIM]: authTime, [SESSION_ID_CLAIM]: id }, registered: true }
  try {
    const ids = await oldCookieRecordIds(ctx)
    for (const id of ids) {
      const session = await cachedSession(ctx, registry, id)
      if (session && session.userId === userId && session.expires.valueOf() > config.now()) return live(authTimeOf(session.createdAt), id)
    }
    if (!ids.length || revokedBefore(token, await revocable.getSessionsNotBefore(userId))) return ENDED
    const authTime = authTimeOf(null)
    if (ended(ctx, authTime, nowSeconds)) return ENDED
    const id = await recordSession(ctx, registry, userId, ids[0]!, new Date((nowSeconds + config.session.maxAge) * 1000))
    forgetSessions(registry, [id])
    // A revocation between the read above and the record may have missed the record: read again, and undo it.
    if (id !== "" && revokedBefore(token, await revocable.getSessionsNotBefore(userId))) {
      await registry.deleteSession(id)
      return ENDED
    }
    return live(authTime, id)
  } catch (error) {
    config.logger.error(new SessionTokenError(error as Error))
    return { live: false, unavailable: true }
  }
}

/**
 * Records a new session under `id` and returns the id; "" for a user the registry cannot hold (JWT sessions in an
 * adapter's rows need the user there: a credentials user from elsewhere is signed in but not recorded — said once).
 */
async function recordSession(ctx: Context, registry: SessionRegistry, userId: string, id: string, expires: Date): Promise<string> {
  const { config } = ctx
  if (config.session.strategy === "jwt" && !(await (registry.holds?.(userId) ?? true))) {
    if (firstTime(undefined, "session-not-recorded")) {
      config.logger.warn("session-not-recorded")
    }
    return ""
  }
  await registry.createSession({ sessionToken: id, userId, expires, ...newSessionMetadata(ctx, new Date(config.now())) })
  return id
}

const ENDED: GateResult = Object.freeze({ live: false, unavailable: false })

function ended(ctx: Context, authTime: number, nowSeconds: number): boolean {
  const { absoluteMaxAge } = ctx.config.session
  return absoluteMaxAge !== undefined && absoluteMaxAge > 0 && nowSeconds >= authTime + absoluteMaxAge
}

function secondsClaim(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined
}

/**
 * After a re-issue: the record's expiry and last activity move on (at most once per `updateAge`). The record lives
 * `maxAge` past its last activity even beyond the token's absolute end (`expires` is capped there): a copy of an old
 * cookie presented after that end must find its record, and so its first presentation, rather than record itself
 * anew (RT-12). The listing hides records past the absolute end.
 */
export async function touchJwtSession(ctx: Context, token: JWT, expires: Date): Promise<void> {
  const registry = ctx.config.sessionRegistry
  const id = token[SESSION_ID_CLAIM]
  if (!registry || typeof id !== "string" || id === "") return
  const now = ctx.config.now()
  try {
    const recordExpires = new Date(Math.max(expires.valueOf(), now + ctx.config.session.maxAge * 1000))
    await registry.updateSession(id, { expires: recordExpires, lastActiveAt: new Date(now) })
    caches.get(registry)?.delete(id)
  } catch (error) {
    ctx.config.logger.error(error as Error) // the session stays valid until its recorded expiry
  }
}

/** The latest moment a session that signed in at `authTime` (seconds) may last. */
export function absoluteEnd(ctx: Context, authTime: number | undefined): number | undefined {
  const { absoluteMaxAge } = ctx.config.session
  return absoluteMaxAge && authTime !== undefined ? (authTime + absoluteMaxAge) * 1000 : undefined
}

/** This process forgets what it knew of these sessions: a revocation here takes effect here at once. */
export function forgetSessions(registry: SessionRegistry, sessionTokens: readonly string[]): void {
  const cache = caches.get(registry)
  if (cache) for (const token of sessionTokens) cache.delete(token)
}

async function cachedSession(ctx: Context, registry: SessionRegistry, id: string): Promise<RegisteredSession | null> {
  const maxAgeMs = ctx.config.session.revocationCacheMaxAge! * 1000
  let cache = caches.get(registry)
  if (!cache) caches.set(registry, (cache = new Map()))
  const now = ctx.config.now()
  const hit = cache.get(id)
  if (hit && hit.until > now) return hit.session
  const session = await registry.getSession(id)
  if (maxAgeMs > 0) {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!)
    cache.delete(id)
    cache.set(id, { until: now + maxAgeMs, session })
  }
  return session
}
