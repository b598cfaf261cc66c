/**
 * One `Gatehouse()` per `SvelteKitAuth()` call, and the configuration of each request for it: the app's configuration
 * (or what its lazy function returned for this event) with the SvelteKit defaults and `$env/dynamic/private` applied
 * (env.ts). Every request handed to the engine is registered with that configuration, as `@gatehousejs/next` does, so
 * one engine serves a static and a lazy configuration alike.
 *
 * The derived configuration is kept per configuration object (and environment record): an app that passes one object,
 * or whose lazy function returns the same object, has it resolved once; a new object per request is resolved per
 * request, as `@auth/sveltekit` does.
 */
import { Gatehouse, withPeerAddress, type AuthConfig, type GatehouseResult } from "@gatehousejs/core"
import type { RequestEvent } from "@sveltejs/kit"
import { env } from "$env/dynamic/private"
import { withSvelteKitDefaults } from "./env.js"
import type { SvelteKitAuthConfig } from "./types.js"

export type SvelteKitAuthInput = SvelteKitAuthConfig | ((event: RequestEvent) => PromiseLike<SvelteKitAuthConfig>)

/** The engine and this event's configuration. */
export interface Binding {
  gatehouse: GatehouseResult
  /** What the engine is given for this event: `basePath` is always set. */
  config: AuthConfig & { basePath: string }
  /** `request` registered with this event's configuration, carrying the client's address. */
  bind: (request: Request) => Request
}

export function createEngine(input: SvelteKitAuthInput): (event: RequestEvent) => Promise<Binding> {
  const configs = new WeakMap<Request, AuthConfig>()
  const gatehouse = Gatehouse((request) => {
    const found = request && configs.get(request)
    if (!found) throw new Error("@gatehousejs/sveltekit: an internal request without its configuration.")
    return found
  })
  const derived = new WeakMap<SvelteKitAuthConfig, { env: object; config: AuthConfig & { basePath: string } }>()

  return async (event) => {
    const own = typeof input === "function" ? await input(event) : input
    let kept = derived.get(own)
    if (!kept || kept.env !== env) {
      kept = { env, config: withSvelteKitDefaults(own, env) as AuthConfig & { basePath: string } }
      derived.set(own, kept)
    }
    const { config } = kept
    const address = clientAddress(event)
    return {
      gatehouse,
      config,
      bind(request) {
        configs.set(request, config)
        return withPeerAddress(request, address)
      },
    }
  }
}

/** The client's address as the adapter reports it (adapter-node: the socket, or its `ADDRESS_HEADER`); some have none. */
function clientAddress(event: RequestEvent): string | undefined {
  try {
    return event.getClientAddress()
  } catch {
    return undefined
  }
}
