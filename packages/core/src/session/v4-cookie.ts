/**
 * Reads a next-auth v4 session cookie so that upgrading to Gatehouse signs nobody out; the caller re-issues it at once
 * under the v5 name and expires the v4 cookie(s) in the same response.
 *
 * next-auth v4 (packages/next-auth/src/jwt/index.ts): cookie `next-auth.session-token` (`__Secure-` on https), chunked
 * `.0`, `.1`, … as in v5; value a compact JWE `{ alg: "dir", enc: "A256GCM" }` under the key
 * HKDF-SHA256(ikm = secret, salt = "", info = "NextAuth.js Generated Encryption Key", 32 bytes), decoded with a clock
 * tolerance of 15 s. With `database` sessions the same cookie held the opaque session token.
 *
 * Costs nothing when no v4 cookie is sent: two map lookups, and `jose` is loaded only when one is. The token format
 * itself (name, key, decoding) is v4-jwt.ts.
 */
import type { Context } from "../context.js"
import type { Cookie } from "../http/cookie.js"
import { clearSessionCookie, isSessionCookiePart, readSessionCookie } from "../http/session-store.js"
import type { JWT } from "../types.js"
import { decodeV4Jwt, v4Name } from "./v4-jwt.js"

/** The v4 session cookie on this request, its value (reassembled from chunks), and the cookies that expire it. */
export interface V4Cookie {
  name: string
  value: string
  /** Expires every part of the v4 cookie that the request sent. */
  clear: Cookie[]
}

/**
 * The v4 session cookie, when the option is on and the request has no v5 session cookie (the caller checks that) but
 * has a v4 one. A v4 cookie sent twice is ambiguous: it is reported with an empty value, so that it is only cleared.
 */
export function readV4Cookie(ctx: Context): V4Cookie | undefined {
  if (!ctx.config.session.acceptNextAuthV4Cookies) return undefined
  const { cookies, duplicateCookies } = ctx.req
  const name = v4Name(ctx.cookies.sessionToken.name)
  if (cookies[name] === undefined && cookies[`${name}.0`] === undefined) return undefined
  const clear = clearSessionCookie(cookies, name, { ...ctx.cookies.sessionToken.options })
  for (const duplicate of duplicateCookies) if (isSessionCookiePart(duplicate, name)) return { name, value: "", clear }
  return { name, value: readSessionCookie(cookies, name) ?? "", clear }
}

/**
 * Decodes a v4 JWT session token with each configured secret in turn (or the app's own `jwt.decode`, which v4 apps
 * with a custom codec configured too). `null` when no secret opens it or it has expired; never throws.
 */
export async function decodeV4Token(ctx: Context, cookie: V4Cookie): Promise<JWT | null> {
  const { config } = ctx
  if (!cookie.value) return null
  if (config.jwt.decode) {
    try {
      return ((await config.jwt.decode({ token: cookie.value, secret: config.secrets, salt: cookie.name })) as JWT | null) ?? null
    } catch {
      return null
    }
  }
  return decodeV4Jwt(cookie.value, config.secrets)
}
