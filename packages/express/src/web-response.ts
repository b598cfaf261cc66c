/**
 * Web `Response` → Express response: status, headers, every `Set-Cookie` line, and the body streamed.
 */
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import type { ReadableStream as NodeReadableStream } from "node:stream/web"
import type { Response as ExpressResponse } from "express"

/** Writes `response` to `res`. Resolves once the body is sent; rejects if the client goes away mid-body. */
export async function sendWebResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status)
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value)
  }
  appendSetCookies(res, response.headers)
  if (!response.body) {
    res.end()
    return
  }
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res)
}

/**
 * Adds the `Set-Cookie` lines of `headers` to `res`, each on its own line: joined with ", " (as `Headers.get` would),
 * cookies whose `Expires` contains a comma would break.
 */
export function appendSetCookies(res: ExpressResponse, headers: Headers): void {
  const cookies = headers.getSetCookie()
  if (cookies.length) res.append("Set-Cookie", cookies)
}
