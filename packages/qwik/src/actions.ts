/**
 * What `useSignIn` and `useSignOut` do on the server, with `@auth/qwik`'s inputs. Each posts to the engine's endpoint
 * as the browser's own form would (the CSRF token fetched first, from `/auth/csrf`), so the engine decides everything:
 * where to go next, which cookies to set, and where a refused sign-in lands (the sign-in page with `?error=…`).
 *
 * The actions themselves are protected from cross-site submission by Qwik City's origin check (`checkOrigin`, on by
 * default), as every Qwik City action is.
 */
import type { FailReturn, RequestEventAction } from "@builder.io/qwik-city"
import type { AuthConfig } from "@gatehousejs/core"
import { callEndpoint } from "./engine.js"
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
  const form = new URLSearchParams({ callbackUrl: redirectTo })
  for (const [key, value] of Object.entries(fields)) form.set(key, String(value))
  const search = input.authorizationParams ? `?${new URLSearchParams(input.authorizationParams)}` : ""
  const path = `${await signInPath(ev, config, input.providerId)}${search}`
  const answer = await postForm(ev, config, path, form)
  if (typeof answer !== "string") return answer
  navigate(ev, answer)
  return undefined
}

/** Signs out and goes to `redirectTo` (default: the page the form was on). */
export async function signOut(input: SignOutInput, ev: RequestEventAction, config: AuthConfig): Promise<Failed | undefined> {
  const form = new URLSearchParams({ callbackUrl: input.redirectTo ?? currentPage(ev) })
  const answer = await postForm(ev, config, `${config.basePath}/signout`, form)
  if (typeof answer !== "string") return answer
  navigate(ev, answer)
  return undefined
}

/**
 * Where a provider's sign-in is posted: a credentials provider's callback, any other provider's sign-in endpoint, by
 * the type the engine reports at `/providers` (`@auth/qwik` took only the id `"credentials"` for credentials). No
 * provider, or one the engine does not know: `/signin`, which answers with the sign-in page.
 */
async function signInPath(ev: RequestEventAction, config: AuthConfig, providerId: string | undefined): Promise<string> {
  if (!providerId) return `${config.basePath}/signin`
  const response = await callEndpoint(ev, config, `${config.basePath}/providers`, { method: "GET" })
  const providers = (response.ok ? await response.json() : {}) as Record<string, { type?: string } | undefined>
  const type = Object.hasOwn(providers, providerId) ? providers[providerId]?.type : undefined
  if (!type) return `${config.basePath}/signin`
  return `${config.basePath}/${type === "credentials" ? "callback" : "signin"}/${encodeURIComponent(providerId)}`
}

/**
 * Posts `form` with this browser's CSRF token and cookies; the URL the engine sends the browser to. Most refusals are a
 * URL too (the sign-in page with `?error=…`, the error page); the others are the action's failure.
 */
async function postForm(ev: RequestEventAction, config: AuthConfig, path: string, form: URLSearchParams): Promise<string | Failed> {
  const csrf = await callEndpoint(ev, config, `${config.basePath}/csrf`, { method: "GET" })
  const { csrfToken } = (csrf.ok ? await csrf.json() : {}) as { csrfToken?: string }
  if (csrfToken) form.set("csrfToken", csrfToken)
  const cookie = withSetCookies(ev.request.headers.get("cookie") ?? "", csrf.headers)
  const response = await callEndpoint(ev, config, path, { method: "POST", form, cookie })
  const body = (await response.json().catch(() => ({}))) as { url?: unknown; error?: unknown; retryAfter?: unknown }
  if (typeof body.url === "string" && body.url) return body.url
  const failure: AuthActionFailure = { error: typeof body.error === "string" ? body.error : response.status === 500 ? "Configuration" : "AuthError" }
  if (typeof body.retryAfter === "number") failure.retryAfter = body.retryAfter
  return ev.fail(response.status >= 400 ? response.status : 500, failure)
}

/** The `Cookie` header as the browser would send it after receiving `setCookies`: those names replaced or added. */
function withSetCookies(cookieHeader: string, setCookies: Headers): string {
  const jar = new Map<string, string>()
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=")
    if (separator > 0) jar.set(part.slice(0, separator).trim(), part.slice(separator + 1).trim())
  }
  for (const line of setCookies.getSetCookie()) {
    const pair = line.split(";", 1)[0] ?? ""
    const separator = pair.indexOf("=")
    if (separator > 0) jar.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim())
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ")
}
