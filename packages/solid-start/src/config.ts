/**
 * `SolidAuthConfig` and what the engine is given for it: the configuration with `basePath` set to the route prefix,
 * so that the engine's endpoints are where `routes/api/auth/[...solidauth].ts` answers. `@auth/solid-start` left
 * `basePath` unset, so the engine's own default (`/auth`) disagreed with the default prefix (`/api/auth`).
 */
import { frameworkEngine, type AuthConfig } from "@gatehousejs/core"

export const DEFAULT_PREFIX = "/api/auth"

/** The configuration of `SolidAuth()` and `getSession()`: the engine's, plus the route prefix. */
export interface SolidAuthConfig extends Omit<AuthConfig, "raw"> {
  /**
   * Where the catch-all route answers (`routes/api/auth/[...solidauth].ts` answers under `/api/auth`): the engine's
   * `basePath`. Default: `basePath`, else `/api/auth`.
   */
  prefix?: string
}

/**
 * How `SolidAuth()` and `getSession()` reach the engine (core's `frameworkEngine`, as every framework package): the
 * configuration given is the context, and the engine's copy of it (at the prefix) is kept per object, so that
 * `SolidAuth(authOpts)` and `getSession(request, authOpts)` share it.
 */
export const engine = frameworkEngine<SolidAuthConfig, SolidAuthConfig>((config) => config, {
  framework: "@gatehousejs/solid-start",
  basePath: (config) => (config.prefix ?? config.basePath ?? DEFAULT_PREFIX).replace(/\/+$/, ""),
  derive: ({ prefix: _prefix, ...rest }, basePath): AuthConfig => ({ ...rest, basePath }),
})
