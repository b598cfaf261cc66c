/**
 * How the browser functions (`/client`, `/webauthn`) reach the endpoints: relative to the page, under
 * `{paths.base}/auth` (where `@auth/sveltekit/client` looks too: a `basePath` set in the configuration is not known
 * here). A failed request is an `undefined` answer, never a thrown error.
 */
import { base } from "$app/paths"

/** `{paths.base}/auth/<action>`, relative to the page. */
export function endpoint(action: string): string {
  return `${base}/auth/${action}`
}

export async function getJson<T>(action: string): Promise<T | undefined> {
  try {
    const response = await fetch(endpoint(action))
    return response.ok ? ((await response.json()) as T) : undefined
  } catch {
    return undefined
  }
}

/** POSTs the form with the CSRF token; the server answers `{ url }` instead of redirecting. */
export async function post(url: string, form: Record<string, string>): Promise<{ url?: string; status: number }> {
  const csrf = await getJson<{ csrfToken: string }>("csrf")
  if (!csrf) return { status: 0 }
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body: new URLSearchParams({ ...form, csrfToken: csrf.csrfToken }),
    })
    const data = (await response.json().catch(() => null)) as { url?: unknown } | null
    return { url: typeof data?.url === "string" ? data.url : undefined, status: response.status }
  } catch {
    return { status: 0 }
  }
}

/**
 * Sends the browser to `url`. A URL that differs from the current one only by its hash loads nothing, so that case
 * reloads explicitly.
 */
export function navigate(url: string): void {
  const here = new URL(window.location.href)
  const target = new URL(url, here)
  window.location.href = target.href
  if (target.hash && target.href.split("#")[0] === here.href.split("#")[0]) window.location.reload()
}

/** Options other than the reserved ones become form fields; `undefined` and `null` are left out. */
export function formFields(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) out[key] = String(value)
  return out
}
