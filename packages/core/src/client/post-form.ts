/**
 * The POST every sign-in and sign-out sends: a form with the CSRF token and `callbackUrl`, and
 * `X-Auth-Return-Redirect: 1`, so that the server answers `200 { url }` instead of redirecting.
 */
import { getCsrfToken } from "./endpoints.js"
import { readJson } from "./fetch-json.js"
import type { AuthClient } from "./platform.js"

/** The server's answer: the `url` it would have redirected to (`null` when the request failed) and the status. */
export interface FormAnswer {
  url: string | null
  status: number
  /** True when the answer was a 2xx JSON body (whether or not it held a `url`). */
  ok: boolean
}

/**
 * POSTs `fields`, then `csrfToken` and `callbackUrl` (which win over fields of the same name), to the endpoint
 * `action`, with `query` (authorization parameters) in the query string.
 */
export async function postForm(
  client: AuthClient,
  request: { action: string; fields: Record<string, string>; callbackUrl: string; query?: string },
): Promise<FormAnswer> {
  const body = new URLSearchParams(request.fields)
  body.set("csrfToken", await getCsrfToken(client))
  body.set("callbackUrl", request.callbackUrl)
  const endpoint = client.endpoint(request.action)
  const url = request.query ? `${endpoint}?${request.query}` : endpoint

  let status = 0
  const result = await readJson<{ url?: unknown }>(client.platform, `POST ${endpoint}`, async () => {
    const response = await client.platform.fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body,
    })
    status = response.status
    return response
  })
  if (!result.ok) return { url: null, status: result.status, ok: false }
  return { url: typeof result.data?.url === "string" ? result.data.url : null, status, ok: true }
}

/** Options other than the reserved ones become form fields; `undefined` and `null` are left out. */
export function formFields(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) out[key] = String(value)
  return out
}
