/**
 * Where the auth endpoints live. Mounted with `app.use("/auth", ExpressAuth(config))` (or `"/auth/*"`), the mount
 * point (`req.baseUrl`) is the base path, whatever the configuration says: it is where the requests arrive.
 * Elsewhere (`auth()`, `signIn()` in a route, or the handler mounted without a path), it is `config.basePath`, else
 * the first mount point the handler saw, else the path of `AUTH_URL`, else `/auth`.
 */
import type { Request as ExpressRequest } from "express"

export const DEFAULT_BASE_PATH = "/auth"

/**
 * The mount point of the handler for this request, when it was mounted with a path: `req.baseUrl` below which an
 * action follows (`app.use("/auth", …)`), or, mounted with a wildcard, `req.baseUrl` without the wildcard's part.
 */
export function mountPoint(req: ExpressRequest): string | undefined {
  if (!req.baseUrl) return undefined
  return req.path !== "/" ? req.baseUrl : wildcardMountPoint(req)
}

/**
 * A wildcard mount (`app.use("/auth/*", …)` on Express 4, `"/auth/*splat"` on Express 5, as `@auth/express`
 * documents it) puts the action into `req.baseUrl` itself and leaves `/` below it. The wildcard's value — Express 4's
 * `req.params[0]`, Express 5's array of segments — is the action; what precedes it is the mount point, as
 * `@auth/express` reads it. Undefined when the two do not line up (an encoded `/` in the action, no wildcard): the
 * configured base path applies then.
 */
function wildcardMountPoint(req: ExpressRequest): string | undefined {
  const action = wildcardSegments(req.params as Record<string, unknown>)
  if (!action) return undefined
  const segments = req.baseUrl.split("/")
  const kept = segments.length - action.length
  // At least the leading "" and one segment of the mount path itself.
  if (kept < 2) return undefined
  const matches = segments.slice(kept).every((segment, i) => safeDecode(segment) === action[i])
  return matches ? segments.slice(0, kept).join("/") : undefined
}

/** The wildcard's segments: Express 5 gives them as an array (the last one, under any name), Express 4 as `0`. */
function wildcardSegments(params: Record<string, unknown>): string[] | undefined {
  const splat = Object.values(params)
    .filter((value): value is string[] => Array.isArray(value))
    .at(-1)
  if (splat) return splat
  const unnamed = params[0]
  if (typeof unnamed !== "string") return undefined
  return unnamed === "" ? [] : unnamed.split("/")
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
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
