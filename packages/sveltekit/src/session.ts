/**
 * `event.locals.auth()`: the session of this request, read by the engine (core's `auth()`), with the cookie it renews
 * (rolling expiry) or clears (an expired or revoked session) written through `event.cookies`, as `@auth/sveltekit`
 * does. A broken configuration or an unreachable store reads as signed out (the engine logs why).
 *
 * One lookup per event and cookie state: a layout's and a page's `load` calling `locals.auth()` cost one decryption or
 * one store read, and a sign-in or sign-out earlier in the same request is seen (it changed the cookies).
 */
import type { Session } from "@gatehousejs/core"
import type { RequestEvent } from "@sveltejs/kit"
import { engineCookies, writeCookies } from "./cookies.js"
import type { Binding } from "./engine.js"
import { pageRequest } from "./event-request.js"

const lookups = new WeakMap<RequestEvent, { cookie: string | null; session: Promise<Session | null> }>()

export function sessionOf(event: RequestEvent, binding: Binding): Promise<Session | null> {
  const request = pageRequest(event)
  const cookie = request.headers.get("cookie")
  const kept = lookups.get(event)
  if (kept && kept.cookie === cookie) return kept.session
  const entry: { cookie: string | null; session: Promise<Session | null> } = { cookie, session: Promise.resolve(null) }
  entry.session = lookUp(event, binding, request).then((session) => {
    // A renewed cookie is this lookup's own doing: the next call with the cookies as they are now is answered by it.
    entry.cookie = pageRequest(event).headers.get("cookie")
    return session
  })
  lookups.set(event, entry)
  return entry.session
}

async function lookUp(event: RequestEvent, { gatehouse, bind }: Binding, request: Request): Promise<Session | null> {
  let session: Session | null = null
  // The handler form of core's auth(): the session, and the response it would send, whose Set-Cookie lines are the
  // renewed or cleared session cookie. (`authorized`, which that form applies, is left out of the configuration.)
  const respond = gatehouse.auth((req) => {
    session = req.auth
    return new Response(null, { status: 204 })
  })
  const response = await respond(bind(request))
  try {
    writeCookies(event.cookies, engineCookies(response.headers))
  } catch {
    // Called after the response went out (a promise streamed from a `load`): SvelteKit refuses cookies then. The
    // session is still right; the renewal is sent by the next request.
  }
  return session
}
