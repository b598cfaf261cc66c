/**
 * `@gatehousejs/solid-start/client`: `signIn` and `signOut` for the browser, as `@auth/solid-start/client`'s. Each
 * fetches the CSRF token, posts to the endpoint under `/api/auth` (`X-Auth-Return-Redirect`: the answer is
 * `{ url }`), then sends the browser there.
 *
 * Fixed on the way: the provider's type decides where a sign-in is posted (`@auth/solid-start` took only the id
 * `"credentials"` for credentials), `signIn()` without a provider opens the sign-in page (it posted to
 * `/signin/undefined`), and `signOut({ redirect: false })` stays on the page (the option was ignored).
 */
import type { ProviderId } from "@gatehousejs/core"

/** The prefix of `routes/api/auth/[...solidauth].ts`, as `@auth/solid-start/client` has it. */
const BASE_PATH = "/api/auth"

export interface SignInOptions<Redirect extends boolean = true> extends Record<string, unknown> {
  /** @deprecated Use `redirectTo` instead. */
  callbackUrl?: string
  /** Where to go after signing in. Default: this page. */
  redirectTo?: string
  /** `false`: stay on the page and resolve to a `SignInResponse` (to show a wrong password inline). */
  redirect?: Redirect
}

export interface SignInResponse {
  error: string | undefined
  code: string | undefined
  status: number
  ok: boolean
  url: string | null
}

export interface SignOutParams<R extends boolean = true> {
  /** Where to go after signing out. Default: this page. */
  callbackUrl?: string
  /** `false`: stay on the page. */
  redirect?: R
}

/** Match `inputType` of `new URLSearchParams(inputType)` */
export type SignInAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams

/**
 * Starts a sign-in with `provider`, or opens the sign-in page listing them all. Other `options` fields (a credentials
 * form's `username`, `password`) are posted to the provider.
 *
 * @example
 * import { signIn } from "@gatehousejs/solid-start/client"
 * signIn("github")
 * const result = await signIn("credentials", { username, password, redirect: false })
 */
export async function signIn(provider?: ProviderId, options?: SignInOptions<true>, authorizationParams?: SignInAuthorizationParams): Promise<void>
export async function signIn(provider?: ProviderId, options?: SignInOptions<false>, authorizationParams?: SignInAuthorizationParams): Promise<SignInResponse>
export async function signIn<Redirect extends boolean = true>(
  provider?: ProviderId,
  options?: SignInOptions<Redirect>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse | void> {
  const { callbackUrl, ...rest } = options ?? {}
  const { redirect = true, redirectTo = callbackUrl ?? window.location.href, ...fields } = rest

  const type = provider === undefined ? undefined : await providerType(provider)
  if (provider === undefined || type === undefined) {
    return navigate(`${BASE_PATH}/signin?${new URLSearchParams({ callbackUrl: redirectTo })}`)
  }
  const action = `${type === "credentials" ? "callback" : "signin"}/${encodeURIComponent(provider)}`
  const query = new URLSearchParams(authorizationParams).toString()
  const body = new URLSearchParams()
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) body.set(key, String(value))
  body.set("csrfToken", await csrfToken())
  body.set("callbackUrl", redirectTo)
  const response = await fetch(`${BASE_PATH}/${action}${query ? `?${query}` : ""}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body,
  })
  const url = await urlIn(response)

  if (redirect) return navigate(url ?? `${BASE_PATH}/error`)
  if (url === undefined) return { error: "ClientFetchError", code: undefined, status: response.status, ok: false, url: null }
  const params = new URL(url, window.location.href).searchParams
  const error = params.get("error") ?? undefined
  return { error, code: params.get("code") ?? undefined, status: response.status, ok: response.ok, url: error ? null : url }
}

/**
 * Signs out: the session cookie is cleared (and a database session deleted), then the browser goes to `callbackUrl`.
 *
 * @example
 * import { signOut } from "@gatehousejs/solid-start/client"
 * signOut({ callbackUrl: "/" })
 */
export async function signOut(options?: SignOutParams<boolean>): Promise<void> {
  const { callbackUrl = window.location.href, redirect = true } = options ?? {}
  const response = await fetch(`${BASE_PATH}/signout`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams({ csrfToken: await csrfToken(), callbackUrl }),
  })
  // A sign-out the store could not complete answers 503 with the error page's URL: the browser goes there.
  const url = (await urlIn(response)) ?? callbackUrl
  if (redirect) navigate(url)
}

async function csrfToken(): Promise<string> {
  const response = await fetch(`${BASE_PATH}/csrf`)
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  return csrfToken
}

/** The provider's type as the server reports it; `undefined` for a provider it does not have. */
async function providerType(provider: string): Promise<string | undefined> {
  const response = await fetch(`${BASE_PATH}/providers`)
  const providers = (response.ok ? await response.json() : {}) as Record<string, { type?: string } | undefined>
  return Object.hasOwn(providers, provider) ? providers[provider]?.type : undefined
}

async function urlIn(response: Response): Promise<string | undefined> {
  const body = (await response.json().catch(() => ({}))) as { url?: unknown }
  return typeof body.url === "string" && body.url ? body.url : undefined
}

function navigate(url: string): void {
  window.location.href = url
  // A URL that differs only by its hash does not reload the page by itself.
  if (url.includes("#")) window.location.reload()
}
