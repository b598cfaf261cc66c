/**
 * Summaries of a contender's latency samples (milliseconds, one per operation).
 */

/** Nearest-rank percentile of an ascending-sorted array; `p` in 0..100. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]
}

/**
 * `{ ops, seconds, opsPerSec, meanUs, p50Us, p99Us, minUs, maxUs }` from the samples and the total measured time.
 * Throughput is operations over the time spent running this contender (its rounds only, not the other's).
 */
export function summarize(samples, totalMs) {
  const sorted = Float64Array.from(samples).sort()
  let sum = 0
  for (const v of sorted) sum += v
  const us = (ms) => Math.round(ms * 1000 * 10) / 10
  return {
    ops: sorted.length,
    seconds: Math.round(totalMs) / 1000,
    opsPerSec: totalMs > 0 ? Math.round((sorted.length / totalMs) * 1000 * 10) / 10 : 0,
    meanUs: us(sum / sorted.length),
    p50Us: us(percentile(sorted, 50)),
    p99Us: us(percentile(sorted, 99)),
    minUs: us(sorted[0]),
    maxUs: us(sorted[sorted.length - 1]),
  }
}
