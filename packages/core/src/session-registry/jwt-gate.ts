/**
 * Revocable JWT sessions and the absolute lifetime of both strategies' tokens. With a registry a JWT carries a session
 * id (`gatehouse_sid`) whose record must still exist; the answer is cached per process for
 * `session.revocationCacheMaxAge` seconds (default 5), which is the bound on how long a revoked token still works on
 * another process (this one forgets at once). `gatehouse_auth_time` is the sign-in time `session.absoluteMaxAge` counts
 * from. Claims are kept by the engine across the `jwt` callback, so an app's callback cannot drop them by accident.
 */
import type { RegisteredSession } from "../adapters.js"
import type { Context } from "../context.js"
import { SessionTokenError } from "../errors.js"
import { randomHex } from "../runtime/random.js"
import type { JWT } from "../types.js"
import { newSessionMetadata } from "./metadata.js"
import type { SessionRegistry } from "./registry.js"

export const SESSION_ID_CLAIM = "gatehouse_sid"
export const AUTH_TIME_CLAIM = "gatehouse_auth_time"

const MAX_CACHED = 10_000
let warnedNotRecorded = false
// One cache per store object in this process: every configuration on that store sees a revocation made here at once.
const caches = new WeakMap<SessionRegistry, Map<string, { until: number; session: RegisteredSession | null }>>()

/** What a check decided: the session lives (with the claims to keep on the token), ended, or the store is down. */
export type GateResult = { live: true; claims: Record<string, number | string>; registered: boolean } | { live: false; unavailable: boolean }

/** The claims of a session starting now: its sign-in time and, with a registry, its recorded id. */
export async function startJwtSession(ctx: Context, userId: string | undefined, expires: Date): Promise<Record<string, number | string>> {
  const { config } = ctx
  const registry = config.sessionRegistry
  if (!registry && !config.session.absoluteMaxAge) return {}
  const now = new Date()
  const claims: Record<string, number | string> = { [AUTH_TIME_CLAIM]: Math.floor(now.valueOf() / 1000) }
  if (registry && userId) {
    if (config.session.strategy === "jwt" && !(await (registry.holds?.(userId) ?? true))) {
      // A user the adapter does not hold (credentials from another source): signed in, but not recorded — said once.
      if (!warnedNotRecorded) {
        warnedNotRecorded = true
        config.logger.warn("session-not-recorded")
      }
      claims[SESSION_ID_CLAIM] = ""
      return claims
    }
    const sessionToken = randomHex(32)
    await registry.createSession({ sessionToken, userId, expires, ...newSessionMetadata(ctx, now) })
    claims[SESSION_ID_CLAIM] = sessionToken
  }
  return claims
}

/**
 * Checks a decoded session token against the absolute lifetime and the registry. A token from before the registry was
 * configured (no id) is recorded now and re-issued with one, so that it becomes revocable instead of staying exempt.
 */
export async function checkJwtSession(ctx: Context, token: JWT): Promise<GateResult> {
  const { config } = ctx
  const { absoluteMaxAge } = config.session
  const registry = config.sessionRegistry
  const nowSeconds = Math.floor(Date.now() / 1000)
  const authTime = typeof token[AUTH_TIME_CLAIM] === "number" ? (token[AUTH_TIME_CLAIM] as number) : nowSeconds
  if (absoluteMaxAge && nowSeconds >= authTime + absoluteMaxAge) return { live: false, unavailable: false }
  const claims: Record<string, number | string> = { [AUTH_TIME_CLAIM]: authTime }
  if (!registry || typeof token.sub !== "string") return { live: true, claims, registered: false }

  const id = token[SESSION_ID_CLAIM]
  try {
    if (id === "") return { live: true, claims: { ...claims, [SESSION_ID_CLAIM]: "" }, registered: false } // not recorded (above)
    if (typeof id !== "string") {
      const started = await startJwtSession(ctx, token.sub, new Date((nowSeconds + config.session.maxAge) * 1000))
      return { live: true, claims: { ...started, [AUTH_TIME_CLAIM]: authTime }, registered: true }
    }
    const session = await cachedSession(ctx, registry, id)
    if (!session || session.userId !== token.sub || session.expires.valueOf() <= Date.now()) return { live: false, unavailable: false }
  } catch (error) {
    config.logger.error(new SessionTokenError(error as Error))
    return { live: false, unavailable: true }
  }
  return { live: true, claims: { ...claims, [SESSION_ID_CLAIM]: id }, registered: false }
}

/** After a re-issue: the record's expiry and last activity follow the token's (at most once per `updateAge`). */
export async function touchJwtSession(ctx: Context, token: JWT, expires: Date): Promise<void> {
  const registry = ctx.config.sessionRegistry
  const id = token[SESSION_ID_CLAIM]
  if (!registry || typeof id !== "string") return
  try {
    await registry.updateSession(id, { expires, lastActiveAt: new Date() })
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
  const now = Date.now()
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
