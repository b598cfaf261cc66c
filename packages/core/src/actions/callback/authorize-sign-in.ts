/**
 * The `signIn` callback's outcome rules (spec "Outcome rules of the sign-in flow"): `true` continues, `false`
 * refuses with `AccessDenied`, a string redirects there (through the `redirect` callback), and a throw becomes
 * `AccessDenied` carrying the original message.
 */
import type { SignInCallbackParams } from "../../config/auth-config.js"
import type { Context } from "../../context.js"
import { AccessDenied, AuthError } from "../../errors.js"

/** `undefined` to continue, or the URL to redirect to instead. */
export async function authorizeSignIn(ctx: Context, params: SignInCallbackParams): Promise<string | undefined> {
  let allowed: boolean | string
  try {
    allowed = await ctx.config.callbacks.signIn(params)
  } catch (error) {
    if (error instanceof AuthError) throw error
    const original = error instanceof Error ? error : new Error(String(error))
    throw new AccessDenied(original.message, { cause: { err: original } })
  }
  if (!allowed) throw new AccessDenied("AccessDenied")
  if (typeof allowed !== "string") return undefined
  return ctx.config.callbacks.redirect({ url: allowed, baseUrl: ctx.req.origin })
}
