/**
 * Client `signIn(provider?, options?, authorizationParams?)`, as in next-auth/react v5.
 *
 * 1. `GET /providers`; no provider or an unknown one → the built-in sign-in page with `callbackUrl`.
 * 2. `GET /csrf`, then POST the form (`csrfToken`, `callbackUrl`, the other options as fields) with
 *    `X-Auth-Return-Redirect: 1` to `/callback/<id>` for credentials, `/signin/<id>` otherwise (OAuth, OIDC, email),
 *    `authorizationParams` in the query string. The server answers `200 { url }` instead of a redirect.
 * 3. `redirect: false` → resolve `{ error, code, status, ok, url }` (the `?error=`/`?code=` of `url`) after the
 *    providers of this page fetched the new session; otherwise go to `url`.
 *
 * WebAuthn providers (`passkey`) need the browser ceremony first: use `signIn` from `@gatehousejs/next/webauthn`;
 * this one throws a `TypeError` for them, as next-auth's does.
 */
import type { ProviderId } from "@gatehousejs/core"
import { endpointUrl } from "./client-config.js"
import { getCsrfToken, getProviders } from "./endpoints.js"
import { readJson } from "./fetch-json.js"
import { navigate } from "./navigate.js"
import { refetchThisPage, tellOtherTabs } from "./tab-sync.js"
import type { SignInAuthorizationParams, SignInOptions, SignInResponse } from "./types.js"

/** The `error` of a {@link SignInResponse} when the endpoints could not be reached or did not answer JSON. */
export const CLIENT_FETCH_ERROR = "ClientFetchError"

/**
 * Starts a sign-in, or opens the sign-in page listing every provider when `provider` is absent or unknown.
 *
 * @example
 * // A credentials form that shows the error inline
 * const result = await signIn("credentials", { username, password, redirect: false })
 * if (result.error === "CredentialsSignin") setMessage("Wrong username or password")
 *
 * // OAuth, back to /dashboard afterwards, asking the provider to show the account chooser
 * await signIn("google", { redirectTo: "/dashboard" }, { prompt: "select_account" })
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

  const providers = await getProviders()
  if (!providers) return failed(redirect, 0)
  const chosen = provider === undefined ? undefined : providers[provider]
  if (!chosen) {
    navigate(`${endpointUrl("signin")}?${new URLSearchParams({ callbackUrl: redirectTo })}`)
    return
  }
  if (chosen.type === "webauthn") {
    throw new TypeError(
      `Provider id "${chosen.id}" refers to a WebAuthn provider.\nPlease use \`import { signIn } from "@gatehousejs/next/webauthn"\` instead.`,
    )
  }

  const action = `${chosen.type === "credentials" ? "callback" : "signin"}/${encodeURIComponent(chosen.id)}`
  const query = new URLSearchParams(authorizationParams).toString()
  const url = `${endpointUrl(action)}${query ? `?${query}` : ""}`
  const body = new URLSearchParams(formFields(fields))
  body.set("csrfToken", await getCsrfToken())
  body.set("callbackUrl", redirectTo)

  let status = 0
  const result = await readJson<{ url?: unknown }>(`POST ${endpointUrl(action)}`, async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body,
    })
    status = response.status
    return response
  })
  const target = result.ok && typeof result.data?.url === "string" ? result.data.url : null
  if (!target) return failed(redirect, status)

  if (redirect) return navigate(target)

  const params = new URL(target, window.location.href).searchParams
  const error = params.get("error") ?? undefined
  const code = params.get("code") ?? undefined
  await refetchThisPage()
  // next-auth tells no other tab here, so they stayed signed out until reloaded.
  if (!error) tellOtherTabs("getSession")
  return { error, code, status, ok: true, url: error ? null : target }
}

/**
 * The endpoints could not be reached, or answered without a URL: with `redirect` the error page (next-auth goes
 * there when `/providers` fails); without, a `ClientFetchError` result rather than a rejected promise.
 */
function failed(redirect: boolean, status: number): SignInResponse | void {
  if (redirect) return navigate(endpointUrl("error"))
  return { error: CLIENT_FETCH_ERROR, code: undefined, status, ok: false, url: null }
}

/** Options other than the reserved ones become form fields; `undefined` and `null` are left out. */
function formFields(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) out[key] = String(value)
  return out
}
