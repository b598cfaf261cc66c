/**
 * The engine behind one configuration: the configuration of `initAuthConfig()` filled from `env(c)` (see env.ts), with
 * the `session` callback wrapped for `authUser` (see auth-user.ts), and `Gatehouse()` over it.
 *
 * The base path is the configured `basePath`, else the path of `AUTH_URL`, else where `authHandler()` is mounted
 * (`app.use("/auth/*", authHandler())` answers under `/auth`, as it did with `@hono/auth-js`, whose fallback was
 * Auth.js core's `/auth`), else `/api/auth`. Helpers called outside the handler's route use the first mount point the
 * handler answered under.
 *
 * Engines are kept per configuration object, environment record and base path, so that an app whose `initAuthConfig`
 * returns the same object every time resolves it once (the engine caches the resolved configuration per object); one
 * returning a new object per request gets a new engine per request, as `Gatehouse(lazy)` does.
 */
import { Gatehouse, platformEnv, setEnvDefaults, type AuthConfig as CoreAuthConfig, type GatehouseResult } from "@gatehousejs/core"
import type { Context } from "hono"
import { env } from "hono/adapter"
import { capturingSession } from "./auth-user.js"
import { authUrlOf, basePathFromEnv, DEFAULT_BASE_PATH } from "./env.js"
import type { AuthConfig, AuthEnv } from "./types.js"

export interface Engine {
  /** What `Auth()` is given: the app's configuration, filled from the environment. */
  config: CoreAuthConfig
  gatehouse: GatehouseResult
  /** The origin of `AUTH_URL` in `env(c)`, which replaces the request's. */
  authUrl?: string
}

/** Distinct base paths kept per configuration; past this (a mount with a parameter per tenant) engines are not kept. */
const MAX_KEPT = 64
const engines = new WeakMap<AuthConfig, Map<string, { env: object; engine: Engine }>>()
const firstMounts = new WeakMap<AuthConfig, string>()

/**
 * The engine for this request's configuration (`c.get("authConfig")`); `mount` is where `authHandler()` answers this
 * request, when its route has a plain path. Throws when `initAuthConfig()` did not run.
 */
export function engineOf(c: Context, mount?: string): Engine {
  const config = c.get("authConfig") as AuthConfig | undefined
  if (!config) {
    throw new Error(
      '@gatehousejs/hono: this request has no configuration. Add app.use("*", initAuthConfig((c) => config)) before authHandler(), verifyAuth() and getAuthUser().',
    )
  }
  if (mount !== undefined && !firstMounts.has(config)) firstMounts.set(config, mount)
  const ctxEnv = (env(c) ?? {}) as AuthEnv
  const basePath = config.basePath ?? basePathFromEnv(ctxEnv) ?? mount ?? firstMounts.get(config) ?? DEFAULT_BASE_PATH
  let byPath = engines.get(config)
  const kept = byPath?.get(basePath)
  if (kept && kept.env === ctxEnv) return kept.engine

  const derived: CoreAuthConfig = {
    ...config,
    basePath,
    // The engine reads AUTH_URL, NODE_ENV and the secrets from `env(c)` too: a Worker's bindings, not only process.env.
    [platformEnv]: ctxEnv as Record<string, string | undefined>,
    callbacks: {
      ...config.callbacks,
      session: capturingSession(config.callbacks?.session),
      // Only core's `auth(handler)` form calls `authorized` (Next.js middleware); here that form reads the session.
      authorized: undefined,
    },
  }
  // Secrets, trustHost, the redirect proxy and provider credentials, as `setEnvDefaults` (env.ts) fills them; the
  // engine's warning about `basePath` next to a path in `AUTH_URL` only when the app set both.
  setEnvDefaults(ctxEnv, derived, config.basePath === undefined)
  const engine: Engine = { config: derived, gatehouse: Gatehouse(derived), authUrl: authUrlOf(ctxEnv) }
  if (!byPath) engines.set(config, (byPath = new Map()))
  if (byPath.size < MAX_KEPT || byPath.has(basePath)) byPath.set(basePath, { env: ctxEnv, engine })
  return engine
}

/** The base path a route such as `/api/auth/*` mounts the handler at: `/api/auth`. None for `*` or a parameter. */
export function mountOf(routePath: string): string | undefined {
  const match = /^(\/[^:*?{}()]*?)\/?\*$/.exec(routePath)
  return match?.[1] && match[1] !== "/" ? match[1] : undefined
}
