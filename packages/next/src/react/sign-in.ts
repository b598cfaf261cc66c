/**
 * Client `signIn(provider?, options?, authorizationParams?)`, as in next-auth/react v5: the client core's `signIn`
 * (`@gatehousejs/core/client`) bound to this page, with next-auth's overloads.
 *
 * Credentials are posted to `/callback/<id>`, other providers to `/signin/<id>`, with the CSRF token and
 * `X-Auth-Return-Redirect: 1`; `redirect: false` resolves `{ error, code, status, ok, url }` after the providers of
 * this page fetched the new session. WebAuthn providers (`passkey`) need the browser ceremony first: use `signIn` from
 * `@gatehousejs/next/webauthn`; this one throws a `TypeError` for them, as next-auth's does.
 */
import type { ProviderId } from "@gatehousejs/core"
import { signIn as signInCore } from "@gatehousejs/core/client"
import { client } from "./client-binding.js"
import type { SignInAuthorizationParams, SignInOptions, SignInResponse } from "./types.js"

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
  return signInCore(client, provider, options, authorizationParams)
}
