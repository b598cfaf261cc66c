/**
 * `@gatehousejs/sveltekit/client`: `signIn` and `signOut` for the browser, as `@auth/sveltekit/client` exports them,
 * against the endpoints under `{paths.base}/auth`. Each posts the form the built-in pages post (with the CSRF token,
 * which the engine checks) and asks for the answer as `{ url }` (`X-Auth-Return-Redirect`), then goes there — or, with
 * `redirect: false`, resolves to it. After a sign-in or sign-out without a redirect, call `invalidateAll()` (from
 * `$app/navigation`) so that the `load` functions read the new session.
 *
 * Fixed here: `@auth/sveltekit/client` sent no CSRF token (its server turned the check off), treated only the
 * provider id `credentials` as a credentials provider, and with no provider posted to `/auth/signin/undefined`.
 */
import type { ProviderId, ProviderType } from "@gatehousejs/core"
import { endpoint, formFields, getJson, navigate, post } from "./client-http.js"
import type { SignInAuthorizationParams } from "./types.js"

export type { SignInAuthorizationParams }

/** Options of the client `signIn`; any other key is sent as a form field (credentials, `email`, …). */
export interface SignInOptions<Redirect extends boolean = true> extends Record<string, unknown> {
  /** @deprecated Use `redirectTo` instead. */
  callbackUrl?: string
  /** Where to go after signing in. Default: the current page. */
  redirectTo?: string
  /** `false`: stay on the page and resolve to a {@link SignInResponse} (to show a credentials error inline). */
  redirect?: Redirect
}

/** What `signIn(…, { redirect: false })` resolves to. */
export interface SignInResponse {
  /** The error type from the answer's `?error=` (`CredentialsSignin`, …), or `ClientFetchError`. */
  error: string | undefined
  /** The `?code=` of a `CredentialsSignin`. */
  code: string | undefined
  status: number
  ok: boolean
  /** Where the server would have sent the browser; `null` when there is an error. */
  url: string | null
}

export interface SignOutParams<Redirect extends boolean = true> {
  /** @deprecated Use `redirectTo` instead. */
  callbackUrl?: string
  /** Where to go after signing out. Default: the current page. */
  redirectTo?: string
  /** `false`: stay on the page and resolve to `{ url }`. */
  redirect?: Redirect
}

export interface SignOutResponse {
  url: string
}

/** The `error` of a response when the endpoints could not be reached or did not answer as expected. */
export const CLIENT_FETCH_ERROR = "ClientFetchError"

/**
 * Starts a sign-in; with no provider (or an unknown one), opens the sign-in page listing every provider.
 *
 * @example
 * const result = await signIn("credentials", { username, password, redirect: false })
 * if (result.error === "CredentialsSignin") message = "Wrong username or password"
 * else await invalidateAll()
 */
export async function signIn(provider?: ProviderId, options?: SignInOptions<true>, authorizationParams?: SignInAuthorizationParams): Promise<void>
export async function signIn(provider: ProviderId | undefined, options: SignInOptions<false>, authorizationParams?: SignInAuthorizationParams): Promise<SignInResponse>
export async function signIn(provider?: ProviderId, options?: SignInOptions<boolean>, authorizationParams?: SignInAuthorizationParams): Promise<SignInResponse | void>
export async function signIn(
  provider?: ProviderId,
  options?: SignInOptions<boolean>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse | void> {
  const { callbackUrl, redirect = true, redirectTo = callbackUrl ?? window.location.href, ...fields } = options ?? {}
  const providers = provider === undefined ? {} : await getJson<Record<string, { id: string; type: ProviderType }>>("providers")
  if (!providers) return failed(redirect, 0)
  const chosen = provider === undefined ? undefined : providers[provider]
  if (!chosen) return navigate(`${endpoint("signin")}?${new URLSearchParams({ callbackUrl: redirectTo })}`)
  if (chosen.type === "webauthn") {
    throw new TypeError(`Provider id "${chosen.id}" refers to a WebAuthn provider.\nPlease use \`import { signIn } from "@gatehousejs/sveltekit/webauthn"\` instead.`)
  }

  const action = `${chosen.type === "credentials" ? "callback" : "signin"}/${encodeURIComponent(chosen.id)}`
  const query = new URLSearchParams(authorizationParams).toString()
  const answer = await post(`${endpoint(action)}${query ? `?${query}` : ""}`, { ...formFields(fields), callbackUrl: redirectTo })
  if (!answer.url) return failed(redirect, answer.status)
  if (redirect) return navigate(answer.url)
  const params = new URL(answer.url, window.location.href).searchParams
  const error = params.get("error") ?? undefined
  return { error, code: params.get("code") ?? undefined, status: answer.status, ok: true, url: error ? null : answer.url }
}

/**
 * Signs out: ends the session (the engine clears the cookie), then goes to `redirectTo` (default: this page), or
 * with `redirect: false` resolves to `{ url }`.
 */
export async function signOut(options?: SignOutParams<true>): Promise<void>
export async function signOut(options: SignOutParams<false>): Promise<SignOutResponse>
export async function signOut(options?: SignOutParams<boolean>): Promise<SignOutResponse | void> {
  const { callbackUrl, redirect = true, redirectTo = callbackUrl ?? window.location.href } = options ?? {}
  const answer = await post(endpoint("signout"), { callbackUrl: redirectTo })
  const url = answer.url ?? redirectTo
  if (redirect) return navigate(url)
  return { url }
}

function failed(redirect: boolean, status: number): SignInResponse | void {
  if (redirect) return navigate(endpoint("error"))
  return { error: CLIENT_FETCH_ERROR, code: undefined, status, ok: false, url: null }
}
