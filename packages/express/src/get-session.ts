/**
 * `getSession(req, config)`, as in Auth.js's `@auth/express`, for apps that look the session up without
 * `ExpressAuth()`'s helpers.
 */
import { frameworkEngine, type Session } from "@gatehousejs/core"
import type { Request as ExpressRequest } from "express"
import { basePathFromEnv, DEFAULT_BASE_PATH, normaliseBasePath } from "./base-path.js"
import type { ExpressAuthConfig } from "./express-auth.js"
import { readSession } from "./read-session.js"

/** The configuration given is the context: the engine's copy at its base path is kept per object. */
const engine = frameworkEngine<ExpressAuthConfig, ExpressAuthConfig>((config) => config, {
  framework: "@gatehousejs/express",
  basePath: (config) => normaliseBasePath(config.basePath ?? basePathFromEnv() ?? DEFAULT_BASE_PATH),
})

/** What `getSession` resolves to, as `@auth/express` names it. */
export type GetSessionResult = Promise<Session | null>

/**
 * The session of `req`, or `null` when signed out — or when the configuration or the store is broken: it never
 * throws. The base path is `config.basePath`, else the path of `AUTH_URL`, else `/auth`. Refreshed session cookies
 * are not sent (there is no `res`): prefer `auth(req, res)` from `ExpressAuth()`, which sends them.
 *
 * @example
 * app.use(async (req, res, next) => {
 *   res.locals.session = await getSession(req, authConfig)
 *   next()
 * })
 */
export async function getSession(req: ExpressRequest, config: ExpressAuthConfig): GetSessionResult {
  try {
    return (await readSession(engine, req, await engine.configFor(config))).session
  } catch {
    return null
  }
}
