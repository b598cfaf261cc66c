/**
 * The one-time check cookies of an OAuth sign-in (PKCE verifier, state, nonce), as Auth.js writes them
 * (docs/design.md#cookies): each an encrypted token whose salt is the cookie's own name, holding `{ value, provider }`,
 * living 15 minutes. The provider binding stops a cookie minted for one provider from being replayed at another's
 * callback (OA-20).
 *
 * The `state` parameter is itself an encrypted token (salt `encodedState`) carrying the origin to return to when a
 * redirect proxy relays the callback. With a store (an adapter with the verification-token methods), the state is
 * also issued into it and spent at the callback, so a replayed callback is refused on every process, before any token
 * request (docs/design.md#single-use-state-in-the-store, RT-10); without one, the cleared cookie and the provider's
 * single-use code are the limit, as in Auth.js.
 */
import type { Context } from "../context.js"
import { InvalidCheck } from "../errors.js"
import type { Cookie } from "../http/cookie.js"
import { CHECK_COOKIE_MAX_AGE } from "../http/default-cookies.js"
import { sessionCodec } from "../session/codec.js"
import { issueSingleUse, singleUseStore, useSingleUse, type SingleUse } from "../single-use.js"
import type { CookieOption } from "../types.js"

type CheckName = "pkceCodeVerifier" | "state" | "nonce" | "webauthnChallenge"

/** Salt of the inner `state` token. */
const STATE_SALT = "encodedState"

function cookieFor(ctx: Context, check: CheckName, sameSiteNone: boolean): CookieOption {
  const cookie = ctx.cookies[check]
  if (!sameSiteNone) return cookie
  // response_mode=form_post: the provider's POST back is cross-site, so Lax cookies would not be sent.
  return { name: cookie.name, options: { ...cookie.options, sameSite: "none", secure: true } }
}

/** How far a check cookie's `iat` may be ahead of the clock (two servers' clocks a little apart). */
const CLOCK_STEP_TOLERANCE_S = 60

/** Seals `value` for `provider` into the check cookie. */
export async function createCheck(ctx: Context, check: CheckName, value: string, providerId: string, sameSiteNone = false): Promise<Cookie> {
  const cookie = cookieFor(ctx, check, sameSiteNone)
  const sealed = await sessionCodec(ctx.config.secrets, cookie.name).encode({ value, provider: providerId }, CHECK_COOKIE_MAX_AGE)
  return { name: cookie.name, value: sealed, options: { ...cookie.options, expires: new Date(Date.now() + CHECK_COOKIE_MAX_AGE * 1000) } }
}

/** The cookies that delete every check cookie the request carries: they are single-use, whatever the outcome. */
export function clearChecks(ctx: Context): Cookie[] {
  const clear: Cookie[] = []
  for (const check of ["state", "pkceCodeVerifier", "nonce"] as const) {
    const cookie = ctx.cookies[check]
    if (ctx.req.cookies[cookie.name] !== undefined) clear.push({ name: cookie.name, value: "", options: { ...cookie.options, maxAge: 0 } })
  }
  return clear
}

/**
 * Opens the check cookie sent with the callback. A missing, undecodable, expired or foreign-provider cookie is
 * `InvalidCheck`.
 */
export async function useCheck(ctx: Context, check: CheckName, providerId: string): Promise<string> {
  const cookie = ctx.cookies[check]
  const sent = ctx.req.cookies[cookie.name]
  if (!sent) throw new InvalidCheck(`${check} cookie was missing.`)
  const payload = await sessionCodec(ctx.config.secrets, cookie.name).decode(sent)
  if (!payload || typeof payload.value !== "string") throw new InvalidCheck(`${check} value could not be parsed.`)
  if (payload.provider !== providerId) throw new InvalidCheck(`${check} cookie was issued for another provider.`)
  // Judged by `exp` alone, a cookie that had expired would come back to life when the server clock steps back (LF-05).
  if (typeof payload.iat === "number" && payload.iat > Date.now() / 1000 + CLOCK_STEP_TOLERANCE_S) {
    throw new InvalidCheck(`${check} cookie was issued in the future; the server clock moved back.`)
  }
  return payload.value
}

/** The `state` parameter: an encrypted token with a random value and, behind a redirect proxy, the origin. */
export async function createStateParam(ctx: Context, origin: string | undefined, random: string): Promise<string> {
  return sessionCodec(ctx.config.secrets, STATE_SALT).encode(origin ? { origin, random } : { random }, CHECK_COOKIE_MAX_AGE)
}

/** The contents of a `state` parameter, or `null` when it is not one of ours. */
export async function readStateParam(ctx: Context, state: string): Promise<{ origin?: string } | null> {
  const payload = await sessionCodec(ctx.config.secrets, STATE_SALT).decode(state)
  if (!payload) return null
  return { origin: typeof payload.origin === "string" ? payload.origin : undefined }
}

function stateUse(ctx: Context, providerId: string): SingleUse | undefined {
  const store = singleUseStore(ctx.config.adapter)
  return store && { store, secrets: ctx.config.secrets, purpose: "oauth-state", providerId }
}

/** Records `state` in the store, when there is one, as usable once for the check cookie's lifetime. */
export async function issueState(ctx: Context, providerId: string, state: string): Promise<void> {
  const use = stateUse(ctx, providerId)
  if (use) await issueSingleUse(use, state, new Date(Date.now() + CHECK_COOKIE_MAX_AGE * 1000))
}

/** Spends `state` in the store, when there is one: `InvalidCheck` when it was already used (on any process) or expired. */
export async function spendState(ctx: Context, providerId: string, state: string): Promise<void> {
  const use = stateUse(ctx, providerId)
  if (use && !(await useSingleUse(use, state))) throw new InvalidCheck("state was already used, expired, or not issued by this app.")
}
