/**
 * The `Password` provider's pages (`GET /signup`, `/verify-email`, `/password/forgot`, `/password/reset`,
 * `/password/change`), and the same pages answering a refused form. Custom pages are the app's: these are built in.
 */
import { builtInPage } from "../actions/pages.js"
import type { Context } from "../context.js"
import type { ResponseInternal } from "../http/response.js"
import type { Given } from "../pipeline/route.js"
import { field, setupFor } from "./endpoint.js"
import type { PasswordError } from "./types.js"

type Pages = typeof import("../pages/password/index.js")
const pages = (): Promise<Pages> => import("../pages/password/index.js")

/** Which form a refusal shows. */
export type PasswordForm = "signup" | "verify-email" | "forgot" | "reset" | "change"

/** A page's `?error=`, when it is one of the codes; anything else is ignored. */
function queryError(ctx: Context): PasswordError | undefined {
  const value = ctx.req.query.error
  const known: readonly string[] = ["invalid-email", "too-short", "too-long", "breached", "invalid-token", "wrong-password", "rate-limited", "unavailable"]
  return typeof value === "string" && known.includes(value) ? (value as PasswordError) : undefined
}

function queryText(ctx: Context, name: string): string {
  const value = ctx.req.query[name]
  return typeof value === "string" ? value : ""
}

/** The form page, showing `error` when given, with what the user typed (never a password). */
export async function formPage(
  ctx: Context,
  given: Given,
  form: PasswordForm,
  state: { error?: PasswordError; retryAfter?: number; sent?: boolean; changed?: boolean } = {},
): Promise<ResponseInternal> {
  const setup = await setupFor(ctx)
  const rules = setup.shown
  const p = await pages()
  const post = ctx.req.method === "POST"
  const email = post ? field(ctx, "email") : queryText(ctx, "email")
  const token = post ? field(ctx, "token") : queryText(ctx, "token")
  const { error, retryAfter } = { error: state.error ?? (post ? undefined : queryError(ctx)), retryAfter: state.retryAfter }
  return builtInPage(ctx, given, (context) => {
    switch (form) {
      case "signup":
        return p.renderSignUp(context, { rules, error, retryAfter, email, name: post ? field(ctx, "name") : undefined })
      case "verify-email":
        return p.renderVerifyEmail(context, { token, error })
      case "forgot":
        return p.renderForgotPassword(context, { error, retryAfter, sent: state.sent, email })
      case "reset":
        return p.renderResetPassword(context, { token, rules, error, retryAfter })
      case "change":
        return p.renderChangePassword(context, { rules, error, retryAfter, changed: state.changed })
    }
  })
}

/** `page` for answer.ts: the form again with the error. */
export function pageOf(ctx: Context, given: Given, form: PasswordForm) {
  return (error: PasswordError, retryAfter?: number) => formPage(ctx, given, form, { error, retryAfter })
}

export const signUpPage = (ctx: Context, given: Given) => formPage(ctx, given, "signup")
export const verifyEmailPage = (ctx: Context, given: Given) => formPage(ctx, given, "verify-email")
export const forgotPage = (ctx: Context, given: Given) => formPage(ctx, given, "forgot")
export const resetPage = (ctx: Context, given: Given) => formPage(ctx, given, "reset")
export const changePage = (ctx: Context, given: Given) => formPage(ctx, given, "change")
