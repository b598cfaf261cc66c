/**
 * The `Password` endpoints as server functions on `Gatehouse()` (and the framework packages): each runs its
 * route-table entry from server code — the entry's declared needs apply as to a request, without the CSRF and
 * `Origin` checks — and answers what the endpoint answers a JSON client, plus the `Set-Cookie` lines to forward.
 */
import type { ConfigFor } from "../server/shared.js"
import { cookieHeaders } from "../server/shared.js"
import { TooManyRequests } from "../errors.js"
import type { Cookie } from "../http/cookie.js"
import { throughEntry, type ServerCall } from "../pipeline/server-request.js"
import type { PasswordError } from "./types.js"

/** What a password server function answers. Forward `headers` (its `Set-Cookie` lines) on your response. */
export type PasswordResult = ({ ok: true; url?: string } | { ok: false; error: PasswordError | "signed-out"; retryAfter?: number }) & {
  headers: Headers
  cookies: Cookie[]
}

export interface PasswordFunctions {
  /** Signs up (the verification mail follows); the same answer whether or not the address has an account. */
  signUp: (request: Request, input: { email: string; password: string; name?: string; callbackUrl?: string }) => Promise<PasswordResult>
  /** Mails a reset link when the address has an account; the same answer either way. */
  requestPasswordReset: (request: Request, input: { email: string }) => Promise<PasswordResult>
  /** Sets a new password with a reset link's token; every session of the user ends and this request is signed in. */
  resetPassword: (request: Request, input: { token: string; password: string; callbackUrl?: string }) => Promise<PasswordResult>
  /** The signed-in user's new password; their other sessions end. */
  changePassword: (request: Request, input: { currentPassword: string; newPassword: string }) => Promise<PasswordResult>
}

export function passwordFunctions(configFor: ConfigFor): PasswordFunctions {
  const run = async (request: Request, call: ServerCall): Promise<PasswordResult> => {
    const config = await configFor(request)
    if (config.configError) throw config.configError
    let result
    try {
      result = await throughEntry(config, request, call, async (ctx, given, route) => {
        // The endpoint's JSON answer, which this function returns as values.
        ctx.req.headers.set("accept", "application/json")
        return route.handle(ctx, given)
      })
    } catch (error) {
      if (error instanceof TooManyRequests) return { ok: false, error: "rate-limited", retryAfter: error.retryAfter, headers: new Headers(), cookies: [] }
      throw error
    }
    if ("refusal" in result) {
      const { refusal } = result
      const error = refusal === "signed-out" || refusal === "stale-sign-in" ? "signed-out" : refusal === "rate-limited" ? "rate-limited" : "unavailable"
      return { ok: false, error, ...(result.retryAfter !== undefined && { retryAfter: result.retryAfter }), headers: new Headers(), cookies: [] }
    }
    const answer = result.value
    const cookies = answer.cookies ?? []
    const body = (answer.body ?? {}) as { ok?: boolean; url?: string; error?: PasswordError | "TooManyRequests"; retryAfter?: number }
    const headers = cookieHeaders(cookies)
    if (body.ok) return { ok: true, ...(body.url && { url: body.url }), headers, cookies }
    const error = body.error === "TooManyRequests" ? "rate-limited" : (body.error ?? "unavailable")
    return { ok: false, error, ...(body.retryAfter !== undefined && { retryAfter: body.retryAfter }), headers, cookies }
  }
  const text = (value: unknown) => (typeof value === "string" ? value : "")
  return {
    signUp: async (request, input) => {
      const config = await configFor(request)
      const { passwordSetupOf } = await import("./setup.js")
      const setup = await passwordSetupOf(config)
      const body = { email: text(input?.email), password: text(input?.password), name: text(input?.name), ...(input?.callbackUrl && { callbackUrl: text(input.callbackUrl) }) }
      return run(request, { method: "POST", action: "signup", providerId: setup?.provider.id ?? "password", body })
    },
    requestPasswordReset: (request, input) => run(request, { method: "POST", action: "password", providerId: "forgot", body: { email: text(input?.email) } }),
    resetPassword: (request, input) =>
      run(request, {
        method: "POST",
        action: "password",
        providerId: "reset",
        body: { token: text(input?.token), password: text(input?.password), ...(input?.callbackUrl && { callbackUrl: text(input.callbackUrl) }) },
      }),
    changePassword: (request, input) =>
      run(request, { method: "POST", action: "password", providerId: "change", body: { currentPassword: text(input?.currentPassword), newPassword: text(input?.newPassword) } }),
  }
}
