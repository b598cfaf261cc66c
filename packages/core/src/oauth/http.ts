/**
 * Every request to a provider goes through here: the provider's `[customFetch]` when it has one (else the global
 * `fetch`), a time-out (design §3 fix 12: default 10 s), and plain http only to loopback hosts (fix 8).
 */
import { customFetch } from "../symbols.js"

/** Time-out of one request to a provider. */
export const PROVIDER_TIMEOUT_MS = 10_000

/**
 * Internal, not exported from the package: a provider carrying `[providerTimeoutMs]: n` gets an `n` ms time-out instead
 * of `PROVIDER_TIMEOUT_MS`. It exists so that tests can prove the bound without waiting 10 s; it is not a public
 * option (an application that wants a shorter bound can apply its own signal in `[customFetch]`).
 */
export const providerTimeoutMs: unique symbol = Symbol("provider-timeout-ms")

interface ProviderHttpOptions {
  [customFetch]?: unknown
  [providerTimeoutMs]?: unknown
}

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/** The fetch a provider's requests use: its `[customFetch]`, or the global one. */
export function fetchOf(provider: ProviderHttpOptions): Fetch {
  const custom = provider[customFetch]
  return typeof custom === "function" ? (custom as Fetch) : (input, init) => fetch(input, init)
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
