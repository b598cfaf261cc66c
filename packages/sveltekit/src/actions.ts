/**
 * Signing in and out server-side, for the `signIn` / `signOut` form actions and `event.locals.signIn()` /
 * `signOut()` (`@auth/sveltekit`'s `lib/actions.ts`): the engine's `signIn` / `signOut` (core's `Gatehouse()`) run
 * against a GET at the current page with the request's cookies and `Referer`; the cookies they set are written with
 * `event.cookies.set()`; then SvelteKit's `redirect(302, url)` is thrown — to the provider, the callback URL, the
 * "check your email" page or the sign-in page. A refused sign-in throws its `AuthError` (`CredentialsSignin` for
 * wrong credentials) for the app to catch; if none does, `handle` answers it as the endpoint would
 * (refused-sign-in.ts). A sign-out the store could not complete clears the cookie and throws `SignOutError`.
 */
import { AuthError, SignOutError } from "@gatehousejs/core"
import { redirect, type RequestEvent } from "@sveltejs/kit"
import { writeCookies } from "./cookies.js"
import type { Binding } from "./engine.js"
import { pageRequest } from "./event-request.js"
import { remember } from "./refused-sign-in.js"
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
  const result = await binding.gatehouse
    .signIn(binding.bind(pageRequest(event)), provider || undefined, { ...fields, redirect: false }, params)
    .catch((error: unknown) => {
      if (error instanceof AuthError) remember(event, { error, callbackUrl: comeBackTo(event, fields.redirectTo), config: binding.config })
      throw error
    })
  writeCookies(event.cookies, result.cookies)
  if (shouldRedirect) redirect(302, result.url)
  return result.url
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

/** The sign-in's `redirectTo`, else the page the form was on: where the sign-in page returns after a refusal. */
function comeBackTo(event: RequestEvent, redirectTo: unknown): string | undefined {
  if (typeof redirectTo === "string" && redirectTo) return redirectTo
  const referer = event.request.headers.get("referer")
  if (!referer) return undefined
  try {
    const url = new URL(referer)
    return url.origin === event.url.origin ? `${url.pathname}${url.search}` : undefined
  } catch {
    return undefined
  }
}
