/**
 * Every request to a provider goes through here: the provider's `[customFetch]` when it has one (else the global
 * `fetch`), a time-out (design §3 fix 12: default 10 s), and plain http only to loopback hosts (fix 8).
 */
import { customFetch } from "../symbols.js"

/** Time-out of one request to a provider. */
export const PROVIDER_TIMEOUT_MS = 10_000

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/** The fetch a provider's requests use: its `[customFetch]`, or the global one. */
export function fetchOf(provider: { [customFetch]?: unknown }): Fetch {
  const custom = provider[customFetch]
  return typeof custom === "function" ? (custom as Fetch) : (input, init) => fetch(input, init)
}

/** A signal that aborts after the provider time-out. */
export function timeoutSignal(): AbortSignal {
  return AbortSignal.timeout(PROVIDER_TIMEOUT_MS)
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
export function providerFetch(provider: { [customFetch]?: unknown }): Fetch {
  const base = fetchOf(provider)
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input)
    if (url.protocol === "http:" && !isLoopback(url)) {
      return Promise.reject(new TypeError(`Refusing plain http to ${url.host}: provider endpoints must use https`))
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.reject(new TypeError(`Unsupported protocol ${url.protocol}`))
    return base(input, { ...init, signal: init?.signal ?? timeoutSignal() })
  }
}
