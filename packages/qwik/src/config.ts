/**
 * The configuration of one request: the value given to `QwikAuth$()` (a configuration, or a function of the request
 * event returning one), filled from the platform's environment (`ev.env`) as `@auth/qwik`'s `setEnvDefaults` does,
 * through core's `frameworkEngine` (as every framework package reaches the engine).
 */
import type { QRL } from "@builder.io/qwik"
import type { RequestEventCommon } from "@builder.io/qwik-city"
import type { EnvGetter } from "@builder.io/qwik-city/middleware/request-handler"
import { frameworkEngine, setEnvDefaults as engineEnvDefaults, type AuthConfig } from "@gatehousejs/core"

/** The configuration of `QwikAuth$()`: the engine's, without `raw`. */
export interface QwikAuthConfig extends Omit<AuthConfig, "raw"> {}

/** What `QwikAuth$()` takes: a configuration, or a function of the request event returning one (it may be async). */
export type QwikAuthConfigInput = QwikAuthConfig | ((ev: RequestEventCommon) => QwikAuthConfig | Promise<QwikAuthConfig>)

/** Where the endpoints answer. Fixed, as in `@auth/qwik`: a `basePath` in the configuration is replaced. */
export const BASE_PATH = "/auth"

interface QwikContext {
  input: QRL<QwikAuthConfigInput>
  ev: RequestEventCommon
}

/**
 * The one engine of the package: the configuration of each request event, and the reads of server-rendered pages.
 * Marked pure: the browser build drops every use (`isServer` is false there), and so drops the engine with it; without
 * the mark, Rollup keeps the call and with it the engine's code (examples/qwik's bundle test).
 */
export const engine = /*#__PURE__*/ frameworkEngine<QwikAuthConfig, QwikContext, EnvGetter>(
  async ({ input, ev }) => {
    const value = await input.resolve()
    // Called through the QRL (not `value(ev)`): a function the optimizer extracted reads its captured variables that way.
    return typeof value === "function" ? (input as QRL<(ev: RequestEventCommon) => Promise<QwikAuthConfig>>)(ev) : value
  },
  {
    framework: "@gatehousejs/qwik",
    basePath: () => BASE_PATH,
    env: ({ ev }) => ev.env,
    // In place, as `@auth/qwik` fills it: kept per configuration object and `ev.env`.
    derive(config, _basePath, env) {
      setEnvDefaults(env, config as AuthConfig)
      return config as AuthConfig
    },
  },
)

/** The configuration for this request event, filled from `ev.env`; rejects with what the lazy form threw. */
export function configFor(input: QRL<QwikAuthConfigInput>, ev: RequestEventCommon): Promise<AuthConfig> {
  return engine.configFor({ input, ev })
}

/** The same, or the generic 500 to send when the lazy form threw (logged by the error's name only, never its message). */
export function configOrFailure(input: QRL<QwikAuthConfigInput>, ev: RequestEventCommon): Promise<AuthConfig | Response> {
  return engine.configOrFailure({ input, ev })
}

/**
 * Fills `config` IN PLACE from Qwik City's environment getter, as `@auth/qwik`'s `setEnvDefaults`: `basePath` is
 * `/auth`; `secret` from `AUTH_SECRET` and `AUTH_SECRET_1..3` (newest first), `redirectProxyUrl`, `trustHost`
 * (`AUTH_URL`, `AUTH_TRUST_HOST`, Vercel, Cloudflare Pages, or not production), and each provider's
 * `AUTH_<ID>_ID` / `_SECRET` / `_ISSUER` / `_KEY`. What `config` sets is kept.
 *
 * Unlike `@auth/qwik`, it does not turn the engine's CSRF check off (`skipCSRFCheck`) for every request: a form posted
 * straight to `/auth/signout` or `/auth/callback/credentials` still needs the CSRF token, as with every other Auth.js
 * integration. `useSignIn` and `useSignOut` fetch the token themselves.
 */
export function setEnvDefaults(env: EnvGetter, config: AuthConfig): void {
  config.basePath = BASE_PATH
  // The engine reads a record of variables; Qwik City gives a getter (a Worker's bindings, or `process.env` on Node.js).
  const record = new Proxy<Record<string, string | undefined>>({}, { get: (_, key) => (typeof key === "string" ? env.get(key) : undefined) })
  engineEnvDefaults(record, config, true)
}
