/**
 * The read endpoints: `getSession`, `getCsrfToken`, `getProviders`, and the session POST of `update(data)`. Each
 * resolves to `null` (the CSRF token to `""`, as in next-auth) when the request fails, after one console line.
 */
import type { ProviderId } from "../providers/types.js"
import type { Session } from "../types.js"
import { fetchJson, type FetchResult } from "./fetch-json.js"
import type { AuthClient } from "./platform.js"
import type { ClientSafeProvider } from "./types.js"

/**
 * Fetches the current session (`GET <basePath>/session`). With `broadcast` (next-auth's default), other tabs and the
 * session holders of this page are told to fetch it too.
 */
export async function getSession(client: AuthClient, broadcast: "broadcast" | "quiet"): Promise<Session | null> {
  const result = await fetchSession(client)
  if (!result.ok) return null
  if (broadcast === "broadcast") client.sessionSync?.announce("getSession")
  return result.data
}

/** The CSRF token for a form that POSTs to an endpoint; `""` when it cannot be fetched (the server then refuses). */
export async function getCsrfToken(client: AuthClient): Promise<string> {
  const result = await fetchJson<{ csrfToken?: unknown }>(client, "csrf")
  return result.ok && typeof result.data?.csrfToken === "string" ? result.data.csrfToken : ""
}

/** The configured providers by id (`GET <basePath>/providers`), e.g. to render sign-in buttons. */
export async function getProviders(client: AuthClient): Promise<Record<ProviderId, ClientSafeProvider> | null> {
  const result = await fetchJson<Record<ProviderId, ClientSafeProvider> | null>(client, "providers")
  return result.ok && typeof result.data === "object" ? result.data : null
}

/** `GET <basePath>/session` keeping "the server says nobody" (`{ ok: true, data: null }`) apart from a failure. */
export async function fetchSession(client: AuthClient): Promise<FetchResult<Session | null>> {
  const result = await fetchJson<unknown>(client, "session")
  return result.ok ? { ok: true, data: asSession(result.data) } : result
}

/** `POST <basePath>/session` with `{ csrfToken, data }`: the `update` trigger of the `jwt` and `session` callbacks. */
export async function postSession(client: AuthClient, data: unknown): Promise<FetchResult<Session | null>> {
  const csrfToken = await getCsrfToken(client)
  const result = await fetchJson<unknown>(client, "session", { csrfToken, data })
  return result.ok ? { ok: true, data: asSession(result.data) } : result
}

// Auth.js answers `null` or `{}` for "no session"; anything that is not an object is treated the same.
function asSession(value: unknown): Session | null {
  if (typeof value !== "object" || value === null || Object.keys(value).length === 0) return null
  return value as Session
}
