/**
 * One JSON request to a Gatehouse endpoint that never throws: a network failure, a non-2xx status or a body that is
 * not JSON becomes `{ ok: false }` and one console line naming the request and the reason. The line never includes
 * a body, a cookie or a CSRF token.
 */
import { endpointUrl } from "./client-config.js"

export type FetchResult<T> = { ok: true; data: T } | { ok: false; status: number }

/** GET `<basePath>/<action>`, or POST `body` as JSON when it is given. */
export async function fetchJson<T>(action: string, body?: unknown): Promise<FetchResult<T>> {
  const url = endpointUrl(action)
  const init: RequestInit = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }
  return readJson<T>(`${body === undefined ? "GET" : "POST"} ${url}`, () => fetch(url, init))
}

/** Runs `send` and reads its answer as JSON; `what` names the request in the console line. */
export async function readJson<T>(what: string, send: () => Promise<Response>): Promise<FetchResult<T>> {
  let response: Response
  try {
    response = await send()
  } catch (error) {
    return fail(what, `network error (${describe(error)})`, 0)
  }
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    return fail(what, `body unreadable (${describe(error)})`, response.status)
  }
  if (!response.ok) return fail(what, `HTTP ${response.status}`, response.status)
  try {
    return { ok: true, data: JSON.parse(text) as T }
  } catch {
    // The parser's message quotes the body; it is left out on purpose.
    return fail(what, `HTTP ${response.status} with a body that is not JSON`, response.status)
  }
}

function fail(what: string, reason: string, status: number): { ok: false; status: number } {
  console.error(`[gatehouse] ${what} failed: ${reason}`)
  return { ok: false, status }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : "unknown error"
}
