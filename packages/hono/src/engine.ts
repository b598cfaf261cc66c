/**
 * How the middleware reaches the engine (core's `frameworkEngine`, as every framework package): the configuration of
 * `initAuthConfig()` filled from `env(c)` (see env.ts), with the `session` callback wrapped for `authUser` (see
 * auth-user.ts), and one `Gatehouse()` for the server-side lookups.
 *
 * The base path is the configured `basePath`, else the path of `AUTH_URL`, else where `authHandler()` is mounted
 * (`app.use("/auth/*", authHandler())` answers under `/auth`, as it did with `@hono/auth-js`, whose fallback was
 * Auth.js core's `/auth`), else `/api/auth`. Helpers called outside the handler's route use the first mount point the
 * handler answered under.
 *
 * The derived configuration is kept per configuration object, environment record and base path, so that an app whose
 * `initAuthConfig` returns the same object every time resolves it once (the engine caches the resolved configuration
 * per object); one returning a new object per request derives it per request, as `Gatehouse(lazy)` does.
 */
import { frameworkEngine, platformEnv, setEnvDefaults, type AuthConfig as CoreAuthConfig, type GatehouseResult } from "@gatehousejs/core"
import type { Context } from "hono"
import { env } from "hono/adapter"
import { capturingSession } from "./auth-user.js"
import { authUrlOf, basePathFromEnv, DEFAULT_BASE_PATH } from "./env.js"
import type { AuthConfig, AuthEnv } from "./types.js"
import { serverRequest } from "./web-request.js"

export interface Engine {
  /** What `Auth()` is given: the app's configuration, filled from the environment. */
  config: CoreAuthConfig
  gatehouse: GatehouseResult
  /** The origin of `AUTH_URL` in `env(c)`, which replaces the request's. */
  authUrl?: string
  /** A GET at the current page for `gatehouse`'s lookups, registered with `config`. */
  serverRequest: () => Request
}

interface HonoContext {
  c: Context
  /** Where `authHandler()` answers this request, when its route has a plain path. */
  mount?: string
}

const firstMounts = new WeakMap<AuthConfig, string>()

const engine = frameworkEngine<AuthConfig, HonoContext, AuthEnv>(({ c }) => configOf(c), {
  framework: "@gatehousejs/hono",
  basePath: (config, { c, mount }) => config.basePath ?? basePathFromEnv(envOf(c)) ?? mount ?? firstMounts.get(config) ?? DEFAULT_BASE_PATH,
  env: ({ c }) => envOf(c),
  derive(config, basePath, ctxEnv) {
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
    return derived
  },
})

/**
 * The engine for this request's configuration (`c.get("authConfig")`); `mount` is where `authHandler()` answers this
 * request, when its route has a plain path. Rejects when `initAuthConfig()` did not run.
 */
export async function engineOf(c: Context, mount?: string): Promise<Engine> {
  const own = configOf(c)
  if (mount !== undefined && !firstMounts.has(own)) firstMounts.set(own, mount)
  const config = await engine.configFor({ c, mount })
  const authUrl = authUrlOf(envOf(c))
  return { config, gatehouse: engine.gatehouse, authUrl, serverRequest: () => engine.bind(serverRequest(c, authUrl), config) }
}

/**
 * `initAuthConfig()`'s function threw: logged by the error's name only (its message may hold a secret), and the
 * request answered with the generic 500, as every framework package answers it.
 */
export function configFunctionFailed(error: unknown): Response {
  return engine.failure(error)
}

/** The base path a route such as `/api/auth/*` mounts the handler at: `/api/auth`. None for `*` or a parameter. */
export function mountOf(routePath: string): string | undefined {
  const match = /^(\/[^:*?{}()]*?)\/?\*$/.exec(routePath)
  return match?.[1] && match[1] !== "/" ? match[1] : undefined
}

function configOf(c: Context): AuthConfig {
  const config = c.get("authConfig") as AuthConfig | undefined
  if (!config) {
    throw new Error(
      '@gatehousejs/hono: this request has no configuration. Add app.use("*", initAuthConfig((c) => config)) before authHandler(), verifyAuth() and getAuthUser().',
    )
  }
  return config
}

function envOf(c: Context): AuthEnv {
  return (env(c) ?? {}) as AuthEnv
}
