/**
 * The long soak (`npm run soak -- --long`, security catalog LF-03): `GET /session` with a JWT session at a fixed rate
 * (1,000 requests/s) for 5 minutes. Open loop: request i is sent at start + i/rate whatever the earlier ones are doing,
 * so a slow answer cannot lower the rate it is measured at (a closed loop would hide it); the driver caps what it has
 * in flight and counts anything it could not send on time as an error. Memory of the app is sampled every
 * `LONG_SAMPLE_SECONDS` (two forced GCs first) and fitted to a line: a leak shows as a trend long before it shows as
 * an absolute growth.
 */
import { performance } from "node:perf_hooks"
import { memorySample } from "./load.js"
import { request } from "./http.js"
import { maximum, mib, ms, percentile, table } from "./stats.js"

const MiB = 1024 * 1024
/** More in flight than this means the app has fallen far behind; the rest of that tick is counted as errors. */
const MAX_IN_FLIGHT = 256

/** The trend is fitted from the end of the first minute on: RSS is still finding its working size before. */
const TREND_FROM_SECONDS = 60
const TREND_MIN_SAMPLES = 5

/** Slope of `y` over `x` by least squares (per unit of `x`), or NaN below `TREND_MIN_SAMPLES` points. */
function slope(points) {
  if (points.length < TREND_MIN_SAMPLES) return NaN
  const n = points.length
  const mx = points.reduce((s, p) => s + p.x, 0) / n
  const my = points.reduce((s, p) => s + p.y, 0) / n
  let num = 0
  let den = 0
  for (const p of points) {
    num += (p.x - mx) * (p.y - my)
    den += (p.x - mx) ** 2
  }
  return den ? num / den : NaN
}

/**
 * Runs the paced load. Resolves the figures: requests, errors (with examples), achieved rate, p50/p99/max latency,
 * the send lag (how late the driver was against the schedule), memory samples and their trends in MiB per minute.
 */
export async function pacedLoad(origin, { path, cookie, expect, rate, seconds, sampleSeconds }) {
  const total = Math.round(rate * seconds)
  const latencies = new Float64Array(total).fill(NaN)
  const lags = new Float64Array(total)
  const errors = []
  let sent = 0
  let settled = 0
  let inFlight = 0
  let lastSend = 0
  const samples = []
  let sampling = true
  const start = performance.now()

  const sampler = (async () => {
    while (sampling) {
      await new Promise((resolve) => setTimeout(resolve, sampleSeconds * 1000))
      if (!sampling) break
      const { heapUsed, rss } = await memorySample(origin)
      samples.push({ at: (performance.now() - start) / 1000, heapUsed, rss, requests: settled })
    }
  })()

  await new Promise((resolve) => {
    const finish = () => {
      settled++
      if (settled === total) resolve()
    }
    const tick = () => {
      const now = performance.now()
      const due = Math.min(total, Math.floor(((now - start) * rate) / 1000) + 1)
      while (sent < due) {
        const i = sent++
        lags[i] = now - (start + (i * 1000) / rate)
        lastSend = now
        if (inFlight >= MAX_IN_FLIGHT) {
          errors.push(`not sent: ${MAX_IN_FLIGHT} requests already in flight`)
          finish()
          continue
        }
        inFlight++
        request(origin, "GET", path, { cookie, timeoutMs: 10_000 }).then(
          (answer) => {
            latencies[i] = answer.ms
            if (answer.status !== 200 || !answer.body.includes(expect)) errors.push(`${answer.status} ${answer.body.slice(0, 80)}`)
            inFlight--
            finish()
          },
          (error) => {
            errors.push(`transport: ${error.message}`)
            inFlight--
            finish()
          },
        )
      }
      if (sent < total) setTimeout(tick, 1)
    }
    tick()
  })
  const elapsed = (performance.now() - start) / 1000
  sampling = false
  await sampler
  samples.push({ at: elapsed, ...(await memorySample(origin)), requests: settled })

  const answered = latencies.filter((value) => !Number.isNaN(value))
  const first = samples[0]
  const last = samples[samples.length - 1]
  const settledSamples = samples.filter((s) => s.at >= TREND_FROM_SECONDS)
  const perMinute = (key) => slope(settledSamples.map((s) => ({ x: s.at / 60, y: s[key] / MiB })))
  return {
    rate,
    seconds,
    requests: total,
    errors: errors.length,
    errorExamples: [...new Set(errors)].slice(0, 5),
    // Over the send window: the schedule can only be late, which stretches the window and lowers this figure.
    achievedRate: lastSend > start ? (total - 1) / ((lastSend - start) / 1000) : 0,
    p50: percentile(answered, 50),
    p99: percentile(answered, 99),
    max: maximum(answered),
    lagP99: percentile(lags, 99),
    lagMax: maximum(lags),
    samples: samples.map(({ at, heapUsed, rss, requests }) => ({ at: Math.round(at), heapUsed, rss, requests })),
    heapFirst: first.heapUsed,
    heapLast: last.heapUsed,
    rssFirst: first.rss,
    rssLast: last.rss,
    heapTrend: perMinute("heapUsed"),
    rssTrend: perMinute("rss"),
  }
}

const trend = (value) =>
  Number.isFinite(value) ? `${value >= 0 ? "+" : ""}${value.toFixed(2)} MiB/min` : `no trend: under ${TREND_MIN_SAMPLES} samples after ${TREND_FROM_SECONDS} s`

export function longTable(l) {
  return table([
    ["requests", "errors", "rate (target → achieved)", "p50", "p99", "max", "send lag p99 / max", "heapUsed first → last (trend)", "RSS first → last (trend)"],
    [
      l.requests.toLocaleString("en-US"),
      l.errors,
      `${l.rate} → ${l.achievedRate.toFixed(1)}/s`,
      ms(l.p50),
      ms(l.p99),
      ms(l.max),
      `${ms(l.lagP99)} / ${ms(l.lagMax)}`,
      `${mib(l.heapFirst)} → ${mib(l.heapLast)} (${trend(l.heapTrend)})`,
      `${mib(l.rssFirst)} → ${mib(l.rssLast)} (${trend(l.rssTrend)})`,
    ],
  ])
}

export function memoryTable(samples) {
  return table([["at", "requests", "heapUsed", "RSS"], ...samples.map((s) => [`${s.at} s`, s.requests.toLocaleString("en-US"), mib(s.heapUsed), mib(s.rss)])])
}
