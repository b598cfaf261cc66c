/**
 * Driving an OAuth sign-in through `Auth()` the way a browser does, whatever the OP: `POST /signin/:id` with the CSRF
 * token, then (after the OP has answered) the callback URL replayed with the browser's cookies. Plus a `fetch` that
 * records every request the engine sends to a provider, and the one assertion every "reject" case shares.
 */
import { expect } from "vitest"
import type { AuthConfig } from "@gatehousejs/core"
import { BASE, ORIGIN, type Browser } from "../helpers/auth.js"
import { location, setCookie, writesSession } from "../security/helpers.js"

/** The one-time check cookies on https (docs/design.md#cookies). */
export const STATE_COOKIE = "__Secure-authjs.state"
export const PKCE_COOKIE = "__Secure-authjs.pkce.code_verifier"
export const NONCE_COOKIE = "__Secure-authjs.nonce"
export const CHECK_COOKIES = [STATE_COOKIE, PKCE_COOKIE, NONCE_COOKIE] as const

export interface RecordedRequest {
  method: string
  url: URL
  headers: Headers
  body: string
  signal: AbortSignal | undefined
}

/**
 * A `[customFetch]` that records each request (URL, headers, body, signal) and then sends it with the global fetch —
 * to `route(url)` when given (a stand-in for DNS: `https://op.example/…` answered by a loopback server).
 */
export function recordingFetch(route?: (url: URL) => URL): { fetch: typeof fetch; calls: RecordedRequest[] } {
  const calls: RecordedRequest[] = []
  const recorder = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input)
    const body = init?.body
    calls.push({
      method: (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase(),
      url,
      headers: new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)),
      body: typeof body === "string" || body instanceof URLSearchParams ? String(body) : "",
      signal: init?.signal ?? undefined,
    })
    if (!route) return fetch(input, init)
    return fetch(route(url), input instanceof Request ? { method: input.method, headers: input.headers, ...init } : init)
  }
  return { fetch: recorder as typeof fetch, calls }
}

export interface StartedSignIn {
  /** The answer to `POST /signin/:id`. */
  response: Response
  /** Its `Location` when it points away from the app (the provider's authorization endpoint). */
  authorizationUrl: URL | undefined
}

/** `POST {BASE}/signin/:id` with a fresh CSRF token, as the built-in sign-in page's button does. */
export async function startSignIn(
  browser: Browser,
  providerId: string,
  options: { callbackUrl?: string; query?: Record<string, string> } = {},
): Promise<StartedSignIn> {
  const csrfToken = await browser.csrfToken()
  const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : ""
  const response = await browser.request(`/signin/${providerId}${query}`, {
    body: { csrfToken, callbackUrl: options.callbackUrl ?? `${ORIGIN}/dashboard` },
  })
  const target = response.headers.get("location")
  const authorizationUrl = target && !target.startsWith(browser.origin) ? new URL(target) : undefined
  return { response, authorizationUrl }
}

/** The path under `BASE` of an absolute callback URL, with its query exactly as sent. */
export function callbackPath(callback: URL | string): string {
  const url = new URL(callback)
  if (!url.pathname.startsWith(`${BASE}/`)) throw new Error(`not a callback under ${BASE}: ${url.href}`)
  return `${url.pathname.slice(BASE.length)}${url.search}`
}

/** The browser arriving back from the provider: a GET of the callback URL with its cookies (or `cookie` as given). */
export function deliver(browser: Browser, callback: URL | string, options: { cookie?: string } = {}): Promise<Response> {
  return browser.request(callbackPath(callback), options.cookie === undefined ? {} : { headers: { cookie: options.cookie } })
}

/** A copy of `url` with its query edited: `set` replaces, `append` adds a duplicate, `remove` deletes. */
export function editQuery(url: URL, edit: { set?: Record<string, string>; append?: Record<string, string>; remove?: string[] }): URL {
  const copy = new URL(url)
  for (const [key, value] of Object.entries(edit.set ?? {})) copy.searchParams.set(key, value)
  for (const [key, value] of Object.entries(edit.append ?? {})) copy.searchParams.append(key, value)
  for (const key of edit.remove ?? []) copy.searchParams.delete(key)
  return copy
}

/**
 * "Reject" as the security catalog defines it, for what one response can show: a redirect to the error page (or the
 * sign-in page for provider errors) with the given `error`, no session cookie, and the check cookies cleared.
 */
export function expectRejected(
  response: Response,
  options: { page?: "error" | "signin"; error?: string; cleared?: readonly string[] } = {},
): void {
  expect(response.status).toBe(302)
  const target = location(response)
  expect(`${target.origin}${target.pathname}`).toBe(`${ORIGIN}${BASE}/${options.page ?? "error"}`)
  expect(target.searchParams.get("error")).toBe(options.error ?? "Configuration")
  expect(writesSession(response)).toBe(false)
  for (const name of options.cleared ?? CHECK_COOKIES) {
    expect(setCookie(response, name)?.expired, `${name} is cleared with Max-Age=0`).toBe(true)
  }
}

/** A successful callback: a redirect to `to` and a session cookie; the check cookies cleared. */
export function expectSignedIn(response: Response, to = `${ORIGIN}/dashboard`, cleared: readonly string[] = CHECK_COOKIES): void {
  expect(response.status).toBe(302)
  expect(response.headers.get("location")).toBe(to)
  expect(writesSession(response)).toBe(true)
  for (const name of cleared) expect(setCookie(response, name)?.expired, `${name} is cleared with Max-Age=0`).toBe(true)
}

/** A config's `providers[0]` with some fields replaced (tests often vary one provider option). */
export function withProvider(config: AuthConfig, patch: Record<string, unknown>): AuthConfig {
  const [first, ...rest] = config.providers as Record<string, unknown>[]
  return { ...config, providers: [{ ...first, ...patch }, ...rest] as AuthConfig["providers"] }
}
