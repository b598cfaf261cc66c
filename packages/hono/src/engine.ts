/**
 * The engine behind one configuration: the configuration of `initAuthConfig()` filled from `env(c)` (see env.ts), with
 * the `session` callback wrapped for `authUser` (see auth-user.ts), and `Gatehouse()` over it. Kept per configuration
 * object and environment record, so that an app whose `initAuthConfig` returns the same object every time resolves it
 * once (the engine caches the resolved configuration per object); one returning a new object per request gets a new
 * engine per request, as `Gatehouse(lazy)` does.
 */
import { Gatehouse, type AuthConfig as CoreAuthConfig, type GatehouseResult } from "@gatehousejs/core"
import type { Context } from "hono"
import { env } from "hono/adapter"
import { capturingSession } from "./auth-user.js"
import { authUrlOf, setEnvDefaults } from "./env.js"
import type { AuthConfig, AuthEnv } from "./types.js"

export interface Engine {
  /** What `Auth()` is given: the app's configuration, filled from the environment. */
  config: CoreAuthConfig
  gatehouse: GatehouseResult
  /** The origin of `AUTH_URL` in `env(c)`, which replaces the request's. */
  authUrl?: string
}

const engines = new WeakMap<AuthConfig, { env: object; engine: Engine }>()

/** The engine for this request's configuration (`c.get("authConfig")`). Throws when `initAuthConfig()` did not run. */
export function engineOf(c: Context): Engine {
  const config = c.get("authConfig") as AuthConfig | undefined
  if (!config) {
    throw new Error(
      '@gatehousejs/hono: this request has no configuration. Add app.use("*", initAuthConfig((c) => config)) before authHandler(), verifyAuth() and getAuthUser().',
    )
  }
  const ctxEnv = (env(c) ?? {}) as AuthEnv
  const kept = engines.get(config)
  if (kept && kept.env === ctxEnv) return kept.engine
  const derived: CoreAuthConfig = {
    ...config,
    callbacks: {
      ...config.callbacks,
      session: capturingSession(config.callbacks?.session),
      // Only core's `auth(handler)` form calls `authorized` (Next.js middleware); here that form reads the session.
      authorized: undefined,
    },
  }
  setEnvDefaults(ctxEnv, derived)
  const engine: Engine = { config: derived, gatehouse: Gatehouse(derived), authUrl: authUrlOf(ctxEnv) }
  engines.set(config, { env: ctxEnv, engine })
  return engine
}
