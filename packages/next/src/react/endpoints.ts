/**
 * The read endpoints as plain functions: `getSession`, `getCsrfToken`, `getProviders`. Each resolves to `null` (the
 * CSRF token to `""`, as in next-auth) when the request fails, after one console line without secrets.
 */
import type { ProviderId, Session } from "@gatehousejs/core"
import { fetchJson, type FetchResult } from "./fetch-json.js"
import { announce } from "./tab-sync.js"
import type { ClientSafeProvider, GetSessionParams } from "./types.js"

/**
 * Fetches the current session (`GET <basePath>/session`). Unless `broadcast: false`, other tabs and the providers on
 * this page are told to fetch it too.
 *
 * @example
 * const session = await getSession()
 * if (!session) router.push("/signin")
 */
export async function getSession(params?: GetSessionParams): Promise<Session | null> {
  const result = await fetchSession()
  if (!result.ok) return null
  if (params?.broadcast ?? true) announce("getSession")
  return result.data
}

/** The CSRF token for a form that POSTs to a Gatehouse endpoint yourself; `""` when it cannot be fetched. */
export async function getCsrfToken(): Promise<string> {
  const result = await fetchJson<{ csrfToken?: unknown }>("csrf")
  return result.ok && typeof result.data?.csrfToken === "string" ? result.data.csrfToken : ""
}

/** The configured providers by id (`GET <basePath>/providers`), e.g. to render sign-in buttons. */
export async function getProviders(): Promise<Record<ProviderId, ClientSafeProvider> | null> {
  const result = await fetchJson<Record<ProviderId, ClientSafeProvider> | null>("providers")
  return result.ok && typeof result.data === "object" ? result.data : null
}

/** `GET <basePath>/session` keeping "the server says nobody" (`{ ok: true, data: null }`) apart from a failure. */
export async function fetchSession(): Promise<FetchResult<Session | null>> {
  const result = await fetchJson<unknown>("session")
  return result.ok ? { ok: true, data: asSession(result.data) } : result
}

/** `POST <basePath>/session` with `{ csrfToken, data }`: the `update` trigger of the `jwt` and `session` callbacks. */
export async function postSession(data: unknown): Promise<FetchResult<Session | null>> {
  const csrfToken = await getCsrfToken()
  const result = await fetchJson<unknown>("session", { csrfToken, data })
  return result.ok ? { ok: true, data: asSession(result.data) } : result
}

// Auth.js answers `null` or `{}` for "no session"; anything that is not an object is treated the same.
function asSession(value: unknown): Session | null {
  if (typeof value !== "object" || value === null || Object.keys(value).length === 0) return null
  return value as Session
}
