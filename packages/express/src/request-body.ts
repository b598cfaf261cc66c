/**
 * The body of a request to the auth endpoints, as bytes for a Web `Request`.
 *
 * Mounted before any body parser, the handler reads the raw body itself. Mounted after one (`express.urlencoded()`,
 * `express.json()`), the stream is gone, so the parsed `req.body` is written back in its own media type: the engine
 * then reads what the browser sent, field for field.
 */
import type { Request as ExpressRequest } from "express"
import { RequestRefused } from "./request-refused.js"

/** The engine's own limit: sign-in forms and session updates are small, so larger bodies are refused unread. */
export const MAX_BODY_BYTES = 64 * 1024

export interface RequestBody {
  bytes: Uint8Array
  /** True when the bytes were re-serialised from a parsed `req.body`: the original length and encoding no longer apply. */
  reserialised: boolean
}

const alreadyReadHint = "The request body was already read by a body parser and cannot be passed on in this form; mount the auth handlers before body parsers"

/** Reads the raw body, or re-serialises the body a parser already consumed. Throws `RequestRefused` (400, 413, 415). */
export async function readRequestBody(req: ExpressRequest): Promise<RequestBody> {
  if (!consumed(req)) return { bytes: await readRaw(req), reserialised: false }
  return { bytes: reserialise(req), reserialised: true }
}

/** body-parser 1 (Express 4) marks `req._body`; any parser leaves the stream ended. */
function consumed(req: ExpressRequest): boolean {
  return (req as { _body?: unknown })._body === true || req.readableEnded
}

function reserialise(req: ExpressRequest): Uint8Array {
  const body: unknown = req.body
  if (body instanceof Uint8Array) return body // express.raw()
  if (typeof body === "string") return Buffer.from(body) // express.text()
  const type = mediaType(req)
  if (type !== "application/x-www-form-urlencoded" && type !== "application/json") throw new RequestRefused(415, alreadyReadHint)
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new RequestRefused(400, alreadyReadHint)
  if (type === "application/json") return Buffer.from(JSON.stringify(body))
  const form = new URLSearchParams()
  appendFields(form, "", body as Record<string, unknown>)
  return Buffer.from(form.toString())
}

/** Flat fields as they were; `express.urlencoded({ extended: true })` nesting back to `a[b]=c`, arrays to repeats. */
function appendFields(form: URLSearchParams, prefix: string, value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) appendFields(form, prefix, item)
  } else if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) appendFields(form, prefix ? `${prefix}[${key}]` : key, child)
  } else if (value !== undefined && prefix) {
    form.append(prefix, String(value))
  }
}

function mediaType(req: ExpressRequest): string {
  return (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase()
}

/**
 * Reads at most {@link MAX_BODY_BYTES}. A larger body is refused with 413 and the rest drained, so the connection
 * stays usable; a connection lost mid-body is a 400.
 */
function readRaw(req: ExpressRequest): Promise<Uint8Array> {
  if (Number(req.headers["content-length"]) > MAX_BODY_BYTES) return Promise.reject(new RequestRefused(413, "Request body too large"))
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = (): void => {
      req.off("data", onData)
      req.off("end", onEnd)
      req.off("error", onLost)
      req.off("close", onLost)
    }
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        stop()
        req.resume()
        reject(new RequestRefused(413, "Request body too large"))
        return
      }
      chunks.push(chunk)
    }
    const onEnd = (): void => {
      stop()
      resolve(Buffer.concat(chunks))
    }
    const onLost = (): void => {
      stop()
      reject(new RequestRefused(400, "The request body could not be read"))
    }
    req.on("data", onData)
    req.on("end", onEnd)
    req.on("error", onLost)
    req.on("close", onLost)
  })
}
