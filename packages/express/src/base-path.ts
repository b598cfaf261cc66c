/**
 * Where the auth endpoints live. Mounted with `app.use("/auth", handlers)`, the mount point (`req.baseUrl`) is the
 * base path, whatever the configuration says: it is where the requests arrive. Elsewhere (`auth()`, `signIn()` in
 * a route, or `handlers` mounted without a path), it is `config.basePath`, else the first mount point the handlers
 * saw, else the path of `AUTH_URL`, else `/auth`.
 */
import type { AuthConfig } from "@gatehousejs/core"
import type { Request as ExpressRequest } from "express"

export const DEFAULT_BASE_PATH = "/auth"

/**
 * The mount point of `handlers` for this request, when it was mounted with a path: `req.baseUrl` below which an
 * action follows. A wildcard mount (`app.use("/auth/*", …)`) puts the action into `req.baseUrl` itself and leaves
 * `/` below it: no mount point then, and the configured base path applies.
 */
export function mountPoint(req: ExpressRequest): string | undefined {
  return req.baseUrl && req.path !== "/" ? req.baseUrl : undefined
}

/** As the engine normalises it: a leading slash, no trailing one. */
export function normaliseBasePath(path: string): string {
  return `/${path}`.replace(/^\/+/, "/").replace(/\/+$/, "")
}

/** The path of `AUTH_URL` (or `NEXTAUTH_URL`) when it has one: the engine's own default for `basePath`. */
export function basePathFromEnv(env: Record<string, string | undefined> = process.env): string | undefined {
  const value = env.AUTH_URL || env.NEXTAUTH_URL
  if (!value) return undefined
  try {
    const { pathname } = new URL(value)
    return pathname !== "/" ? normaliseBasePath(pathname) : undefined
  } catch {
    return undefined
  }
}

/** Whether `req` (by its full path) is an auth endpoint under `basePath`. */
export function isUnder(req: ExpressRequest, basePath: string): boolean {
  const path = req.originalUrl.split("?")[0]!
  return path.startsWith(`${basePath}/`)
}

/**
 * Distinct base paths one configuration is used with. Beyond this (a mount point with a parameter, such as
 * `/:tenant/auth`, gives one per tenant) the configuration is derived per request instead of kept.
 */
const MAX_DERIVED = 64
const derived = new WeakMap<AuthConfig, Map<string, AuthConfig>>()

/**
 * `config` with `basePath`. The same object comes back for the same pair, so the engine's per-object cache of the
 * resolved configuration keeps working.
 */
export function withBasePath<C extends AuthConfig>(config: C, basePath: string): C {
  if (config.basePath === basePath) return config
  let byPath = derived.get(config)
  if (!byPath) {
    byPath = new Map()
    derived.set(config, byPath)
  }
  let result = byPath.get(basePath) as C | undefined
  if (!result) {
    result = { ...config, basePath }
    if (byPath.size < MAX_DERIVED) byPath.set(basePath, result)
  }
  return result
}
