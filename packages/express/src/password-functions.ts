/**
 * The `Password` provider's server functions for Express (docs/passwords.md): core's `signUp`, `requestPasswordReset`,
 * `resetPassword` and `changePassword` with the Express `req` the request is read from and the `res` their cookies go
 * on, as `unstable_update(req, res, data)`. No logic of their own: the engine's route-table entries decide everything.
 */
import type { GatehouseResult } from "@gatehousejs/core"
import type { PasswordError } from "@gatehousejs/core/providers/password"
import type { Request as ExpressRequest, Response as ExpressResponse } from "express"
import { appendSetCookies } from "./web-response.js"

type PasswordAnswer = Awaited<ReturnType<GatehouseResult["signUp"]>>

/**
 * What a password function answers: `{ ok: true, url? }`, or `{ ok: false, error, retryAfter? }` with the error code
 * of the endpoint (`too-short`, `breached`, `invalid-token`, `wrong-password`, `rate-limited`, …). Its cookies are
 * already appended to `res`.
 */
export type ExpressPasswordResult = { ok: true; url?: string } | { ok: false; error: PasswordError | "signed-out"; retryAfter?: number }

export interface ExpressPasswordFunctions {
  /** Signs up (the verification mail follows the answer); the same answer whether or not the address has an account. */
  signUp: (req: ExpressRequest, res: ExpressResponse, input: Parameters<GatehouseResult["signUp"]>[1]) => Promise<ExpressPasswordResult>
  /** Mails a reset link when the address has an account; the same answer either way. */
  requestPasswordReset: (
    req: ExpressRequest,
    res: ExpressResponse,
    input: Parameters<GatehouseResult["requestPasswordReset"]>[1],
  ) => Promise<ExpressPasswordResult>
  /** Sets a new password with a reset link's token: every session of the user ends, and this browser is signed in. */
  resetPassword: (req: ExpressRequest, res: ExpressResponse, input: Parameters<GatehouseResult["resetPassword"]>[1]) => Promise<ExpressPasswordResult>
  /** The signed-in user's new password; their other sessions end, this one is kept. */
  changePassword: (req: ExpressRequest, res: ExpressResponse, input: Parameters<GatehouseResult["changePassword"]>[1]) => Promise<ExpressPasswordResult>
}

/**
 * `serverRequest` reads `req` as the engine's request; `cookiesSet(req)` is told when cookies went on `res`, so that a
 * later `auth(req, res)` of the same request does not answer from its earlier lookup.
 */
export function expressPasswordFunctions(
  gatehouse: GatehouseResult,
  serverRequest: (req: ExpressRequest) => Promise<Request>,
  cookiesSet: (req: ExpressRequest) => void,
): ExpressPasswordFunctions {
  const run =
    <Input>(call: (request: Request, input: Input) => Promise<PasswordAnswer>) =>
    async (req: ExpressRequest, res: ExpressResponse, input: Input): Promise<ExpressPasswordResult> => {
      const { headers, cookies: _cookies, ...answer } = await call(await serverRequest(req), input)
      appendSetCookies(res, headers)
      if (headers.getSetCookie().length) cookiesSet(req)
      return answer
    }
  return {
    signUp: run(gatehouse.signUp),
    requestPasswordReset: run(gatehouse.requestPasswordReset),
    resetPassword: run(gatehouse.resetPassword),
    changePassword: run(gatehouse.changePassword),
  }
}
