/**
 * Client `signOut({ redirect, redirectTo })`, as in next-auth/react v5: POST `<basePath>/signout` with the CSRF token
 * and `X-Auth-Return-Redirect: 1`, tell other tabs (`trigger: "signout"`), then go to the answer's `url` — or, with
 * `redirect: false`, let the providers of this page fetch the (now empty) session and resolve `{ url }`.
 */
import { endpointUrl } from "./client-config.js"
import { getCsrfToken } from "./endpoints.js"
import { readJson } from "./fetch-json.js"
import { navigate } from "./navigate.js"
import { refetchThisPage, tellOtherTabs } from "./tab-sync.js"
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
  const { redirect = true, redirectTo = options?.callbackUrl ?? window.location.href } = options ?? {}
  const body = new URLSearchParams({ csrfToken: await getCsrfToken(), callbackUrl: redirectTo })
  const result = await readJson<{ url?: unknown }>(`POST ${endpointUrl("signout")}`, () =>
    fetch(endpointUrl("signout"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body,
    }),
  )
  const url = result.ok && typeof result.data?.url === "string" ? result.data.url : null
  // 503: the server could not end the session (RT-05); it cleared this browser's cookie all the same.
  const notEnded = !result.ok && result.status === 503
  if (url || notEnded) tellOtherTabs("signout")

  const errorPage = new URL(endpointUrl("error"), window.location.href)
  if (notEnded) errorPage.searchParams.set("error", "SignOutError")
  const destination = url ?? errorPage.href
  if (redirect) return navigate(destination)
  await refetchThisPage()
  return { url: destination }
}
