/**
 * Every adapter call is logged at debug level (method name only) and its failures become `AdapterError` with the
 * original error as `cause.err`, so a database outage is named in the logs and answered as a handled error, never a
 * raw driver exception. The caller that decides what the failure means logs it once.
 */
import { coreAdapterMethods, passwordAdapterMethods, sessionRegistryAdapterMethods, tokenRefreshAdapterMethods, webAuthnAdapterMethods, type Adapter } from "../adapters.js"
import { AdapterError } from "../errors.js"
import type { Logger } from "../logger.js"

const methods: readonly (keyof Adapter)[] = [...coreAdapterMethods, ...webAuthnAdapterMethods, ...tokenRefreshAdapterMethods, ...sessionRegistryAdapterMethods, ...passwordAdapterMethods]

export function wrapAdapter(adapter: Adapter, logger: Logger): Adapter {
  const wrapped: Record<string, unknown> = {}
  for (const name of methods) {
    // `adapter[name]`, not `Object.keys`: an adapter written as a class has its methods on the prototype.
    const method = adapter[name] as ((...args: unknown[]) => unknown) | undefined
    if (typeof method !== "function") continue
    wrapped[name] = async (...args: unknown[]) => {
      // Only the method name: arguments carry session tokens, token hashes and personal data.
      logger.debug(`adapter_${name}`)
      try {
        return await method.apply(adapter, args)
      } catch (e) {
        throw new AdapterError(e instanceof Error ? e : new Error(String(e)), { cause: { method: name } })
      }
    }
  }
  return wrapped as Adapter
}
