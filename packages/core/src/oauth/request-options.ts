/**
 * Options for every oauth4webapi call that reaches a provider: its fetch (`[customFetch]`, answers capped in size by
 * `fetchOf`, RT-08), the time-out, and plain http allowed for loopback hosts only
 * (docs/design.md#id-tokens-and-provider-endpoints, OA-30).
 */
import * as o from "oauth4webapi"
import { fetchOf, isLoopback, timeoutSignal } from "./http.js"

export interface ProviderRequestOptions {
  [o.customFetch]: (url: string, options: o.CustomFetchOptions<string, unknown>) => Promise<Response>
  [o.allowInsecureRequests]: true
  signal: () => AbortSignal
}

export function requestOptions(provider: object): ProviderRequestOptions {
  const fetch = fetchOf(provider)
  const options: ProviderRequestOptions = {
    [o.customFetch]: (target, init) => {
      const parsed = new URL(target)
      if (parsed.protocol === "http:" && !isLoopback(parsed)) {
        return Promise.reject(new TypeError(`Refusing plain http to ${parsed.host}: provider endpoints must use https`))
      }
      return fetch(target, init as RequestInit)
    },
    signal: () => timeoutSignal(provider),
    // oauth4webapi would refuse http outright; the fetch above refuses it for anything but loopback.
    [o.allowInsecureRequests]: true,
  }
  return options
}
