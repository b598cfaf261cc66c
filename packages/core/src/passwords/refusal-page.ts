/**
 * What a browser sees when the pipeline refuses a `Password` form: Auth.js's answers where it has one (a stale or
 * missing CSRF token: the sign-in page with `MissingCSRF`; signed out: the sign-in page, coming back here), and the
 * form again with its message for a spent budget (429).
 */
import type { Context } from "../context.js"
import type { ResponseInternal } from "../http/response.js"
import type { Given, Refusal } from "../pipeline/route.js"
import type { PasswordForm } from "./pages.js"

const formOf: Record<string, PasswordForm> = {
  signup: "signup",
  "verify-email": "verify-email",
  forgot: "forgot",
  reset: "reset",
  change: "change",
}

export async function refusalPage(ctx: Context, given: Given, refusal: Refusal): Promise<ResponseInternal | undefined> {
  const { config, req } = ctx
  const signIn = new URL(config.pages.signIn ?? `${config.basePath}/signin`, req.origin)
  if (refusal === "csrf" || refusal === "origin") {
    signIn.searchParams.set("error", "MissingCSRF")
    return { redirect: signIn.href, cookies: given.cookies }
  }
  if (refusal === "signed-out" || refusal === "stale-sign-in") {
    signIn.searchParams.set("callbackUrl", req.url.href)
    return { redirect: signIn.href, cookies: given.cookies }
  }
  if (refusal === "rate-limited") {
    const form = formOf[req.action === "password" ? (req.providerId ?? "") : req.action]
    if (!form) return undefined
    const { formPage } = await import("./pages.js")
    const page = await formPage(ctx, given, form, { error: "rate-limited", retryAfter: given.retryAfter })
    return { ...page, status: 429 }
  }
  return undefined
}
