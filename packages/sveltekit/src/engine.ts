/**
 * How `SvelteKitAuth()` reaches the engine (core's `frameworkEngine`, as every framework package): one `Gatehouse()`
 * per `SvelteKitAuth()` call, and the configuration of each event for it: the app's configuration (or what its lazy
 * function returned for this event) with the SvelteKit defaults and `$env/dynamic/private` applied (env.ts). Every
 * request handed to the engine is registered with that configuration, so one engine serves a static and a lazy
 * configuration alike.
 *
 * The derived configuration is kept per configuration object (and environment record): an app that passes one object,
 * or whose lazy function returns the same object, has it resolved once; a new object per request is resolved per
 * request, as `@auth/sveltekit` does.
 */
import { frameworkEngine, withPeerAddress, type AuthConfig, type GatehouseResult } from "@gatehousejs/core"
import type { RequestEvent } from "@sveltejs/kit"
import { env } from "$env/dynamic/private"
import { basePathOf, withSvelteKitDefaults } from "./env.js"
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

export interface SvelteKitEngine {
  /** This event's binding; rejects with what the lazy configuration threw (the actions: the app's own error). */
  bindingFor: (event: RequestEvent) => Promise<Binding>
  /** The same, or the generic 500 when the lazy configuration threw, logged by the error's name only (`handle`). */
  bindingOrFailure: (event: RequestEvent) => Promise<Binding | Response>
}

export function createEngine(input: SvelteKitAuthInput): SvelteKitEngine {
  const engine = frameworkEngine<SvelteKitAuthConfig, RequestEvent, Record<string, string | undefined>>(input, {
    framework: "@gatehousejs/sveltekit",
    basePath: basePathOf,
    env: () => env,
    derive: (config, _basePath, env) => withSvelteKitDefaults(config, env),
  })

  function bindingOf(event: RequestEvent, config: AuthConfig): Binding {
    const address = clientAddress(event)
    return {
      gatehouse: engine.gatehouse,
      config: config as AuthConfig & { basePath: string },
      bind: (request) => withPeerAddress(engine.bind(request, config), address),
    }
  }

  return {
    bindingFor: async (event) => bindingOf(event, await engine.configFor(event)),
    async bindingOrFailure(event) {
      const config = await engine.configOrFailure(event)
      return config instanceof Response ? config : bindingOf(event, config)
    },
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
