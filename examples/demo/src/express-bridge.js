/**
 * Express ↔ Web standard: `toWebRequest(req)` makes a `Request` of an Express request, `sendWebResponse(res, response)`
 * writes a `Response` back, and `toExpressHandler(handler)` joins the two around a `(Request) => Response` function
 * such as Gatehouse's `handlers.GET`.
 *
 * Mount the auth routes before any body parser: the bridge reads the raw body itself, and a parser would have
 * consumed it already.
 */
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"

/** Sign-in forms are small; anything larger is refused before it is buffered. */
const MAX_BODY_BYTES = 64 * 1024

/** Connection-level headers (RFC 9110 §7.6.1): they describe this hop, not the request. */
const hopByHop = new Set(["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade"])

/**
 * Dropped because Express has already applied them: `req.protocol` and `req.host` honour these headers exactly when
 * `app.set("trust proxy", …)` trusts the peer. Passing them on would let Gatehouse (`trustHost: true`) honour them a
 * second time, from any client, whatever Express decided.
 */
const appliedByExpress = new Set(["x-forwarded-host", "x-forwarded-proto", "forwarded"])

/** A plain host with an optional port: no path, user-info or anything else that would move the URL elsewhere. */
const hostPattern = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i

/** An error with an HTTP status, for the app's error handler. */
export class HttpError extends Error {
  constructor(status, message) {
    super(message)
    this.name = "HttpError"
    this.status = status
  }
}

/**
 * The Web `Request` for an Express request: method, public URL, headers, and for POST (and other methods with a body)
 * the raw body. `HEAD` becomes `GET`; Node leaves the body out of the answer.
 *
 * @example
 * app.get("/", async (req, res) => { const session = await auth(await toWebRequest(req)); … })
 */
export async function toWebRequest(req) {
  const url = publicUrl(req)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":") || hopByHop.has(name) || appliedByExpress.has(name)) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const method = req.method === "HEAD" ? "GET" : req.method
  const body = method === "GET" ? undefined : await readBody(req)
  return new Request(url, { method, headers, body: body?.length ? body : undefined })
}

/** Writes status, headers — every `Set-Cookie` line separately — and body of `response` to `res`. */
export async function sendWebResponse(res, response) {
  res.status(response.status)
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value)
  }
  // `Headers` would join several Set-Cookie lines with ", ", which breaks cookies whose Expires contains a comma.
  const cookies = response.headers.getSetCookie()
  if (cookies.length) res.append("Set-Cookie", cookies)
  if (!response.body) {
    res.end()
    return
  }
  await pipeline(Readable.fromWeb(response.body), res)
}

/**
 * An Express handler around a Web handler. Errors (a malformed host, an oversized body) go to Express's error handler.
 *
 * @example
 * app.get("/auth/*splat", toExpressHandler(handlers.GET))
 */
export function toExpressHandler(handler) {
  return async (req, res) => {
    const response = await handler(await toWebRequest(req))
    await sendWebResponse(res, response)
  }
}

/** `req.protocol://req.host` + the original path and query — both getters follow `trust proxy`. */
function publicUrl(req) {
  const protocol = req.protocol
  const host = req.host
  if (protocol !== "http" && protocol !== "https") throw new HttpError(400, "Unsupported forwarded protocol")
  if (!host || !hostPattern.test(host)) throw new HttpError(400, "Missing or malformed Host header")
  // Origin-form only: an absolute-form target ("GET http://other/ HTTP/1.1") must not choose the URL's host.
  if (!req.originalUrl.startsWith("/")) throw new HttpError(400, "Unsupported request target")
  return new URL(`${protocol}://${host}${req.originalUrl}`)
}

async function readBody(req) {
  if (req.body !== undefined || req.readableEnded) {
    throw new Error("The request body was already read: mount the auth routes before any body parser.")
  }
  const declared = Number(req.headers["content-length"])
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, "Request body too large")
  const chunks = []
  let size = 0
  for await (const chunk of req) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new HttpError(413, "Request body too large")
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
