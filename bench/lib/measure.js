/**
 * The timing loop: contenders run one after another in short rounds — A, B, A, B… — so a burst of machine noise
 * (another process, a frequency change, a neighbour's build) lands on every contender alike instead of on whichever
 * happened to run at that moment. The order inside a round alternates (A B, then B A) so neither always runs right
 * after the other's garbage, and a minor GC between rounds sweeps away what the last contender left in the young
 * generation. Operations run one at a time (concurrency 1): latency and throughput of a single caller.
 */
import { performance } from "node:perf_hooks"
import { summarize } from "./stats.js"

/** Forces the collection named by the `gcBetweenRounds` setting ("minor", "full" or "none"). */
function collect(kind) {
  if (kind === "minor") globalThis.gc({ type: "minor" })
  else if (kind === "full") globalThis.gc()
}

/** A growable Float64Array of samples. */
class Samples {
  constructor() {
    this.data = new Float64Array(1 << 14)
    this.length = 0
  }
  push(value) {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2)
      next.set(this.data)
      this.data = next
    }
    this.data[this.length++] = value
  }
  values() {
    return this.data.subarray(0, this.length)
  }
}

/** Runs `op` back to back until `ms` have passed; records each latency into `samples` when given. */
async function runFor(op, ms, samples) {
  const start = performance.now()
  const deadline = start + ms
  let now = start
  while (now < deadline) {
    const t0 = performance.now()
    await op()
    now = performance.now()
    samples?.push(now - t0)
  }
  return now - start
}

/**
 * Measures `contenders` (`[{ name, op }]`, `op` an async function doing one operation and throwing on a wrong
 * result) interleaved: a warm-up of `warmupMs` each, then rounds of `roundMs` each until every contender has run
 * about `seconds`. Returns, per contender name, its summary (ops/s, p50, p99 …).
 */
export async function measureInterleaved(contenders, { seconds, roundMs, warmupMs, gcBetweenRounds }) {
  for (const c of contenders) {
    await runFor(c.op, warmupMs)
    collect(gcBetweenRounds)
  }
  const rounds = Math.max(1, Math.ceil((seconds * 1000) / roundMs))
  const state = contenders.map((c) => ({ contender: c, samples: new Samples(), ms: 0 }))
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? state : [...state].reverse()
    for (const s of order) {
      s.ms += await runFor(s.contender.op, roundMs, s.samples)
      collect(gcBetweenRounds)
    }
  }
  const results = {}
  for (const s of state) results[s.contender.name] = { ...summarize(s.samples.values(), s.ms), rounds }
  return results
}
