/**
 * Every adapter call is logged at debug level and its failures become `AdapterError` (logged, then re-thrown), so a
 * database outage is named in the logs and answered as a handled error, never a raw driver exception.
 */
import type { Adapter } from "../adapters.js"
import { AdapterError } from "../errors.js"
import type { Logger } from "../logger.js"

export function wrapAdapter(adapter: Adapter, logger: Logger): Adapter {
  const wrapped: Record<string, unknown> = {}
  for (const name of Object.keys(adapter) as (keyof Adapter)[]) {
    const method = adapter[name] as ((...args: unknown[]) => unknown) | undefined
    if (typeof method !== "function") continue
    wrapped[name] = async (...args: unknown[]) => {
      // Only the method name: arguments carry session tokens, token hashes and personal data.
      logger.debug(`adapter_${name}`)
      try {
        return await method.apply(adapter, args)
      } catch (e) {
        const error = new AdapterError(e instanceof Error ? e : new Error(String(e)), { cause: { method: name } })
        logger.error(error)
        throw error
      }
    }
  }
  return wrapped as Adapter
}
