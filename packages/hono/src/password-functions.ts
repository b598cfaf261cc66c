/**
 * The `Password` provider's server functions (docs/passwords.md), in the style of the other helpers: taking the
 * context `c` (for the request's cookies and configuration). Each is core's `Gatehouse()` function of the same name;
 * the cookies it sets (a reset signs this browser in) go with this request's response. No logic of their own.
 */
import type { GatehouseResult } from "@gatehousejs/core"
import type { PasswordError } from "@gatehousejs/core/providers/password"
import type { Context } from "hono"
import { engineOf } from "./engine.js"
import { forwardCookies } from "./web-request.js"

type PasswordAnswer = Awaited<ReturnType<GatehouseResult["signUp"]>>
type PasswordFunction = "signUp" | "requestPasswordReset" | "resetPassword" | "changePassword"

/**
 * What a password function answers: `{ ok: true, url? }`, or `{ ok: false, error, retryAfter? }` with the error code
 * of the endpoint (`too-short`, `breached`, `invalid-token`, `wrong-password`, `rate-limited`, …). Its cookies are
 * already on the response.
 */
export type HonoPasswordResult = { ok: true; url?: string } | { ok: false; error: PasswordError | "signed-out"; retryAfter?: number }

async function run<Name extends PasswordFunction>(c: Context, name: Name, input: Parameters<GatehouseResult[Name]>[1]): Promise<HonoPasswordResult> {
  const { gatehouse, serverRequest } = await engineOf(c)
  const call = gatehouse[name] as (request: Request, input: Parameters<GatehouseResult[Name]>[1]) => Promise<PasswordAnswer>
  const { headers, cookies: _cookies, ...answer } = await call(serverRequest(), input)
  forwardCookies(c, headers)
  return answer
}

/**
 * Signs up (the verification mail follows the answer); the same answer whether or not the address has an account.
 *
 * @example
 * app.post("/sign-up", async (c) => c.json(await signUp(c, await c.req.json())))
 */
export async function signUp(c: Context, input: Parameters<GatehouseResult["signUp"]>[1]): Promise<HonoPasswordResult> {
  return run(c, "signUp", input)
}

/** Mails a reset link when the address has an account; the same answer either way. */
export async function requestPasswordReset(c: Context, input: Parameters<GatehouseResult["requestPasswordReset"]>[1]): Promise<HonoPasswordResult> {
  return run(c, "requestPasswordReset", input)
}

/** Sets a new password with a reset link's token: every session of the user ends, and this browser is signed in. */
export async function resetPassword(c: Context, input: Parameters<GatehouseResult["resetPassword"]>[1]): Promise<HonoPasswordResult> {
  return run(c, "resetPassword", input)
}

/** The signed-in user's new password; their other sessions end, this one is kept. */
export async function changePassword(c: Context, input: Parameters<GatehouseResult["changePassword"]>[1]): Promise<HonoPasswordResult> {
  return run(c, "changePassword", input)
}
