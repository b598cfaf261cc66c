/**
 * The WebAuthn challenge cookie (`authjs.challenge`), as Auth.js writes it: the challenge and, for a registration,
 * the user it is for, sealed in an encrypted token (salt `encodedWebauthnChallenge`), which is itself sealed like the
 * other check cookies (salt = cookie name, bound to the provider, 15 minutes).
 *
 * Single use (security catalog §3.5, EC-15): the callback always clears the cookie, and a challenge that was already
 * presented is refused even when the same cookie value is sent again — remembered by this process until it expires.
 * (Several processes without sticky sessions share no memory: there the cookie's clearing and its 15-minute lifetime
 * are the limit, as in Auth.js.)
 */
import type { Context } from "../context.js"
import { InvalidCheck } from "../errors.js"
import type { Cookie } from "../http/cookie.js"
import { CHECK_COOKIE_MAX_AGE } from "../http/default-cookies.js"
import { createCheck, useCheck } from "../oauth/checks.js"
import { sessionCodec } from "../session/codec.js"

const CHALLENGE_SALT = "encodedWebauthnChallenge"

/** The user a registration challenge was issued for (a new user's details, or the signed-in user). */
export interface RegisterData {
  id?: string
  email: string
  name?: string | null
  image?: string | null
}

export interface ChallengePayload {
  challenge: string
  registerData?: RegisterData
}

/** The cookie carrying `challenge` (and `registerData` for a registration). */
export async function createChallengeCookie(ctx: Context, providerId: string, payload: ChallengePayload): Promise<Cookie> {
  const inner = await sessionCodec(ctx.config.secrets, CHALLENGE_SALT).encode({ ...payload }, CHECK_COOKIE_MAX_AGE)
  return createCheck(ctx, "webauthnChallenge", inner, providerId)
}

/** Deletes the challenge cookie (pushed on success and failure alike). */
export function clearChallengeCookie(ctx: Context): Cookie {
  const { name, options } = ctx.cookies.webauthnChallenge
  return { name, value: "", options: { ...options, maxAge: 0 } }
}

/**
 * Opens the challenge cookie of this request, once. Missing, undecodable, expired, issued for another provider, or
 * already used: `InvalidCheck`.
 */
export async function useChallenge(ctx: Context, providerId: string): Promise<ChallengePayload> {
  const inner = await useCheck(ctx, "webauthnChallenge", providerId)
  const payload = await sessionCodec(ctx.config.secrets, CHALLENGE_SALT).decode(inner)
  if (!payload || typeof payload.challenge !== "string" || !payload.challenge) throw new InvalidCheck("WebAuthn challenge was missing.")
  const expires = typeof payload.exp === "number" ? payload.exp * 1000 : Date.now() + CHECK_COOKIE_MAX_AGE * 1000
  if (!markUsed(payload.challenge, expires)) throw new InvalidCheck("WebAuthn challenge was already used.")
  return { challenge: payload.challenge, registerData: registerDataOf(payload.registerData) }
}

function registerDataOf(value: unknown): RegisterData | undefined {
  if (!value || typeof value !== "object") return undefined
  const data = value as Record<string, unknown>
  if (typeof data.email !== "string") return undefined
  const text = (v: unknown): string | null | undefined => (typeof v === "string" ? v : v === null ? null : undefined)
  return {
    id: typeof data.id === "string" ? data.id : undefined,
    email: data.email,
    name: text(data.name),
    image: text(data.image),
  }
}

/**
 * Challenges already presented, until their cookie would have expired. One map for the process: challenges are 32
 * random bytes, unique across configurations, and a lazy configuration (a new object per request) must not get a
 * fresh memory each time.
 */
const used = new Map<string, number>()
/** A bound on memory: beyond it the oldest entries go first (they are the closest to expiring anyway). */
const MAX_REMEMBERED = 50_000

/** Records `challenge` as used; false when it already was. */
function markUsed(challenge: string, expires: number): boolean {
  const now = Date.now()
  if ((used.get(challenge) ?? 0) > now) return false
  used.set(challenge, expires)
  if (used.size > MAX_REMEMBERED || used.size % 256 === 0) {
    for (const [key, until] of used) {
      if (until <= now || used.size > MAX_REMEMBERED) used.delete(key)
      else break
    }
  }
  return true
}
