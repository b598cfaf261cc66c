/**
 * The four middleware functions of `@hono/auth-js`, with its names and call forms:
 *
 * ```ts
 * app.use("*", initAuthConfig((c) => config))   // the configuration of each request
 * app.use("/api/auth/*", authHandler())          // the endpoints, under basePath (default /api/auth)
 * app.use("/api/*", verifyAuth())                // 401 unless signed in; then c.get("authUser")
 * const authUser = await getAuthUser(c)          // the same lookup in a route: AuthUser | null
 * ```
 *
 * The engine does the work: `authHandler()` hands the request to `Auth()`, and the lookups go through `Gatehouse()`'s
 * `auth()`. A session cookie the lookup renews (rolling expiry) or clears (an expired session) is sent with the
 * response (`@hono/auth-js` drops it, so a JWT session that is only ever read by `verifyAuth()` ended after `maxAge`).
 */
import { Auth } from "@gatehousejs/core"
import type { Context, MiddlewareHandler } from "hono"
import { HTTPException } from "hono/http-exception"
import { authUserIn } from "./auth-user.js"
import { configFunctionFailed, engineOf, mountOf } from "./engine.js"
import type { AuthUser, ConfigHandler } from "./types.js"
import { endpointRequest, forwardCookies } from "./web-request.js"

/**
 * Sets the configuration of each request (`c.get("authConfig")`) from `cb`, which may be async and may read `c.env`.
 * If `cb` throws, the request is answered with the generic 500 (`HTTPException`) and the log names the error's type,
 * never its message, which may hold a secret.
 *
 * @example
 * app.use("*", initAuthConfig((c) => ({ secret: c.env.AUTH_SECRET, providers: [GitHub] })))
 */
export function initAuthConfig(cb: ConfigHandler): MiddlewareHandler {
  return async (c, next) => {
    let config: Awaited<ReturnType<ConfigHandler>>
    try {
      config = await cb(c)
    } catch (error) {
      throw new HTTPException(500, { res: configFunctionFailed(error) })
    }
    c.set("authConfig", config)
    await next()
  }
}

/**
 * The auth endpoints (sign-in pages and forms, OAuth callbacks, `/session`, `/csrf`, sign-out, …), answered by the
 * engine. Mount it on the base path: `app.use("/api/auth/*", authHandler())`. Without a configured `basePath` (or a
 * path in `AUTH_URL`), the mount is the base path. It answers every request it sees.
 */
export function authHandler(): MiddlewareHandler {
  return async (c) => {
    // `c.req.routePath` rather than `routePath(c)` of `hono/route`: it exists in every Hono 4 (the peer range).
    const { config, authUrl } = await engineOf(c, mountOf(c.req.routePath))
    return Auth(await endpointRequest(c, authUrl), config)
  }
}

/**
 * Lets signed-in requests through with `c.get("authUser")` set; answers the others `401 Unauthorized`.
 *
 * @example
 * app.use("/api/*", verifyAuth())
 * app.get("/api/protected", (c) => c.json(c.get("authUser").session))
 */
export function verifyAuth(): MiddlewareHandler {
  return async (c, next) => {
    const authUser = await getAuthUser(c)
    if (!authUser?.token && !authUser?.user) {
      throw new HTTPException(401, { res: new Response("Unauthorized", { status: 401 }) })
    }
    c.set("authUser", authUser)
    await next()
  }
}

/** One lookup per request: `verifyAuth()` and a route's `getAuthUser(c)` share it (one store read, one `Set-Cookie`). */
const lookups = new WeakMap<Context, Promise<AuthUser | null>>()

/**
 * The signed-in user of this request (`session` and `token` or `user`, see `AuthUser`), or `null`. Rejects only when
 * `initAuthConfig()` did not run; a broken configuration or an unreachable store reads as signed out.
 */
export function getAuthUser(c: Context): Promise<AuthUser | null> {
  let lookup = lookups.get(c)
  if (!lookup) {
    lookup = lookUp(c)
    lookups.set(c, lookup)
  }
  return lookup
}

async function lookUp(c: Context): Promise<AuthUser | null> {
  const { gatehouse, serverRequest } = await engineOf(c)
  let session: unknown = null
  // The handler form of core's auth(): the session as the engine returns it, and the response it would send, whose
  // Set-Cookie lines are the renewed or cleared session cookie.
  const respond = gatehouse.auth((request) => {
    session = request.auth
    return new Response(null, { status: 204 })
  })
  const response = await respond(serverRequest())
  forwardCookies(c, response.headers)
  return authUserIn(session)
}
