/**
 * Signing in and out server-side, for the `signIn` / `signOut` form actions and `event.locals.signIn()` /
 * `signOut()` (`@auth/sveltekit`'s `lib/actions.ts`): the engine's `signIn` / `signOut` (core's `Gatehouse()`) run
 * against a GET at the current page with the request's cookies and `Referer`; the cookies they set are written with
 * `event.cookies.set()`; then SvelteKit's `redirect(302, url)` is thrown — to the provider, the callback URL, the
 * "check your email" page or the sign-in page. From `locals.signIn()` a refused sign-in throws its `AuthError`
 * (`CredentialsSignin` for wrong credentials); the form action sends the browser where the endpoint would instead
 * (`signInAction`). A sign-out the store could not complete clears the cookie and throws `SignOutError`.
 */
import { AuthError, CredentialsSignin, EmailSignInError, isClientError, SignOutError, TooManyRequests } from "@gatehousejs/core"
import { error, redirect, type RequestEvent } from "@sveltejs/kit"
import { writeCookies } from "./cookies.js"
import type { Binding } from "./engine.js"
import { pageRequest } from "./event-request.js"
import type { SignInAuthorizationParams, SignInOptions, SignOutOptions } from "./types.js"

export async function signIn(
  event: RequestEvent,
  binding: Binding,
  provider: string | undefined,
  options: SignInOptions<boolean> = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<string> {
  const { redirect: shouldRedirect = true, ...fields } = options instanceof FormData ? formFields(options) : options
  const params = authorizationParams === undefined ? undefined : new URLSearchParams(authorizationParams)
  const result = await binding.gatehouse.signIn(binding.bind(pageRequest(event)), provider || undefined, { ...fields, redirect: false }, params)
  writeCookies(event.cookies, result.cookies)
  if (shouldRedirect) redirect(302, result.url)
  return result.url
}

/**
 * The sign-in form action (`actions = { default: signIn }`): a refused sign-in ends where the endpoint sends a browser
 * (core's `auth.ts` failure mapping) — the sign-in page with `error` (and `code` for `CredentialsSignin`), the error
 * page for the rest — and too many attempts is SvelteKit's `error(429)`; never an escaped `AuthError`, which SvelteKit
 * answers with a 500 (`@auth/sveltekit` does; docs/differences.md row 146). The engine has logged the failure.
 */
export async function signInAction(
  event: RequestEvent,
  binding: Binding,
  provider: string | undefined,
  options: SignInOptions<boolean>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<void> {
  try {
    await signIn(event, binding, provider, options, authorizationParams)
  } catch (thrown) {
    // Anything else is SvelteKit's own redirect (the success path) or a fault that must stay visible.
    if (!(thrown instanceof AuthError)) throw thrown
    if (thrown instanceof TooManyRequests) error(429, `Too many attempts; try again in ${thrown.retryAfter} seconds.`)
    redirect(302, failureUrl(thrown, event, binding.config))
  }
}

/** Where the endpoint sends a browser after `failure` (a form POST, not a script). */
function failureUrl(failure: AuthError, event: RequestEvent, config: Binding["config"]): string {
  const signInPage = config.pages?.signIn ?? `${config.basePath}/signin`
  if (failure instanceof EmailSignInError) return pageUrl(event, signInPage, { error: "EmailSignin" })
  if (isClientError(failure) && failure.kind === "signIn") {
    return pageUrl(event, signInPage, { error: failure.type, code: failure instanceof CredentialsSignin ? failure.code : undefined })
  }
  return pageUrl(event, config.pages?.error ?? `${config.basePath}/error`, { error: isClientError(failure) ? failure.type : "Configuration" })
}

function pageUrl(event: RequestEvent, page: string, params: Record<string, string | undefined>): string {
  const url = new URL(page, event.url)
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value)
  return url.href
}

export async function signOut(event: RequestEvent, binding: Binding, options: SignOutOptions<boolean> = {}): Promise<string> {
  const request = binding.bind(pageRequest(event))
  const result = await binding.gatehouse.signOut(request, { redirectTo: options.redirectTo, redirect: false }).catch((error: unknown) => {
    // RT-05: the store kept the session; this browser still drops its cookie, and the error reaches the app.
    if (error instanceof SignOutError) writeCookies(event.cookies, error.cookies)
    throw error
  })
  writeCookies(event.cookies, result.cookies)
  if (options.redirect ?? true) redirect(302, result.url)
  return result.url
}

/** A submitted form's text fields, the first of each name; `redirect` is the caller's decision, never a field's. */
function formFields(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const [key, value] of form) if (typeof value === "string" && !(key in fields)) fields[key] = value
  delete fields.redirect
  return fields
}
