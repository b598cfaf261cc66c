/**
 * One JSON request to an endpoint that never throws: a network failure, a non-2xx status or a body that is not JSON
 * becomes `{ ok: false, status }` and one console line naming the request and the reason. The line never includes a
 * body, a cookie or a CSRF token.
 */
import type { AuthClient, ClientPlatform } from "./platform.js"

export type FetchResult<T> = { ok: true; data: T } | { ok: false; status: number }

/** GET `<endpoint>`, or POST `body` as JSON when it is given. */
export async function fetchJson<T>(client: AuthClient, action: string, body?: unknown): Promise<FetchResult<T>> {
  const url = client.endpoint(action)
  const init: RequestInit = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }
  return readJson<T>(client.platform, `${body === undefined ? "GET" : "POST"} ${url}`, () => client.platform.fetch(url, init))
}

/** Runs `send` and reads its answer as JSON; `what` names the request in the console line. */
export async function readJson<T>(platform: ClientPlatform, what: string, send: () => Promise<Response>): Promise<FetchResult<T>> {
  const fail = (reason: string, status: number): { ok: false; status: number } => {
    platform.log(`[gatehouse] ${what} failed: ${reason}`)
    return { ok: false, status }
  }
  let response: Response
  try {
    response = await send()
  } catch (error) {
    return fail(`network error (${describe(error)})`, 0)
  }
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    return fail(`body unreadable (${describe(error)})`, response.status)
  }
  if (!response.ok) return fail(`HTTP ${response.status}`, response.status)
  try {
    return { ok: true, data: JSON.parse(text) as T }
  } catch {
    // The parser's message quotes the body; it is left out on purpose.
    return fail(`HTTP ${response.status} with a body that is not JSON`, response.status)
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : "unknown error"
}
