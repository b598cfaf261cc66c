/**
 * `signIn(request, provider, options, params)` and `signOut(request, options)`: the `POST /signin/:id` (or
 * `/callback/:id` for credentials) and `POST /signout` entries run from server code, answered as a redirect `Response`
 * or, with `redirect: false`, as `{ url, headers, cookies }`.
 */
import { engine } from "../auth.js"
import { SignOutError } from "../errors.js"
import type { Cookie } from "../http/cookie.js"
import { toResponse, type ResponseInternal } from "../http/response.js"
import { serverContext, type ServerCall } from "../pipeline/server-request.js"
import type { AuthorizationParams, RedirectResult, SignInOptions, SignOutOptions } from "../gatehouse-types.js"
import { cookieHeaders, type ConfigFor } from "./shared.js"

/** Raw: a refused sign-in is thrown as its `AuthError`, for the app to catch. */
const raw = { raw: true, skipCSRFCheck: true }

export function signInFunction(configFor: ConfigFor) {
  return async function signIn(
    request: Request,
    provider?: string,
    options: FormData | SignInOptions = {},
    authorizationParams?: AuthorizationParams,
  ): Promise<Response | RedirectResult> {
    const { redirect = true, redirectTo, ...fields } = options instanceof FormData ? fromFormData(options) : options
    const callbackUrl = redirectTo ?? request.headers.get("referer") ?? "/"
    const config = await configFor(request)
    const known = provider ? config.providersById.get(provider) : undefined
    if (!known) {
      // Straight to the app's own sign-in page when it has one: one hop, and the address bar shows that page.
      const url = new URL(config.pages.signIn ?? `${config.basePath}/signin`, request.url)
      url.searchParams.set("callbackUrl", callbackUrl)
      return finish({ redirect: url.href }, redirect)
    }
    const body = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]))
    const call: ServerCall = {
      method: "POST",
      action: known.type === "credentials" ? "callback" : "signin",
      providerId: known.id,
      body: { ...body, callbackUrl },
      query: authorizationParams ? Object.fromEntries(new URLSearchParams(authorizationParams)) : undefined,
    }
    const { ctx, route } = serverContext(config, request, call)
    return finish(await engine(ctx, route, raw), redirect)
  }
}

export function signOutFunction(configFor: ConfigFor) {
  return async function signOut(request: Request, options: SignOutOptions = {}): Promise<Response | RedirectResult> {
    const { redirect = true, redirectTo } = options
    const callbackUrl = redirectTo ?? request.headers.get("referer") ?? "/"
    const config = await configFor(request)
    const { ctx, route } = serverContext(config, request, { method: "POST", action: "signout", body: { callbackUrl } })
    try {
      return finish(await engine(ctx, route, raw), redirect)
    } catch (error) {
      // RT-05: never a success the session outlives; the cookie is still to be cleared by whoever answers.
      if (error instanceof SignOutError) error.headers = cookieHeaders(error.cookies)
      throw error
    }
  }
}

/** A submitted form as sign-in options: its text fields, with `redirectTo` and `redirect` read as options. */
function fromFormData(form: FormData): SignInOptions {
  const options: SignInOptions = {}
  for (const [key, value] of form) if (typeof value === "string" && !(key in options)) options[key] = value
  const redirect = form.get("redirect")
  delete options.redirect
  if (redirect === "false") options.redirect = false
  return options
}

function finish(result: ResponseInternal, redirect: boolean): Response | RedirectResult {
  const url = result.redirect ?? ""
  const cookies: Cookie[] = result.cookies ?? []
  if (!redirect) return { url, headers: cookieHeaders(cookies), cookies }
  return toResponse(result, false)
}
