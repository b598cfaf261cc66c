/**
 * Session cookies that carry no record id (RT-12): a JWT cookie issued before the session registry was switched on,
 * and a next-auth v4 cookie. Each is given a stable record id, a keyed hash of the cookie's value, so that every copy
 * of one cookie finds one record (listed, revocable by its handle, its `createdAt` the start of `absoluteMaxAge`); and
 * every revocation stores the user's not-before time, so that a copy whose record is gone, or that never had one,
 * cannot record itself again. The check itself is `checkJwtSession` (jwt-gate.ts).
 */
import type { ResolvedConfig } from "../config/resolved-config.js"
import type { Context } from "../context.js"
import { readSessionCookie } from "../http/session-store.js"
import { keyedHash } from "../rate-limit/key.js"
import { readV4Cookie } from "../session/v4-cookie.js"
import type { JWT } from "../types.js"
import type { SessionRegistry } from "./registry.js"
import { firstTime } from "../said-once.js"

/** Separates these ids from any other keyed hash of the same secret (handles, rate-limit keys). */
const DOMAIN = "gatehouse pre-registry session\0"

/** A registry that can record and read the per-user not-before time. */
export type NotBeforeRegistry = SessionRegistry & Required<Pick<SessionRegistry, "setSessionsNotBefore" | "getSessionsNotBefore">>

/**
 * The record ids of the session cookie this request sent (the v5 one, else the v4 one, as the JWT check reads them):
 * the keyed hash of its raw value under each configured secret, the first secret's first — the id a new record gets;
 * the others find a record made before the secret was rotated. Empty when no cookie value is there.
 */
export async function oldCookieRecordIds(ctx: Context): Promise<string[]> {
  const value = readSessionCookie(ctx.req.cookies, ctx.cookies.sessionToken.name) ?? readV4Cookie(ctx)?.value
  if (!value) return []
  // base64url of HMAC-SHA-256: 43 characters, within the stores' id checks (1 to 512, no NUL).
  return Promise.all(ctx.config.secrets.map((secret) => keyedHash(secret, DOMAIN + value)))
}

/** True when a revocation at `notBefore` covers the token: issued then or before, or not saying when. */
export function revokedBefore(token: JWT, notBefore: Date | null): boolean {
  if (notBefore === null) return false
  // `iat` is whole seconds: a token of the revocation's own second counts as issued before it.
  return typeof token.iat !== "number" || token.iat * 1000 <= notBefore.getTime()
}

/**
 * The registry when it keeps the not-before time; `undefined` for a store or adapter written before the pair (said
 * once in the log). Without it a revocation cannot cover cookies without a record id, so those are refused (fail safe).
 */
export function withNotBefore(config: ResolvedConfig, registry: SessionRegistry): NotBeforeRegistry | undefined {
  if (typeof registry.setSessionsNotBefore === "function" && typeof registry.getSessionsNotBefore === "function") return registry as NotBeforeRegistry
  if (firstTime(undefined, "session-store-no-not-before")) {
    config.logger.warn(
      "session-store-no-not-before",
      "The session registry has no setSessionsNotBefore/getSessionsNotBefore: JWT cookies from before the registry and next-auth v4 cookies are refused (their users sign in again) and revocations record no not-before time. Add the two methods (docs/sessions.md).",
    )
  }
  return undefined
}
