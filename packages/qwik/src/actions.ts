/**
 * What `useSignIn` and `useSignOut` do on the server, with `@auth/qwik`'s inputs. Each is the engine's answer to the
 * browser's own form (`frameworkEngine().post()`, without an HTTP request), so the engine decides everything: where to
 * go next, which cookies to set, and where a refused sign-in lands (the sign-in page with `?error=…`).
 *
 * The actions themselves are protected from cross-site submission by Qwik City's origin check (`checkOrigin`, on by
 * default), as every Qwik City action is.
 */
import type { FailReturn, RequestEventAction } from "@builder.io/qwik-city"
import type { AuthConfig, FormAnswer } from "@gatehousejs/core"
import { postForm } from "./engine.js"
import { currentPage, navigate } from "./navigate.js"

export interface SignInInput {
  providerId?: string
  redirectTo?: string
  /** `options.redirectTo` wins over `redirectTo`; the other fields (a credentials form's) are posted to the provider. */
  options?: { redirectTo?: string; [field: string]: unknown }
  authorizationParams?: string | URLSearchParams | Record<string, string>
}

export interface SignOutInput {
  redirectTo?: string
}

/**
 * A refusal the engine sends no page for (`ev.fail()`: the action's value, with the engine's status): too many attempts
 * from this client (`TooManyRequests`, 429, with `retryAfter` in seconds), a malformed request (`InvalidCallbackUrl`,
 * 400), a broken configuration (`Configuration`, 500).
 */
export interface AuthActionFailure {
  error: string
  retryAfter?: number
}

type Failed = FailReturn<AuthActionFailure>

/** Signs in with `providerId`, or (without one, or with an unknown one) goes to the sign-in page. */
export async function signIn(input: SignInInput, ev: RequestEventAction, config: AuthConfig): Promise<Failed | undefined> {
  const { redirectTo = input.redirectTo ?? currentPage(ev), ...fields } = input.options ?? {}
  const form: Record<string, string> = { callbackUrl: redirectTo }
  for (const [key, value] of Object.entries(fields)) form[key] = String(value)
  const authorizationParams = input.authorizationParams ? Object.fromEntries(new URLSearchParams(input.authorizationParams)) : undefined
  return finish(ev, await postForm(ev, config, { to: "signin", provider: input.providerId, fields: form, authorizationParams }))
}

/** Signs out and goes to `redirectTo` (default: the page the form was on). */
export async function signOut(input: SignOutInput, ev: RequestEventAction, config: AuthConfig): Promise<Failed | undefined> {
  return finish(ev, await postForm(ev, config, { to: "signout", fields: { callbackUrl: input.redirectTo ?? currentPage(ev) } }))
}

/** To the URL the engine sends the browser to (a refused sign-in's page too), or the action's failure. */
function finish(ev: RequestEventAction, answer: FormAnswer): Failed | undefined {
  if (answer.url) {
    navigate(ev, answer.url)
    return undefined
  }
  const failure: AuthActionFailure = { error: answer.error ?? "AuthError" }
  if (answer.retryAfter !== undefined) failure.retryAfter = answer.retryAfter
  return ev.fail(answer.status >= 400 ? answer.status : 500, failure)
}
