/** One refresh per account in this process: concurrent callers share the promise of the first (across processes, the store decides). */

const inFlight = new Map<string, Promise<unknown>>()

/**
 * Runs `work` for `key` unless a run for `key` is already under way, whose promise is then shared. The entry is
 * removed when the run settles, so a later call starts a new one.
 *
 * @example
 * const tokens = await singleFlight(`${provider}:${accountId}`, () => refreshGrant(provider, account))
 */
export function singleFlight<T>(key: string, work: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key)
  if (running) return running as Promise<T>
  const started = work().finally(() => inFlight.delete(key))
  inFlight.set(key, started)
  return started
}
