/**
 * Events are for audit logs: a handler that throws is logged as `EventError` and never breaks the flow.
 */
import { EventError } from "../errors.js"
import type { Logger } from "../logger.js"
import type { EventCallbacks } from "./auth-config.js"

/** Wraps each configured handler; absent events stay absent so the hot path can skip them. */
export function wrapEvents(events: Partial<EventCallbacks>, logger: Logger): Partial<EventCallbacks> {
  const wrapped: Partial<Record<keyof EventCallbacks, (message: never) => Promise<void>>> = {}
  for (const name of Object.keys(events) as (keyof EventCallbacks)[]) {
    const handler = events[name] as ((message: unknown) => unknown) | undefined
    if (typeof handler !== "function") continue
    wrapped[name] = async (message: unknown) => {
      try {
        await handler(message)
      } catch (error) {
        logger.error(new EventError(error instanceof Error ? error : new Error(String(error)), { cause: { event: name } }))
      }
    }
  }
  return wrapped as Partial<EventCallbacks>
}
