/**
 * The read endpoints as plain functions: `getSession`, `getCsrfToken`, `getProviders` (the client core's, bound to
 * this page). Each resolves to `null` (the CSRF token to `""`, as in next-auth) when the request fails, after one
 * console line without secrets.
 */
import type { ProviderId, Session } from "@gatehousejs/core"
import * as core from "@gatehousejs/core/client"
import { client } from "./client-binding.js"
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
  return core.getSession(client, (params?.broadcast ?? true) ? "broadcast" : "quiet")
}

/** The CSRF token for a form that POSTs to a Gatehouse endpoint yourself; `""` when it cannot be fetched. */
export async function getCsrfToken(): Promise<string> {
  return core.getCsrfToken(client)
}

/** The configured providers by id (`GET <basePath>/providers`), e.g. to render sign-in buttons. */
export async function getProviders(): Promise<Record<ProviderId, ClientSafeProvider> | null> {
  return core.getProviders(client)
}
