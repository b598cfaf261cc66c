/** One way for a framework package to reach the engine: each request's configuration, kept per object, and one failure answer. */
import type { AuthConfig } from "../config/auth-config.js"
import { resolveConfig } from "../config/resolve.js"
import { Gatehouse } from "../gatehouse.js"
import type { GatehouseResult } from "../gatehouse-types.js"
import type { Cookie } from "../http/cookie.js"
import { sessionOf } from "../server/auth.js"
import type { FormAnswer, FormPost } from "../server/form-post.js"
import { cookieHeaders } from "../server/shared.js"
import type { Session } from "../types.js"
import type { Awaitable } from "../util/awaitable.js"
import { configFunctionFailed } from "./config-failure.js"
import { derivedConfigs } from "./derived-configs.js"

/** What a framework's entry point takes: a configuration, or a function of the framework's request context returning one. */
export type ConfigInput<AppConfig, Context> = AppConfig | ((context: Context) => Awaitable<AppConfig>)

export interface FrameworkEngineOptions<AppConfig extends object, Context, Env = undefined> {
  /** The package's name, for the error of a request handed to `gatehouse` without `bind`: `"@gatehousejs/express"`. */
  framework: string
  /**
   * This request's base path: the configured one, a mount point (Hono, Express), the path of `AUTH_URL`, the
   * framework's default, written as the framework writes it (the engine normalises its own copy).
   */
  basePath: (config: AppConfig, context: Context) => string
  /** The environment this request's configuration is filled from (Hono's `env(c)`, SvelteKit's `$env`); a new record derives again. */
  env?: (context: Context) => Env
  /** The framework's defaults: the engine's configuration for the app's, at `basePath`. Default: a copy with `basePath` set. */
  derive?: (config: AppConfig, basePath: string, env: Env) => AuthConfig
  /** Rethrows a framework's own control-flow throw (Next.js's `unstable_rethrow`), which is not a configuration failure. */
  rethrow?: (error: unknown) => void
}

export interface FrameworkEngine<Context> {
  /** The engine's configuration for this request; rejects with what the app's configuration function threw. */
  configFor: (context: Context) => Promise<AuthConfig>
  /**
   * The same, or — when the configuration function threw — the generic 500 to answer, already logged by the error's
   * name only (never its message: it may hold a secret). For endpoints and request hooks.
   */
  configOrFailure: (context: Context) => Promise<AuthConfig | Response>
  /** Logs a configuration function's failure (its name) and returns the generic 500: for a framework that calls the function itself. */
  failure: (error: unknown) => Response
  /** The engine's server-side operations (`auth`, `signIn`, `signOut`, …); each request handed to them must be `bind`'s. */
  gatehouse: GatehouseResult
  /** `request`, registered with the configuration `gatehouse` answers it with. */
  bind: (request: Request, config: AuthConfig) => Request
  /**
   * The session of a `bind`'s request and the cookies its answer sets (a rolled expiry, a refreshed token, a cleared
   * cookie): what `GET /session` answers, without an HTTP request. Fails closed: `null` on any failure.
   */
  session: (request: Request) => Promise<{ session: Session | null; cookies: Cookie[]; headers: Headers }>
  /**
   * The CSRF token for a form the server renders, and its cookie when new (`null`: the check is off). Rejects with the
   * configuration error of a broken configuration, where `GET /csrf` answers 500.
   */
  csrfToken: (request: Request) => Promise<{ csrfToken: string | null; cookies: Cookie[]; headers: Headers }>
  /**
   * A sign-in or sign-out posted from a server action standing in for the browser's form: the endpoint's answer as
   * values — where the browser goes next (a refused sign-in's page included), or a refusal without a page — with the
   * cookies (`cookies`, and as `Set-Cookie` lines in `headers`).
   */
  post: (request: Request, post: FormPost) => Promise<FormAnswer & { headers: Headers }>
}

/**
 * How a framework package reaches the engine, the same in every one: the configuration of each request (an object,
 * or a function of the request's context, sync or async), the framework's defaults applied once per configuration
 * object, base path and environment record (so a static configuration is resolved once), one `Gatehouse()` for the
 * server-side operations, and one answer when the configuration function throws: a log line naming the error's type,
 * and Auth.js's generic 500. For framework packages; an app uses `Gatehouse()` or its framework's package.
 *
 * @example
 * const engine = frameworkEngine(input, {
 *   framework: "@gatehousejs/example",
 *   basePath: (config) => config.basePath ?? "/auth",
 * })
 * export async function handler(request: Request): Promise<Response> {
 *   const config = await engine.configOrFailure(request)
 *   return config instanceof Response ? config : Auth(request, config)
 * }
 */
export function frameworkEngine<AppConfig extends object, Context, Env = undefined>(
  input: ConfigInput<AppConfig, Context>,
  options: FrameworkEngineOptions<AppConfig, Context, Env>,
): FrameworkEngine<Context> {
  const derived = derivedConfigs(options.derive ?? withBasePath)
  const { rethrow } = options

  async function configFor(context: Context): Promise<AuthConfig> {
    const config = typeof input === "function" ? await (input as (context: Context) => Awaitable<AppConfig>)(context) : input
    if (typeof config !== "object" || config === null) {
      throw new TypeError(`${options.framework}: the configuration function returned ${config === null ? "null" : typeof config}, not a configuration object.`)
    }
    return derived(config, options.basePath(config, context), options.env?.(context) as Env)
  }

  function failure(error: unknown): Response {
    rethrow?.(error)
    return configFunctionFailed(error)
  }

  const configs = new WeakMap<Request, AuthConfig>()
  const configOf = (request: Request | undefined): AuthConfig => {
    const found = request && configs.get(request)
    if (!found) throw new Error(`${options.framework}: an internal request without its configuration.`)
    return found
  }
  const gatehouse = Gatehouse(configOf)
  const resolvedFor = async (request: Request | undefined) => resolveConfig(configOf(request))

  return {
    configFor,
    configOrFailure: (context) => configFor(context).catch(failure),
    failure,
    gatehouse,
    bind(request, config) {
      configs.set(request, config)
      return request
    },
    session: async (request) => withHeaders(await sessionOf(resolvedFor, request)),
    csrfToken: async (request) => withHeaders(await (await import("../server/csrf-token.js")).csrfTokenOf(await resolvedFor(request), request)),
    post: async (request, post) => withHeaders(await (await import("../server/form-post.js")).formPost(await resolvedFor(request), request, post)),
  }
}

/** A result with its cookies also as the `Set-Cookie` lines the endpoint would send, for frameworks that write headers. */
function withHeaders<T extends { cookies: Cookie[] }>(result: T): T & { headers: Headers } {
  return { ...result, headers: cookieHeaders(result.cookies) }
}

/** The default derivation: the app's configuration at `basePath`, itself when it already says so. */
function withBasePath(config: object, basePath: string): AuthConfig {
  const own = config as AuthConfig
  return own.basePath === basePath ? own : { ...own, basePath }
}
