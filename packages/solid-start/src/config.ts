/**
 * `SolidAuthConfig` and what the engine is given for it: the configuration with `basePath` set to the route prefix,
 * so that the engine's endpoints are where `routes/api/auth/[...solidauth].ts` answers. `@auth/solid-start` left
 * `basePath` unset, so the engine's own default (`/auth`) disagreed with the default prefix (`/api/auth`).
 */
import { Gatehouse, type AuthConfig, type GatehouseResult } from "@gatehousejs/core"

export const DEFAULT_PREFIX = "/api/auth"

/** The configuration of `SolidAuth()` and `getSession()`: the engine's, plus the route prefix. */
export interface SolidAuthConfig extends Omit<AuthConfig, "raw"> {
  /**
   * Where the catch-all route answers (`routes/api/auth/[...solidauth].ts` answers under `/api/auth`): the engine's
   * `basePath`. Default: `basePath`, else `/api/auth`.
   */
  prefix?: string
}

export interface Engine {
  prefix: string
  config: AuthConfig
  gatehouse: GatehouseResult
}

/** One engine per configuration object: `SolidAuth(authOpts)` and `getSession(request, authOpts)` share it. */
const engines = new WeakMap<SolidAuthConfig, Engine>()

export function engineOf(config: SolidAuthConfig): Engine {
  let engine = engines.get(config)
  if (!engine) {
    const { prefix = config.basePath ?? DEFAULT_PREFIX, ...rest } = config
    const basePath = prefix.replace(/\/+$/, "")
    const derived: AuthConfig = { ...rest, basePath }
    engine = { prefix: basePath, config: derived, gatehouse: Gatehouse(derived) }
    engines.set(config, engine)
  }
  return engine
}
