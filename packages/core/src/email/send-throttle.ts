/** Stopgap per-address limit on magic-link e-mails (RT-09), held in this process's memory. */

/** The `sendThrottle` option of an email provider. Every field is optional; `false` turns the limit off. */
export interface SendThrottleOptions {
  /** Most e-mails to one address within `windowSeconds`. Default 3. */
  max?: number
  /** Default 600: the lifetime of a link, so at most `max` live links per address. */
  windowSeconds?: number
  /** Least time between two e-mails to one address. Default 30. */
  minIntervalSeconds?: number
}

/**
 * 3 per 10 minutes, 30 s apart: someone whose first mail did not arrive can ask again after half a minute, and once
 * more; a burst of requests sends one mail, and an address receives at most 3 per link lifetime.
 */
const defaults = { max: 3, windowSeconds: 600, minIntervalSeconds: 30 }

/** Addresses remembered at once; past it, expired ones go first, then the least recently sent to. */
const MAX_ADDRESSES = 10_000

/** Send times (ms) per address, the latest last; Map order is least recently sent to first. */
const sent = new Map<string, number[]>()

/**
 * Claims a send to `address` now. Returns a function that gives the claim back (the mail was not sent), or the whole
 * seconds to wait. Check and claim happen in one synchronous step, so concurrent requests cannot all pass.
 */
export function claimSend(address: string, options: SendThrottleOptions | false | undefined, now = Date.now()): (() => void) | number {
  if (options === false) return () => {}
  const max = positive(options?.max, defaults.max)
  const windowMs = positive(options?.windowSeconds, defaults.windowSeconds) * 1000
  const intervalMs = nonNegative(options?.minIntervalSeconds, defaults.minIntervalSeconds) * 1000
  const recent = (sent.get(address) ?? []).filter((time) => time > now - windowMs)
  const last = recent.at(-1)
  const waitMs = Math.max(last === undefined ? 0 : last + intervalMs - now, recent.length >= max ? recent[recent.length - max]! + windowMs - now : 0)
  // Capped, so a clock stepping back cannot lock an address out for longer than one window.
  if (waitMs > 0) return Math.max(1, Math.ceil(Math.min(waitMs, Math.max(windowMs, intervalMs)) / 1000))
  recent.push(now)
  sent.delete(address)
  if (sent.size >= MAX_ADDRESSES) evict(now - windowMs)
  sent.set(address, recent)
  return () => {
    const times = sent.get(address)
    const index = times?.lastIndexOf(now) ?? -1
    if (index !== -1) times!.splice(index, 1)
  }
}

function evict(before: number): void {
  for (const [address, times] of sent) if (times.at(-1)! <= before) sent.delete(address)
  while (sent.size >= MAX_ADDRESSES) sent.delete(sent.keys().next().value!)
}

function positive(value: number | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback
}

function nonNegative(value: number | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : fallback
}
