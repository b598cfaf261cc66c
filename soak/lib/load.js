/**
 * Phase (a): sustained `GET /session` load on one instance. `CONCURRENCY` loops each send the next request as soon as
 * the last one answered, for `LOAD_SECONDS`; every answer must be 200 with the expected user. Memory of the app is
 * sampled every `SAMPLE_SECONDS` (after two forced GCs in the app), the first sample after one period of warm-up.
 */
import { performance } from "node:perf_hooks"
import { request } from "./http.js"
import { CONCURRENCY, HEAP_BOUND, LOAD_SECONDS, RSS_BOUND, SAMPLE_SECONDS } from "./settings.js"
import { maximum, percentile, withinBound } from "./stats.js"

/** The app's `process.memoryUsage()` and peak RSS so far (`maxRss`); after two forced GCs unless `gc: false`. */
export async function memorySample(origin, { gc = true } = {}) {
  const answer = await request(origin, "GET", gc ? "/__soak/memory" : "/__soak/memory?gc=0")
  return JSON.parse(answer.body)
}

/**
 * Runs the load. `expect` is a substring every 200 body must contain (the user's e-mail). Resolves the figures:
 * requests, errors (with up to 5 examples), throughput, p50/p99/max latency, memory samples and whether they are flat.
 */
export async function sustainedLoad(origin, { path, cookie, expect }) {
  const latencies = []
  const errors = []
  let requests = 0
  const started = performance.now()
  const deadline = started + LOAD_SECONDS * 1000
  const samples = []
  let sampling = true

  const sampler = (async () => {
    while (sampling) {
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_SECONDS * 1000))
      if (!sampling) break
      const { heapUsed, rss } = await memorySample(origin)
      samples.push({ at: Math.round((performance.now() - started) / 1000), heapUsed, rss, requests })
    }
  })()

  async function loop() {
    while (performance.now() < deadline) {
      let answer
      try {
        answer = await request(origin, "GET", path, { cookie })
      } catch (error) {
        errors.push(`transport: ${error.message}`)
        continue
      }
      requests++
      latencies.push(answer.ms)
      if (answer.status !== 200 || !answer.body.includes(expect)) errors.push(`${answer.status} ${answer.body.slice(0, 80)}`)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, loop))
  const elapsed = (performance.now() - started) / 1000
  sampling = false
  await sampler
  samples.push({ at: Math.round(elapsed), ...(await memorySample(origin)), requests })

  const first = samples[0]
  const last = samples[samples.length - 1]
  return {
    requests,
    errors: errors.length,
    errorExamples: errors.slice(0, 5),
    seconds: elapsed,
    throughput: requests / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: maximum(latencies),
    samples: samples.map(({ at, heapUsed, rss, requests: n }) => ({ at, heapUsed, rss, requests: n })),
    heapGrowth: last.heapUsed - first.heapUsed,
    rssGrowth: last.rss - first.rss,
    heapFlat: withinBound(first.heapUsed, last.heapUsed, HEAP_BOUND),
    rssFlat: withinBound(first.rss, last.rss, RSS_BOUND),
    heapLast: last.heapUsed,
    rssLast: last.rss,
  }
}
