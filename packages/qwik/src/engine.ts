/**
 * How the integration reaches the engine: `Auth()` for the endpoints themselves, and core's `frameworkEngine()`, with
 * no HTTP request, for the session read and the actions' form posts; the `Set-Cookie` lines written to the event's
 * cookie jar, and the client's address passed on for per-client rate limits.
 */
import type { RequestEventCommon } from "@builder.io/qwik-city"
import { Auth, safeErrorName, withPeerAddress, type AuthConfig, type FormAnswer, type FormPost, type Session } from "@gatehousejs/core"
import { engine } from "./config.js"
import { forwardCookies } from "./set-cookie.js"

/** The incoming request itself, answered by the engine (the auth endpoints). Cookies go to the jar. */
export async function answer(ev: RequestEventCommon, config: AuthConfig): Promise<Response> {
  const response = await Auth(withPeerAddress(ev.request, clientAddress(ev)), config)
  forwardCookies(ev.cookie, response.headers)
  return withoutCookies(response)
}

/**
 * The session of this request event, as `GET /auth/session` answers it but without an HTTP request; the cookies that
 * answer sets (a rolled expiry, a cleared cookie) go to the jar. Fails closed: a broken configuration or an unreachable
 * store reads as signed out (the engine logged why), where `@auth/qwik` threw and so failed every page with a 500.
 */
export async function readSession(ev: RequestEventCommon, config: AuthConfig): Promise<Session | null> {
  try {
    const { session, headers } = await engine.session(engine.bind(ev.request, config))
    forwardCookies(ev.cookie, headers)
    return session
  } catch (error) {
    // A cookie name no `Set-Cookie` line can carry: the endpoint would have failed too.
    console.error(`[gatehouse][error] auth() failed with ${safeErrorName(error)}; treated as signed out.`)
    return null
  }
}

/**
 * A sign-in or sign-out posted by an action standing in for the browser's form, answered as the endpoint answers that
 * form (core's `frameworkEngine().post()`, no HTTP request): where the browser goes next, or a refusal without a page.
 * The cookies go to the jar; the client's address travels along for per-client rate limits.
 */
export async function postForm(ev: RequestEventCommon, config: AuthConfig, post: FormPost): Promise<FormAnswer> {
  const answer = await engine.post(engine.bind(withPeerAddress(ev.request, clientAddress(ev)), config), post)
  forwardCookies(ev.cookie, answer.headers)
  return answer
}

/** The same response without its `Set-Cookie` lines (already in the jar), for `ev.send()`. */
function withoutCookies(response: Response): Response {
  if (!response.headers.has("set-cookie")) return response
  const headers = new Headers(response.headers)
  headers.delete("set-cookie")
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/** The connection's address as the adapter reports it; some adapters (static, edge) know none. */
function clientAddress(ev: RequestEventCommon): string | undefined {
  try {
    return ev.clientConn.ip
  } catch {
    return undefined
  }
}
