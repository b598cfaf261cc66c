/**
 * How the integration reaches the engine: `Auth()` with a request built from Qwik City's request event, or core's
 * `frameworkEngine()` reads without one (the session); the `Set-Cookie` lines written to the event's cookie jar, and the
 * client's address passed on for per-client rate limits.
 */
import type { RequestEventCommon } from "@builder.io/qwik-city"
import { Auth, safeErrorName, withPeerAddress, type AuthConfig, type Session } from "@gatehousejs/core"
import { engine } from "./config.js"
import { setCookieLines } from "./set-cookie-lines.js"
import { forwardCookies } from "./set-cookie.js"

/** Headers about the incoming body: an internal request has its own body, or none. */
const BODY_HEADERS = ["content-length", "content-type", "content-encoding", "transfer-encoding", "connection"]

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
  const { session, cookies } = await engine.session(engine.bind(ev.request, config))
  try {
    const headers = new Headers()
    for (const line of setCookieLines(cookies)) headers.append("Set-Cookie", line)
    forwardCookies(ev.cookie, headers)
  } catch (error) {
    // A cookie name no `Set-Cookie` line can carry: the endpoint would have failed too.
    console.error(`[gatehouse][error] auth() failed with ${safeErrorName(error)}; treated as signed out.`)
    return null
  }
  return session
}

export interface InternalCall {
  method: "GET" | "POST"
  /** A form posted to the endpoint; it asks for the `{ url }` answer instead of a redirect (`X-Auth-Return-Redirect`). */
  form?: URLSearchParams
  /** The `Cookie` header to send instead of the incoming one. */
  cookie?: string
}

/**
 * An endpoint at `path` (`/auth/providers`, `/auth/csrf`, a sign-in or the sign-out) called with the incoming cookies
 * and host headers, as the browser would call it. Cookies it sets go to the jar. For the actions only: core's
 * `signIn()` and `signOut()` throw a refused sign-in where the endpoint answers the page the browser lands on
 * (`?error=…&code=…`), which the actions keep; and its `csrfToken()` hands a misconfigured app a token where
 * `GET /csrf` answers 500.
 */
export async function callEndpoint(ev: RequestEventCommon, config: AuthConfig, path: string, call: InternalCall): Promise<Response> {
  const headers = new Headers(ev.request.headers)
  for (const name of BODY_HEADERS) headers.delete(name)
  if (call.cookie !== undefined) headers.set("cookie", call.cookie)
  if (call.form) {
    headers.set("content-type", "application/x-www-form-urlencoded")
    headers.set("x-auth-return-redirect", "1")
  }
  const request = new Request(new URL(path, ev.request.url), { method: call.method, headers, body: call.form })
  const response = await Auth(withPeerAddress(request, clientAddress(ev)), config)
  forwardCookies(ev.cookie, response.headers)
  return response
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
