/**
 * `Gatehouse(config | lazy)` for Web-standard frameworks (Hono, Bun, Deno, SvelteKit, Remix, Astro, …): the same
 * five names as `NextAuth()`, with the incoming request passed explicitly where Next.js would read it from context.
 *
 * | Next.js (`@gatehousejs/next`)            | Web standard (`@gatehousejs/core`)                          |
 * |----------------------------------------|-----------------------------------------------------------|
 * | `handlers.GET/POST(req)`               | `handlers.GET/POST(request)`                              |
 * | `auth()`                               | `auth(request)` → `Session \| null`                       |
 * | `auth((req) => …)`                     | `auth((request) => …)`, `request.auth` set                |
 * | `signIn(provider, options, params)`    | `signIn(request, provider, options, params)` → `Response` |
 * | `signOut(options)`                     | `signOut(request, options)` → `Response`                  |
 * | `unstable_update(data)`                | `unstable_update(request, data)` → `{ session, headers }` |
 * | (none: Auth.js has no token refresh)   | `getAccessToken(request, providerId)` → token \| `null`     |
 * | (none: Auth.js has no session registry) | `listSessions(request)`, `revokeSession(request, id)`,     |
 * |                                        | `revokeOtherSessions(request)`, `revokeUserSessions(userId)` |
 * | (none: Auth.js has no passwords)       | `signUp(request, input)`, `requestPasswordReset(request, input)`, |
 * |                                        | `resetPassword(request, input)`, `changePassword(request, input)` |
 *
 * With `redirect: false`, `signIn` and `signOut` resolve to `{ url, headers }` instead of a redirect `Response`:
 * forward `headers` (its `Set-Cookie` lines) on your own response. `signOut` rejects with `SignOutError` when the store
 * could not end a database session: forward its `headers` too (they clear the cookie) and show an error.
 */
import { handle } from "./auth.js"
import { resolveConfig, type ResolvedConfig } from "./config/resolve.js"
import { json, toResponse } from "./http/response.js"
import { authFunction } from "./server/auth.js"
import { errorName, type ConfigFor } from "./server/shared.js"
import { sessionFunctions } from "./session-registry/server-functions.js"
import { withConfig } from "./symbols.js"
import type { GatehouseConfig, GatehouseResult } from "./gatehouse-types.js"
import type { PasswordFunctions } from "./passwords/server-functions.js"

/**
 * Initialises Gatehouse once and returns the route handlers and the server-side helpers: each a named part (server/),
 * reaching the engine's route table directly, never by an HTTP request to itself.
 *
 * @example
 * const { handlers, auth } = Gatehouse({ providers: [Credentials({ authorize })] })
 * app.all("/auth/*", (c) => handlers.GET(c.req.raw))
 * const session = await auth(request)
 */
export function Gatehouse(config: GatehouseConfig): GatehouseResult {
  const configFor: ConfigFor = async (request) => resolveConfig(typeof config === "function" ? await config(request) : config)
  const handler = routeHandler(configFor)
  const result: GatehouseResult = {
    handlers: { GET: handler, POST: handler },
    auth: authFunction(configFor) as GatehouseResult["auth"],
    // Loaded on first call: an app that only checks sessions never loads them (style rule 10, cold import).
    signIn: (async (...args: Parameters<GatehouseResult["signIn"]>) => (await import("./server/sign-in-out.js")).signInFunction(configFor)(...args)) as GatehouseResult["signIn"],
    signOut: (async (...args: Parameters<GatehouseResult["signOut"]>) => (await import("./server/sign-in-out.js")).signOutFunction(configFor)(...args)) as GatehouseResult["signOut"],
    unstable_update: async (...args) => (await import("./server/update.js")).updateFunction(configFor)(...args),
    getAccessToken: async (...args) => (await import("./server/access-token.js")).accessTokenFunction(configFor)(...args),
    ...sessionFunctions(configFor),
    ...passwordFunctionsOf(configFor),
  }
  return withConfig(result, config)
}

/** The `Password` server functions, each loaded on first call. */
function passwordFunctionsOf(configFor: ConfigFor): PasswordFunctions {
  const load = async () => (await import("./passwords/server-functions.js")).passwordFunctions(configFor)
  return {
    signUp: async (...args) => (await load()).signUp(...args),
    requestPasswordReset: async (...args) => (await load()).requestPasswordReset(...args),
    resetPassword: async (...args) => (await load()).resetPassword(...args),
    changePassword: async (...args) => (await load()).changePassword(...args),
  }
}

/** `handlers.GET` / `handlers.POST`: the engine for each request, a lazy configuration called with it. */
function routeHandler(configFor: ConfigFor): (request: Request) => Promise<Response> {
  return async (request) => {
    let resolved: ResolvedConfig
    try {
      resolved = await configFor(request)
    } catch (error) {
      // The error's name only: an application's own error message may carry a credential (a vault URL, a token).
      console.error(`[gatehouse][error] The lazy configuration function threw ${errorName(error)}; no request can be answered.`)
      return toResponse(json({ message: "There was a problem with the server configuration. Check the server logs for more information." }, 500), false)
    }
    return toResponse(await handle(request, resolved, { raw: resolved.raw }), request.headers.has("x-auth-return-redirect"))
  }
}
