/**
 * Parses a Web `Request` once into what the actions need: the action and provider from the path, the public origin,
 * the cookies, the query and (for POST) the body. Anything malformed becomes a `BadRequest` with a status, never an
 * exception that escapes.
 */
import type { AuthAction } from "../types.js"
import { parseCookies } from "./cookie.js"

export interface InternalRequest {
  /** The request with its origin replaced by the public one (AUTH_URL or trusted forwarded headers). */
  url: URL
  /** Public origin, e.g. `https://app.example`. */
  origin: string
  method: "GET" | "POST"
  action: EngineAction
  providerId?: string
  headers: Headers
  cookies: Record<string, string>
  /** Cookie names sent more than once (a planted duplicate session cookie is refused). */
  duplicateCookies: Set<string>
  query: Record<string, string>
  body: Record<string, unknown>
  /** A form body as sent, duplicates kept (an OAuth `form_post` callback is validated from this, never flattened). */
  form?: URLSearchParams
  /** The original request, for `authorize(credentials, request)` and email providers. */
  request: Request
}

/**
 * A request that cannot be answered: the status and a short reason (logged, never a stack trace). `code` is set where
 * the answer names the problem to the client (`{ error: code }`); the reason's text is never inspected.
 */
export class BadRequest extends Error {
  constructor(
    readonly status: 400 | 404 | 413 | 415 | 431,
    message: string,
    readonly code?: "InvalidCallbackUrl",
  ) {
    super(message)
  }
}

/**
 * Auth.js's actions and Gatehouse's own: `sessions` (the session registry, docs/sessions.md); `signup`,
 * `verify-email` and `password` (the `Password` provider, docs/passwords.md).
 */
export type EngineAction = AuthAction | "sessions" | "signup" | "verify-email" | "password"

/** Auth.js's actions: what `isAuthAction` answers for. */
export const actions: ReadonlySet<AuthAction> = new Set<AuthAction>([
  "providers",
  "session",
  "csrf",
  "signin",
  "signout",
  "callback",
  "verify-request",
  "error",
  "webauthn-options",
])
const engineActions: ReadonlySet<EngineAction> = new Set<EngineAction>([...actions, "sessions", "signup", "verify-email", "password"])
const actionsWithProvider = new Set<EngineAction>(["signin", "callback", "webauthn-options", "sessions", "signup", "password"])

/** Largest body read unless a route says otherwise: sign-in forms and session updates are small. */
export const MAX_BODY_BYTES = 64 * 1024

/** Action and provider id from the path, or a `BadRequest`. Empty segments (`//`) and unknown actions are refused. */
export function parseActionAndProvider(pathname: string, basePath: string): { action: EngineAction; providerId?: string } {
  if (!pathname.startsWith(`${basePath}/`)) throw new BadRequest(400, `Path is not under the base path ${basePath}`)
  const segments = pathname.slice(basePath.length + 1).split("/")
  if (segments.length > 2 || segments.some((s) => s === "")) {
    if (!(segments.length === 2 && segments[1] === "")) throw new BadRequest(400, "Unknown action")
    segments.pop() // a single trailing slash is tolerated: /session/
  }
  const action = segments[0] as EngineAction
  if (!engineActions.has(action)) throw new BadRequest(400, "Unknown action")
  let providerId: string | undefined
  if (segments.length === 2) {
    if (!actionsWithProvider.has(action)) throw new BadRequest(400, "Unknown action")
    try {
      providerId = decodeURIComponent(segments[1]!)
    } catch {
      throw new BadRequest(400, "Malformed provider id")
    }
    if (providerId === "undefined") providerId = undefined
  }
  return { action, providerId }
}

/**
 * The public origin (docs/design.md#public-origin): `AUTH_URL` wins; otherwise, with `trustHost`, `X-Forwarded-Host`
 * and `X-Forwarded-Proto` (first value each) or the `Host` of the request. A forwarded value that does not form a
 * plain origin is ignored rather than trusted.
 */
export function publicOrigin(request: Request, url: URL, envUrl: URL | undefined, trustHost: boolean): string {
  if (envUrl) return envUrl.origin
  if (!trustHost) return url.origin
  const forwardedHost = firstValue(request.headers.get("x-forwarded-host"))
  const forwardedProto = firstValue(request.headers.get("x-forwarded-proto"))
  if (!forwardedHost && !forwardedProto) return url.origin
  const proto = forwardedProto === "http" || forwardedProto === "https" ? forwardedProto : url.protocol.slice(0, -1)
  const host = forwardedHost ?? url.host
  if (!/^[a-zA-Z0-9.-]+(:\d{1,5})?$|^\[[0-9a-fA-F:.]+\](:\d{1,5})?$/.test(host)) return url.origin
  try {
    return new URL(`${proto}://${host}`).origin
  } catch {
    return url.origin
  }
}

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"])

