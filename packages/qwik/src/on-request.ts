/**
 * The `onRequest` handler of `plugin@auth.ts`, as `@auth/qwik`'s: requests under `/auth/<action>` are answered by the
 * engine; every other request gets its session looked up and put on `ev.sharedMap.get("session")` (read by
 * `useSession()` and by your own `onRequest` handlers), with a renewed or cleared session cookie sent along.
 */
import type { RequestEventCommon } from "@builder.io/qwik-city"
import { isAuthAction, type AuthConfig } from "@gatehousejs/core"
import { answer, readSession } from "./engine.js"
import { isDataRequest } from "./navigate.js"

/** Answers `ev` when it is for an auth endpoint (by throwing Qwik City's send); else sets the shared session. */
export async function handleRequest(ev: RequestEventCommon, config: AuthConfig): Promise<void> {
  const prefix = `${config.basePath}/`
  const { pathname } = ev.url
  if (pathname.startsWith(prefix) && isAuthAction(pathname.slice(prefix.length).split("/")[0] ?? "")) {
    if (isDataRequest(ev)) throw ev.send(toPage(ev))
    throw ev.send(await answer(ev, config))
  }
  ev.sharedMap.set("session", await readSession(ev, config))
}

/**
 * The endpoints are no Qwik pages, so they have no data: Qwik City's client asks for `/auth/signin/q-data.json` when a
 * link there is prefetched or followed, or when a route's guard redirects a client-side navigation there. The answer
 * sends it to the page itself (`fetch` follows, and the client then loads that URL as a page). `ev.redirect()` would
 * not do: Qwik City rewrites a redirect of a data request into another data request, here the same one again.
 */
function toPage(ev: RequestEventCommon): Response {
  const url = new URL(ev.request.url)
  url.pathname = url.pathname.slice(0, -"/q-data.json".length)
  return new Response(null, { status: 302, headers: { Location: `${url.pathname}${url.search}` } })
}
