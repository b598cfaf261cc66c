/**
 * `@gatehousejs/sveltekit/client`: `signIn` and `signOut` for the browser, as `@auth/sveltekit/client` exports them,
 * against the endpoints under `{paths.base}/auth`. Each posts the form the built-in pages post (with the CSRF token,
 * which the engine checks) and asks for the answer as `{ url }` (`X-Auth-Return-Redirect`), then goes there — or, with
 * `redirect: false`, resolves to it. After a sign-in or sign-out without a redirect, call `invalidateAll()` (from
 * `$app/navigation`) so that the `load` functions read the new session. The requests and results are those of the
 * client core (`@gatehousejs/core/client`), the same as `@gatehousejs/next/react`'s.
 *
 * Fixed here: `@auth/sveltekit/client` sent no CSRF token (its server turned the check off), treated only the
 * provider id `credentials` as a credentials provider, and with no provider posted to `/auth/signin/undefined`.
 */
import type { ProviderId } from "@gatehousejs/core"
import { signIn as signInCore, signOut as signOutCore } from "@gatehousejs/core/client"
import { client } from "./client-binding.js"
import type { SignInAuthorizationParams } from "./types.js"

export type { SignInAuthorizationParams }

// The same options and results as every framework's browser client: declared once, in the client core.
import type { SignInOptions, SignInResponse, SignOutParams, SignOutResponse } from "@gatehousejs/core/client"
export type { SignInOptions, SignInResponse, SignOutParams, SignOutResponse }

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
  return signInCore(client, provider, options, authorizationParams)
}

/**
 * Signs out: ends the session (the engine clears the cookie), then goes to `redirectTo` (default: this page), or
 * with `redirect: false` resolves to `{ url }`. When the request fails, that URL is the error page's
 * (`?error=SignOutError` when the server could not end the session).
 */
export async function signOut(options?: SignOutParams<true>): Promise<void>
export async function signOut(options: SignOutParams<false>): Promise<SignOutResponse>
export async function signOut(options?: SignOutParams<boolean>): Promise<SignOutResponse | void> {
  return signOutCore(client, options)
}
