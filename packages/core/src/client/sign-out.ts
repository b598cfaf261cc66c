/**
 * `signOut({ redirect, redirectTo })`, as in next-auth/react v5: POST `<basePath>/signout` with the CSRF token and
 * `X-Auth-Return-Redirect: 1`, tell other tabs (`trigger: "signout"`), then go to the answer's `url` — or, with
 * `redirect: false`, let the session holders of this page fetch the (now empty) session and resolve `{ url }`.
 */
import { navigate } from "./navigate.js"
import type { AuthClient } from "./platform.js"
import { postForm } from "./post-form.js"
import type { SignOutParams, SignOutResponse } from "./types.js"

/**
 * Signs out and clears the session cookie.
 *
 * When the request fails (network, or an answer that is not JSON) the session is unchanged: no tab is told anything,
 * the page's session holders fetch the session again, and the page goes to (or the call resolves to) the error page.
 * A 503 means the server could not end the session although it cleared the cookie (RT-05): the other tabs are told,
 * and the error page is `?error=SignOutError`, which says so.
 */
export async function signOut(client: AuthClient, options: SignOutParams<boolean> | undefined): Promise<SignOutResponse | void> {
  const { redirect = true, redirectTo = options?.callbackUrl ?? client.platform.currentUrl() } = options ?? {}
  const answer = await postForm(client, { action: "signout", fields: {}, callbackUrl: redirectTo })
  const notEnded = !answer.ok && answer.status === 503
  if (answer.url || notEnded) client.sessionSync?.tellOtherTabs("signout")

  const errorPage = new URL(client.endpoint("error"), client.platform.currentUrl())
  if (notEnded) errorPage.searchParams.set("error", "SignOutError")
  const destination = answer.url ?? errorPage.href
  if (redirect) return navigate(client.platform, destination)
  await client.sessionSync?.refetchThisPage()
  return { url: destination }
}
