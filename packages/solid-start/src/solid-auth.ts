/**
 * `SolidAuth(config)`: the `GET` and `POST` handlers of the catch-all API route, as `@auth/solid-start`'s. A request
 * under the prefix for one of the engine's actions (`/api/auth/signin`, `/api/auth/callback/github`, …) is answered by
 * the engine (`Auth()`); anything else is left to the app.
 */
import { Auth, isAuthAction, withPeerAddress } from "@gatehousejs/core"
import { engine, type SolidAuthConfig } from "./config.js"

/**
 * What the handlers read of SolidStart's `APIEvent` (`@solidjs/start/server`): the request, and the client's address
 * (for the engine's per-client rate limits). Any `APIEvent` is one.
 */
export interface SolidAuthEvent {
  request: Request
  clientAddress?: string
}

export interface SolidAuthHandlers {
  GET: (event: SolidAuthEvent) => Promise<Response | undefined>
  POST: (event: SolidAuthEvent) => Promise<Response | undefined>
}

/**
 * The handlers of `routes/api/auth/[...solidauth].ts`.
 *
 * @example
 * // src/routes/api/auth/[...solidauth].ts
 * import { SolidAuth } from "@gatehousejs/solid-start"
 * import GitHub from "@gatehousejs/solid-start/providers/github"
 *
 * export const { GET, POST } = SolidAuth({ providers: [GitHub] })
 */
export function SolidAuth(config: SolidAuthConfig): SolidAuthHandlers {
  const handler = async (event: SolidAuthEvent): Promise<Response | undefined> => {
    const { request } = event
    const engineConfig = await engine.configFor(config)
    const prefix = engineConfig.basePath!
    const { pathname } = new URL(request.url)
    const action = pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length + 1).split("/")[0] : undefined
    // A GET for no endpoint falls through to a page route at the same path, as with @auth/solid-start. Any other method
    // gets the engine's answer (400): SolidStart answers a POST whose handler returns nothing with a 500.
    if ((action === undefined || !isAuthAction(action)) && (request.method === "GET" || request.method === "HEAD")) return undefined
    return Auth(withPeerAddress(request, event.clientAddress), engineConfig)
  }
  return { GET: handler, POST: handler }
}
