/**
 * `node:http` ↔ Web `Request`/`Response` for the app processes of the multi-process tests (rt-10, rl-04, tr-01, all
 * served by ../helpers/app-child.ts): the shortest faithful translation, every header and the body as sent.
 */
import type { IncomingMessage, ServerResponse } from "node:http"

/** The Web `Request` of a Node request: its headers, and its body unless GET/HEAD. */
export async function toRequest(req: IncomingMessage): Promise<Request> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value)
  }
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks)
  return new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, { method: req.method, headers, body })
}

/** Writes a Web `Response` to a Node response, each `Set-Cookie` as its own header line. */
export async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers["set-cookie"] = cookies
  res.writeHead(response.status, headers)
  res.end(Buffer.from(await response.arrayBuffer()))
}
