/**
 * The `jwt` session strategy: the session is the encrypted token in the session cookie.
 *
 * docs/design.md#session-re-issue: a session check re-encrypts and re-sets the cookie only when `updateAge` has passed
 * since the token was issued (0 = every time), when the session is updated, or when the `jwt` callback changed the
 * token. Inside `updateAge` a check is one decryption and no `Set-Cookie`. A token under a rotated-out secret is
 * re-issued at once.
 */
import type { Context } from "../context.js"
import type { Cookie } from "../http/cookie.js"
import { clearSessionCookie, isSessionCookiePart, readSessionCookie, writeSessionCookie } from "../http/session-store.js"
import type { JWT, Session } from "../types.js"
import { providerTokensIn, refreshFailedIn, TOKENS_CLAIM, withoutProviderTokens, withProviderTokens } from "./provider-tokens.js"
import { absoluteEnd, AUTH_TIME_CLAIM, checkJwtSession, touchJwtSession, type GateResult } from "../session-registry/jwt-gate.js"
import { decodeSessionToken, encodeSessionToken, isCurrentSessionToken } from "./token.js"
import { decodeV4Token, readV4Cookie, type V4Cookie } from "./v4-cookie.js"

export interface SessionResult {
  session: Session | null
  cookies: Cookie[]
  /** True when the session registry could not be reached. */
  unavailable?: boolean
  /** A live session's token as the engine holds it (the provider tokens included): for `getAccessToken`. */
  token?: JWT
  /** A live session's expiry. */
  expires?: Date
}

/** A sent session cookie must be unambiguous: two values for one name are refused, not guessed between (FZ-05). */
export function hasDuplicateSessionCookie(ctx: Context): boolean {
  if (!ctx.req.duplicateCookies.size) return false
  const name = ctx.cookies.sessionToken.name
  for (const duplicate of ctx.req.duplicateCookies) if (isSessionCookiePart(duplicate, name)) return true
  return false
}

/** Reads (and, when due, re-issues) the JWT session. `update` carries the data of `POST /session`. */
export async function jwtSession(ctx: Context, update?: { data: unknown }): Promise<SessionResult> {
  const { config, req } = ctx
  const { name, options } = ctx.cookies.sessionToken
  const sent = readSessionCookie(req.cookies, name)
  // No v5 cookie: a next-auth v4 one is accepted and re-issued as v5 on this response (upgrading signs nobody out).
  const v4: V4Cookie | undefined = sent || hasDuplicateSessionCookie(ctx) ? undefined : readV4Cookie(ctx)
  if (!sent && !v4) return { session: null, cookies: [] }
  const clearSent = (): Cookie[] => (v4 ? v4.clear : clearSessionCookie(req.cookies, name, options))
  const payload = v4
    ? await decodeV4Token(ctx, v4)
    : hasDuplicateSessionCookie(ctx) || !sent
      ? null
      : await decodeSessionToken(config, name, sent)
  if (!payload) {
    // Anyone can send a bad cookie: one warning line, not an error with a stack they could fill the log with.
    config.logger.warn("session-cookie-invalid")
    return { session: null, cookies: clearSent() }
  }

  // Revoked, past its absolute lifetime, or the registry unreachable (session-registry/jwt-gate.ts).
  // Without a registry or an absolute lifetime there is nothing to ask: the hot path stays one decryption.
  const gate = config.sessionRegistry || config.session.absoluteMaxAge ? await checkJwtSession(ctx, payload) : UNGATED
  if (!gate.live) return gate.unavailable ? { session: null, cookies: [], unavailable: true } : { session: null, cookies: clearSent() }

  // The provider tokens are the engine's, not the app's: the callbacks never see them (RT-15), and they are put back
  // on every token written, so that no callback can drop or leak them (provider-tokens.ts).
  const providerTokens = providerTokensIn(payload)
  const visible = withoutProviderTokens(payload)
  const before = config.customJwtCallback ? JSON.stringify(visible) : undefined
  const returned = await config.callbacks.jwt({
    token: visible,
    ...(update ? { trigger: "update" as const, session: update.data } : {}),
  } as Parameters<typeof config.callbacks.jwt>[0])
  if (!returned) return { session: null, cookies: clearSent() }
  const token = gate === UNGATED ? returned : Object.assign(returned, gate.claims)

  const now = config.now()
  const issuedAt = typeof payload.iat === "number" ? payload.iat * 1000 : 0
  const reissue =
    update !== undefined ||
    config.session.updateAge === 0 ||
    now - issuedAt >= config.session.updateAge * 1000 ||
    (before !== undefined && JSON.stringify(token) !== before) ||
    v4 !== undefined ||
    gate.registered ||
    !isCurrentSessionToken(config, name, sent!)
  const end = absoluteEnd(ctx, token[AUTH_TIME_CLAIM] as number | undefined) ?? Infinity
  const expires = reissue || typeof payload.exp !== "number" ? new Date(Math.min(now + config.session.maxAge * 1000, end)) : new Date(payload.exp * 1000)

  const session = await config.callbacks.session({
    session: { user: { name: token.name, email: token.email, image: token.picture as string | null | undefined }, expires: expires.toISOString() },
    token,
    ...(update ? { newSession: update.data, trigger: "update" as const } : {}),
  } as Parameters<typeof config.callbacks.session>[0])

  // A provider refused its refresh token for good (token-refresh/): the name Auth.js's refresh guide uses.
  const marked = session as (Session & { error?: unknown }) | null
  if (providerTokens !== undefined && marked && marked.error === undefined && refreshFailedIn(providerTokens)) marked.error = "RefreshTokenError"
  const held = withProviderTokens(token, providerTokens)
  let cookies: Cookie[] = []
  if (reissue) {
    cookies = await sessionCookies(ctx, held, expires)
    await touchJwtSession(ctx, token, expires)
  }
  if (v4) cookies = [...v4.clear, ...cookies]
  await config.events.session?.({ session: session as Session, token })
  return { session: session as Session, cookies, token: held, expires }
}

/** The answer of the gate when nothing is configured to ask. */
const UNGATED: GateResult = Object.freeze({ live: true, claims: Object.freeze({}), registered: false })

let warnedLarge = false
let warnedTokens = false

/** The cookies that store `token` as the session, in chunks when it is large. */
export async function sessionCookies(ctx: Context, token: JWT, expires: Date): Promise<Cookie[]> {
  const { name, options } = ctx.cookies.sessionToken
  const encoded = await encodeSessionToken(ctx.config, name, token)
  if (encoded.length > 8192 && !warnedLarge) {
    warnedLarge = true
    ctx.config.logger.warn("session-cookie-large")
  } else if (encoded.length > 4096 && !warnedTokens && token[TOKENS_CLAIM] !== undefined) {
    warnedTokens = true
    ctx.config.logger.warn("session-cookie-tokens-large")
  }
  return writeSessionCookie(ctx.req.cookies, name, encoded, { ...options, expires })
}
