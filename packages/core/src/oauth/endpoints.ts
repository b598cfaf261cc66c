/** Reading a provider endpoint that may be a URL string or `{ url, params, request, conform }`. */
import type { EndpointHandler } from "../providers/types.js"

type Endpoint = string | EndpointHandler<Record<string, unknown>, never, unknown> | undefined

/** The endpoint's URL without its query, or `undefined`. */
export function endpointUrl(endpoint: unknown): string | undefined {
  const raw = typeof endpoint === "string" ? endpoint : (endpoint as EndpointHandler | undefined)?.url
  if (!raw) return undefined
  const url = new URL(raw)
  url.search = ""
  return url.href
}

/** What a parameter given as a function reads: the provider's settings once the environment is read. */
export interface ProviderSettings {
  clientId?: string
  issuer?: string
}

/**
 * The endpoint's parameters: those in its URL's query, then those in `params` (later wins). A parameter may be a
 * function of the provider's settings, for providers that send the client id or issuer under another name (TikTok's
 * `client_key`, WeChat's `appid`): the value then comes from `AUTH_<ID>_ID` too, not only from the options.
 */
export function endpointParams(endpoint: unknown, settings: ProviderSettings = {}): Record<string, string> {
  const params: Record<string, string> = {}
  const raw = typeof endpoint === "string" ? endpoint : (endpoint as EndpointHandler | undefined)?.url
  if (raw) for (const [key, value] of new URL(raw).searchParams) params[key] = value
  const extra = typeof endpoint === "object" && endpoint ? (endpoint as EndpointHandler).params : undefined
  if (extra) {
    for (const [key, given] of Object.entries(extra)) {
      const value: unknown = typeof given === "function" ? (given as (settings: ProviderSettings) => unknown)(settings) : given
      if (value === undefined || value === null) continue
      params[key] = typeof value === "string" ? value : JSON.stringify(value)
    }
  }
  return params
}

/** The endpoint's handler fields, when it is an object. */
export function endpointHandler(endpoint: Endpoint): EndpointHandler | undefined {
  return typeof endpoint === "object" && endpoint ? (endpoint as EndpointHandler) : undefined
}
