/**
 * `@gatehousejs/solid-start/client`: `signIn` and `signOut` for the browser, as `@auth/solid-start/client`'s. Each
 * fetches the CSRF token, posts to the endpoint under `/api/auth` (`X-Auth-Return-Redirect`: the answer is
 * `{ url }`), then sends the browser there.
 *
 * Fixed on the way: the provider's type decides where a sign-in is posted (`@auth/solid-start` took only the id
 * `"credentials"` for credentials), `signIn()` without a provider opens the sign-in page (it posted to
 * `/signin/undefined`), and `signOut({ redirect: false })` stays on the page (the option was ignored).
 *
 * The requests and results are those of the client core (`@gatehousejs/core/client`), the same as
 * `@gatehousejs/next/react`'s: a request that fails resolves `ClientFetchError` (or goes to the error page) instead of
 * rejecting, and a WebAuthn provider is refused with a `TypeError` (it needs the browser ceremony first).
 */
import type { ProviderId } from "@gatehousejs/core"
import { signIn as signInCore, signOut as signOutCore, type AuthClient } from "@gatehousejs/core/client"
import type { SignInAuthorizationParams, SignInOptions, SignInResponse } from "@gatehousejs/core/client"

/** The prefix of `routes/api/auth/[...solidauth].ts`, as `@auth/solid-start/client` has it. */
const BASE_PATH = "/api/auth"

/** The page's binding of the client core (`@gatehousejs/core/client`); globals are read when used, not on import. */
const client: AuthClient = {
  platform: {
    fetch: (url, init) => fetch(url, init),
    currentUrl: () => window.location.href,
    assign: (url) => {
      window.location.href = url
    },
    reload: () => window.location.reload(),
    log: (line) => console.error(line),
  },
  endpoint: (action) => `${BASE_PATH}/${action}`,
}

// The same sign-in options and result as every framework's browser client: declared once, in the client core.
export type { SignInAuthorizationParams, SignInOptions, SignInResponse }

export interface SignOutParams<R extends boolean = true> {
  /** Where to go after signing out. Default: this page. */
  callbackUrl?: string
  /** `false`: stay on the page. */
  redirect?: R
}


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
  return signInCore(client, provider, options, authorizationParams)
}

/**
 * Signs out: the session cookie is cleared (and a database session deleted), then the browser goes to `callbackUrl`.
 *
 * @example
 * import { signOut } from "@gatehousejs/solid-start/client"
 * signOut({ callbackUrl: "/" })
 */
export async function signOut(options?: SignOutParams<boolean>): Promise<void> {
  await signOutCore(client, options)
}
