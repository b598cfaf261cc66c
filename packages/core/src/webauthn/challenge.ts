/**
 * The WebAuthn challenge cookie (`authjs.challenge`), as Auth.js writes it: the challenge and, for a registration,
 * the user it is for, sealed in an encrypted token (salt `encodedWebauthnChallenge`), which is itself sealed like the
 * other check cookies (salt = cookie name, bound to the provider, 15 minutes).
 *
 * Single use (security catalog §3.5, EC-15, RT-10): each challenge is also issued into the adapter's store and used
 * there once, so a challenge already presented is refused on every process behind a load balancer, not only on the
 * one that saw it (docs/design.md#single-use-state-in-the-store). A cookie whose challenge this app never issued — one
 * minted by `@auth/core`, say — has no row and is refused. The callback clears the cookie whatever the outcome.
 */
import type { Context } from "../context.js"
import { InvalidCheck } from "../errors.js"
import type { Cookie } from "../http/cookie.js"
import { CHECK_COOKIE_MAX_AGE } from "../http/default-cookies.js"
import { createCheck, useCheck } from "../oauth/checks.js"
import { sessionCodec } from "../session/codec.js"
import { issueSingleUse, singleUseStore, useSingleUse, type SingleUse } from "../single-use.js"

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

/** The cookie carrying `challenge` (and `registerData` for a registration); the challenge is issued into the store. */
export async function createChallengeCookie(ctx: Context, providerId: string, payload: ChallengePayload): Promise<Cookie> {
  await issueSingleUse(challengeUse(ctx, providerId), payload.challenge, new Date(Date.now() + CHECK_COOKIE_MAX_AGE * 1000))
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
  if (!(await useSingleUse(challengeUse(ctx, providerId), payload.challenge))) {
    throw new InvalidCheck("WebAuthn challenge was already used, expired, or not issued by this app.")
  }
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

/** Configuration validation makes the store methods required with WebAuthn (config/validate.ts). */
function challengeUse(ctx: Context, providerId: string): SingleUse {
  return { store: singleUseStore(ctx.config.adapter)!, secrets: ctx.config.secrets, purpose: "webauthn-challenge", providerId }
}
