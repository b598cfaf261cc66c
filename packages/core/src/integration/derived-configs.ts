/** The engine's configuration derived from an app's, kept per configuration object, base path and environment record. */
import type { AuthConfig } from "../config/auth-config.js"

/**
 * Distinct base paths kept per configuration object. Past this (a mount with a parameter, `/:tenant/auth`, gives one
 * per tenant) the configuration is derived per request instead of kept, so memory stays bounded.
 */
const MAX_KEPT = 64

interface Kept {
  env: unknown
  config: AuthConfig
}

/** The framework's defaults applied to the app's configuration for one base path and environment record. */
export type Derive<AppConfig, Env> = (config: AppConfig, basePath: string, env: Env) => AuthConfig

/**
 * A cache of `derive(config, basePath, env)`: the same object comes back for the same configuration object, base path
 * and environment record, so the engine's own cache of the resolved configuration (per object) keeps working. An app
 * whose lazy function returns a new object per request derives per request, as `Gatehouse(lazy)` resolves it.
 */
export function derivedConfigs<AppConfig extends object, Env>(derive: Derive<AppConfig, Env>): (config: AppConfig, basePath: string, env: Env) => AuthConfig {
  const kept = new WeakMap<AppConfig, Map<string, Kept>>()
  return (config, basePath, env) => {
    let byPath = kept.get(config)
    const found = byPath?.get(basePath)
    if (found && found.env === env) return found.config
    const derived = derive(config, basePath, env)
    if (!byPath) kept.set(config, (byPath = new Map()))
    if (byPath.size < MAX_KEPT || byPath.has(basePath)) byPath.set(basePath, { env, config: derived })
    return derived
  }
}
