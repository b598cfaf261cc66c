/**
 * Sending the browser on after an action, for both ways Qwik City submits one:
 *
 * - a plain form POST (no JavaScript, or `<form action={action.actionPath}>`): a `303 See Other` redirect;
 * - `<Form action={…}>` and `action.submit()` with JavaScript: a fetch of `…/q-data.json`. A redirect status there
 *   would be followed by `fetch` itself (and fail across origins, for a provider's authorization page); instead the
 *   `Location` header goes out on the data response, whose `redirect` field Qwik City's client follows with a full
 *   navigation. `@auth/qwik` relies on the same field (it copies the engine's `Location` header), so its sign-in and
 *   sign-out redirected only with JavaScript.
 */
import type { RequestEventAction, RequestEventCommon } from "@builder.io/qwik-city"

/** Whether Qwik City's client sent `ev` for a page's data (`…/q-data.json`) rather than for the page itself. */
export function isDataRequest(ev: RequestEventCommon): boolean {
  return new URL(ev.request.url).pathname.endsWith("/q-data.json")
}

export function navigate(ev: RequestEventAction, url: string): void {
  if (isDataRequest(ev)) {
    ev.headers.set("Location", url)
    return
  }
  throw ev.redirect(303, url)
}

/** The page the action was submitted from, without Qwik City's `qaction` parameter: where the browser returns to. */
export function currentPage(ev: RequestEventAction): string {
  const url = new URL(ev.url)
  url.searchParams.delete("qaction")
  return url.href
}
