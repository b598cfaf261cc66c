/**
 * Client `signOut({ redirect, redirectTo })`, as in next-auth/react v5: the client core's `signOut`
 * (`@gatehousejs/core/client`) bound to this page. It tells other tabs (`trigger: "signout"`), then goes to the
 * answer's `url` — or, with `redirect: false`, lets the providers of this page fetch the (now empty) session and
 * resolves `{ url }`.
 */
import { signOut as signOutCore } from "@gatehousejs/core/client"
import { client } from "./client-binding.js"
import type { SignOutParams, SignOutResponse } from "./types.js"

/**
 * Signs out and clears the session cookie.
 *
 * When the request fails (network, or an answer that is not JSON) the session is unchanged: no tab is told anything,
 * the page's providers fetch the session again, and the browser goes to (or the call resolves to) the error page.
 * A 503 means the server could not end the session although it cleared the cookie: the other tabs are told, and the
 * error page is `?error=SignOutError`, which says so.
 *
 * @example
 * <button onClick={() => signOut({ redirectTo: "/" })}>Sign out</button>
 */
export async function signOut(options?: SignOutParams<true>): Promise<void>
export async function signOut(options: SignOutParams<false>): Promise<SignOutResponse>
export async function signOut(options?: SignOutParams<boolean>): Promise<SignOutResponse | void>
export async function signOut(options?: SignOutParams<boolean>): Promise<SignOutResponse | void> {
  return signOutCore(client, options)
}
