/**
 * Every request to a provider goes through here: the provider's `[customFetch]` when it has one (else the global
 * `fetch`), a time-out (docs/design.md#requests-to-providers: default 10 s), a cap on the size of the answer (RT-08:
 * default 1 MiB), and plain http only to loopback hosts (OA-30).
 */
import { customFetch } from "../symbols.js"

/** Time-out of one request to a provider. */
export const PROVIDER_TIMEOUT_MS = 10_000

/**
 * Largest body read from a provider: discovery documents, key sets, token and userinfo answers are a few KB; 1 MiB
 * leaves room for a key set with hundreds of keys while a hostile or broken endpoint cannot make a sign-in buffer
 * hundreds of MB (RT-08). A larger answer is refused: a declared `Content-Length` before anything is read, a streamed
 * one as soon as the count passes the cap.
 */
export const PROVIDER_MAX_RESPONSE_BYTES = 1_048_576

/**
 * Internal, not exported from the package: a provider carrying `[providerTimeoutMs]: n` gets an `n` ms time-out instead
 * of `PROVIDER_TIMEOUT_MS`. It exists so that tests can prove the bound without waiting 10 s; it is not a public
 * option (an application that wants a shorter bound can apply its own signal in `[customFetch]`).
 */
export const providerTimeoutMs: unique symbol = Symbol("provider-timeout-ms")

/**
 * Provider option: `[providerMaxResponseBytes]: n` reads up to `n` bytes of each answer of that provider instead of
 * {@link PROVIDER_MAX_RESPONSE_BYTES}. A symbol, so that raising a safety bound is a visible decision.
 *
 * @example
 * GitHub({ [providerMaxResponseBytes]: 4 * 1024 * 1024 }) // a userinfo request of your own returns large documents
 */
export const providerMaxResponseBytes: unique symbol = Symbol("provider-max-response-bytes")

interface ProviderHttpOptions {
  [customFetch]?: unknown
  [providerTimeoutMs]?: unknown
  [providerMaxResponseBytes]?: unknown
}

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/** The fetch a provider's requests use: its `[customFetch]`, or the global one; its answers capped in size. */
export function fetchOf(provider: ProviderHttpOptions): Fetch {
  const custom = provider[customFetch]
  const base: Fetch = typeof custom === "function" ? (custom as Fetch) : (input, init) => fetch(input, init)
  const configured = provider[providerMaxResponseBytes]
  const max = typeof configured === "number" && configured > 0 ? configured : PROVIDER_MAX_RESPONSE_BYTES
  return async (input, init) => capped(await base(input, init), max, new URL(input instanceof Request ? input.url : input))
}

/**
 * `response` with a body that errors once more than `max` bytes have arrived, cancelling the rest (the connection is
 * dropped, nothing more is read). oauth4webapi and the providers read bodies themselves, so the cap has to live in
 * the body they are given. A declared `Content-Length` over the cap is refused before anything is read.
 */
function capped(response: Response, max: number, url: URL): Response {
  const refusal = (): RangeError =>
    // Origin and path only: some providers take the access token in the query (VK).
    new RangeError(`The answer of ${url.origin}${url.pathname} is over the ${max}-byte limit for provider responses; refused.`)
  if (Number(response.headers.get("content-length")) > max) {
    response.body?.cancel().catch(() => {})
    throw refusal()
  }
  // Statuses the Response constructor refuses a body for (and opaque ones) have nothing to read.
  if (!response.body || response.status < 200 || [204, 205, 304].includes(response.status)) return response
  let seen = 0
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > max) controller.error(refusal())
        else controller.enqueue(chunk)
      },
    }),
  )
  const limited = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
  Object.defineProperty(limited, "url", { value: response.url })
  return limited
}

/** A signal that aborts after the provider time-out. */
export function timeoutSignal(provider: ProviderHttpOptions): AbortSignal {
  const ms = provider[providerTimeoutMs]
  return AbortSignal.timeout(typeof ms === "number" && ms > 0 ? ms : PROVIDER_TIMEOUT_MS)
}

/** True for `localhost`, `127.0.0.0/8` and `[::1]`: the only hosts plain http is allowed to. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "[::1]"
}

/**
 * A `fetch` for a provider's own handlers (`userinfo.request`, `token.request`): the provider's fetch with the
 * time-out applied, refusing plain http to anything but loopback.
 *
 * @example
 * userinfo: { url, request: async ({ tokens, provider }) => (await providerFetch(provider)(url, { headers })).json() }
 */
export function providerFetch(provider: ProviderHttpOptions): Fetch {
  const base = fetchOf(provider)
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input)
    if (url.protocol === "http:" && !isLoopback(url)) {
      return Promise.reject(new TypeError(`Refusing plain http to ${url.host}: provider endpoints must use https`))
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.reject(new TypeError(`Unsupported protocol ${url.protocol}`))
    return base(input, { ...init, signal: init?.signal ?? timeoutSignal(provider) })
  }
}
