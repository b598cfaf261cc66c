/**
 * The `Password` provider's server functions for server actions and route handlers (docs/passwords.md; next-auth has
 * none): core's `signUp`, `requestPasswordReset`, `resetPassword` and `changePassword` on this scope's request (from
 * `headers()`, as the session registry's), their cookies written with `cookies().set()` as `unstable_update` writes
 * its own. No logic of their own: the engine's route-table entries decide everything.
 */
import type { GatehouseResult } from "@gatehousejs/core"
import type { PasswordError } from "@gatehousejs/core/providers/password"
import { scopeRequest, writeCookies, type ActionContext } from "./actions.js"

type PasswordAnswer = Awaited<ReturnType<GatehouseResult["signUp"]>>

/**
 * What a password function answers: `{ ok: true, url? }`, or `{ ok: false, error, retryAfter? }` with the error code
 * of the endpoint (`too-short`, `breached`, `invalid-token`, `wrong-password`, `rate-limited`, …). Its cookies are
 * already written.
 */
export type NextPasswordResult = { ok: true; url?: string } | { ok: false; error: PasswordError | "signed-out"; retryAfter?: number }

/** The `Password` provider's server functions: the signed-in user, where one is needed, is this scope's. */
export interface NextPasswordFunctions {
  /** Signs up (the verification mail follows the answer); the same answer whether or not the address has an account. */
  signUp: (input: Parameters<GatehouseResult["signUp"]>[1]) => Promise<NextPasswordResult>
  /** Mails a reset link when the address has an account; the same answer either way. */
  requestPasswordReset: (input: Parameters<GatehouseResult["requestPasswordReset"]>[1]) => Promise<NextPasswordResult>
  /** Sets a new password with a reset link's token: every session of the user ends, and this browser is signed in. */
  resetPassword: (input: Parameters<GatehouseResult["resetPassword"]>[1]) => Promise<NextPasswordResult>
  /** The signed-in user's new password; their other sessions end, this one is kept. */
  changePassword: (input: Parameters<GatehouseResult["changePassword"]>[1]) => Promise<NextPasswordResult>
}

export function createPasswordActions(context: ActionContext): NextPasswordFunctions {
  /** Core's function on this scope's request; the cookies it sets written for this response. */
  const run =
    <Input>(call: (request: Request, input: Input) => Promise<PasswordAnswer>) =>
    async (input: Input): Promise<NextPasswordResult> => {
      const { headers: _headers, cookies: list, ...answer } = await call(await scopeRequest(context), input)
      await writeCookies(list)
      return answer
    }
  const { gatehouse } = context
  return {
    signUp: run(gatehouse.signUp),
    requestPasswordReset: run(gatehouse.requestPasswordReset),
    resetPassword: run(gatehouse.resetPassword),
    changePassword: run(gatehouse.changePassword),
  }
}