/**
 * The origin for links that leave the request — a magic link is clicked later, by whoever receives it
 * (docs/design.md#links-that-leave-the-request, RT-02). Only the configured `AUTH_URL` counts: `Host` and
 * `X-Forwarded-*` are chosen by the client, and a link built from them hands the token to that host. Outside
 * production, a loopback origin is accepted so a local development server works with no set-up; it cannot point a link
 * at anyone else's machine. `undefined` when there is no origin to trust.
 */
export function linkOrigin(origin: string, envUrl: URL | undefined, production: boolean): string | undefined {
  if (envUrl) return envUrl.origin
  if (production) return undefined
  return loopbackHosts.has(new URL(origin).hostname) ? origin : undefined
}

function firstValue(header: string | null): string | undefined {
  if (!header) return undefined
  const value = header.split(",")[0]!.trim().toLowerCase()
  return value || undefined
}

/**
 * Parses all but the body (which `readRequestBody` reads once the route table says how much it takes). Throws
 * `BadRequest` only.
 */
export function parseRequestHead(request: Request, options: { basePath: string; envUrl?: URL; trustHost: boolean }): InternalRequest {
  const method = request.method
  // Auth.js answers other methods with 400, and so does the issue this implements; HEAD/OPTIONS belong to the host.
  if (method !== "GET" && method !== "POST") throw new BadRequest(400, `Method ${method.slice(0, 16)} is not supported`)
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    throw new BadRequest(400, "Malformed URL")
  }
  const { action, providerId } = parseActionAndProvider(url.pathname, options.basePath)
  const origin = publicOrigin(request, url, options.envUrl, options.trustHost)
  if (origin !== url.origin) url = new URL(`${url.pathname}${url.search}`, origin)
  const { cookies, duplicates } = parseCookies(request.headers.get("cookie"))
  const query: Record<string, string> = {}
  if (url.search) for (const [key, value] of url.searchParams) if (!(key in query)) query[key] = value
  return {
    url,
    origin,
    method,
    action,
    providerId,
    headers: request.headers,
    cookies,
    duplicateCookies: duplicates,
    query,
    body: {},
    request,
  }
}

/** Reads a POST's form or JSON body of at most `maxBytes` into `req.body` (and `req.form`). Throws `BadRequest` only. */
export async function readRequestBody(req: InternalRequest, maxBytes = MAX_BODY_BYTES): Promise<void> {
  const { body, form } = await readBody(req.request, maxBytes)
  req.body = body
  if (form) req.form = form
}

/** A form or JSON body of at most `maxBytes`. Empty bodies are `{}`. */
async function readBody(request: Request, maxBytes: number): Promise<{ body: Record<string, unknown>; form?: URLSearchParams }> {
  if (!request.body) return { body: {} }
  const declared = Number(request.headers.get("content-length"))
  if (declared > maxBytes) throw new BadRequest(413, "Body too large")
  const text = await readLimited(request, maxBytes)
  if (!text) return { body: {} }
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase()
  if (type === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams(text)
    const out: Record<string, unknown> = {}
    for (const [key, value] of form) if (!(key in out)) out[key] = value
    return { body: out, form }
  }
  if (type === "application/json") {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new BadRequest(400, "Malformed JSON body")
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new BadRequest(400, "JSON body must be an object")
    if (depthExceeds(parsed, MAX_JSON_DEPTH)) throw new BadRequest(400, "JSON body is nested too deeply")
    return { body: parsed as Record<string, unknown> }
  }
  throw new BadRequest(415, "Body must be application/x-www-form-urlencoded or application/json")
}

/** Deeper bodies are refused: callbacks and the session encoder would otherwise recurse on them (FZ-06). */
const MAX_JSON_DEPTH = 32

/** Iterative depth check, so the check itself cannot overflow the stack. */
function depthExceeds(root: object, limit: number): boolean {
  const stack: [unknown, number][] = [[root, 1]]
  while (stack.length) {
    const [value, depth] = stack.pop()!
    if (depth > limit) return true
    if (value !== null && typeof value === "object") for (const child of Object.values(value)) if (child !== null && typeof child === "object") stack.push([child, depth + 1])
  }
  return false
}

const utf8 = new TextDecoder("utf-8", { fatal: true })

async function readLimited(request: Request, maxBytes: number): Promise<string> {
  // With a declared length (checked above) the platform reads the body in one call; otherwise count as we stream.
  if (request.headers.has("content-length")) {
    let buffer: ArrayBuffer
    try {
      buffer = await request.arrayBuffer()
    } catch {
      throw new BadRequest(400, "Unreadable body")
    }
    if (buffer.byteLength > maxBytes) throw new BadRequest(413, "Body too large")
    return decodeUtf8(new Uint8Array(buffer))
  }
  const reader = request.body!.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel()
        throw new BadRequest(413, "Body too large")
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof BadRequest) throw error
    throw new BadRequest(400, "Unreadable body")
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return decodeUtf8(bytes)
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes)
  } catch {
    throw new BadRequest(400, "Body is not valid UTF-8")
  }
}
