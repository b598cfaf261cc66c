/**
 * Named symbols for opting out of defaults. A symbol, not a boolean, so that turning a safety check off is a loud,
 * greppable decision (style rule 6).
 */

/** Disables the CSRF double-submit check. Only for integrations that run actions server-side (server actions). */
export const skipCSRFCheck: unique symbol = Symbol("skip-csrf-check")

/** Makes `Auth()` return its internal result instead of a `Response`, and throw `AuthError`s (framework integrations). */
export const raw: unique symbol = Symbol("return-type-raw")

/** Provider option: the `fetch` used for every request to that provider. */
export const customFetch: unique symbol = Symbol("custom-fetch")

/** Provider option: internal conformance tweaks for providers that deviate from the spec. */
export const conformInternal: unique symbol = Symbol("conform-internal")

/**
 * Where a `Gatehouse(...)` / `NextAuth(...)` / `ExpressAuth(...)` result keeps the configuration it was given (an
 * object, or the lazy function), so that tools such as `npx gatehousejs doctor` can check an app's `auth.ts` as it is.
 * A registry symbol: the CLI reads it without importing this package.
 */
export const configOf: unique symbol = Symbol.for("gatehousejs.config")

/**
 * Attaches `config` under {@link configOf} to a result and to its `auth` and `handlers` (apps export those, not the
 * result: `export const { handlers, auth } = NextAuth(config)`), not enumerable: the shapes stay Auth.js's.
 */
export function withConfig<T extends { auth: object; handlers: object }>(result: T, config: unknown): T {
  for (const target of [result, result.auth, result.handlers]) Object.defineProperty(target, configOf, { value: config, enumerable: false })
  return result
}

/**
 * Configuration key: the platform's environment for this configuration (a Worker's bindings, SvelteKit's
 * `$env/dynamic/private`), read on top of `process.env` for everything the engine takes from the environment —
 * `AUTH_URL`, `NODE_ENV` (production), secrets, `AUTH_TRUST_HOST`, provider variables. For framework packages on
 * runtimes whose environment is not `process.env`. A registry symbol, so two copies of the package agree.
 */
export const platformEnv: unique symbol = Symbol.for("gatehousejs.platformEnv")

/**
 * Configuration key: what a framework package advises when the client's address is unknown (its own way to give it,
 * or to trust its proxy), printed first in the `rate-limit-no-client-address` warning. A registry symbol, as above.
 */
export const clientAddressHint: unique symbol = Symbol.for("gatehousejs.clientAddressHint")

/**
 * Configuration key, internal (not exported by the package): the clock the engine reads, in milliseconds since the
 * epoch, instead of `Date.now` (`ResolvedConfig.now`). Tests freeze time through it rather than with fake timers, which
 * would also stop the timers of real servers and stores (style: the clock is an input). A private symbol: an app cannot
 * set it by accident, and the public `AuthConfig` does not change.
 */
export const clock: unique symbol = Symbol("clock")
