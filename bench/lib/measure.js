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
  let ops = 0
  while (now < deadline) {
    const t0 = performance.now()
    await op()
    now = performance.now()
    samples?.push(now - t0)
    ops++
  }
  return { ms: now - start, ops }
}

/**
 * Runs `op` untimed until its throughput stops rising: chunks of `chunkMs`, for at least `minMs`, until
 * `patience` chunks in a row fail to beat the best rate so far by 3%, or `maxMs` have passed. Auth.js needs seconds
 * of this: its session check rose from ~400 to ~1,500/s over the first 4–5 s here as TurboFan got to its code (with
 * `--no-opt` it stays flat), so a fixed short warm-up would compare Gatehouse warm with Auth.js cold. Returns how
 * long it took.
 */
async function warmUp(op, { minMs, maxMs, chunkMs = 250, patience = 6 }) {
  const start = performance.now()
  let best = 0
  let stale = 0
  for (;;) {
    const { ms, ops } = await runFor(op, chunkMs)
    const rate = ops / ms
    if (rate > best * 1.03) stale = 0
    else stale++
    best = Math.max(best, rate)
    const elapsed = performance.now() - start
    if (elapsed >= maxMs || (elapsed >= minMs && stale >= patience)) return elapsed
  }
}

/**
 * Measures `contenders` (`[{ name, op }]`, `op` an async function doing one operation and throwing on a wrong
 * result) interleaved: each warmed up until its throughput plateaus, then rounds of `roundMs` each until every
 * contender has run about `seconds`. Returns, per contender name, its summary (ops/s, p50, p99 …), its warm-up time
 * and its ops/s in each round (`perRound`, the same round index for every contender).
 */
export async function measureInterleaved(contenders, { seconds, roundMs, warmupMs, warmupMaxMs, gcBetweenRounds }) {
  const warmupMsOf = {}
  for (const c of contenders) {
    warmupMsOf[c.name] = await warmUp(c.op, { minMs: warmupMs, maxMs: Math.max(warmupMs, warmupMaxMs) })
    collect(gcBetweenRounds)
  }
  const rounds = Math.max(1, Math.ceil((seconds * 1000) / roundMs))
  const state = contenders.map((c) => ({ contender: c, samples: new Samples(), ms: 0, perRound: [] }))
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? state : [...state].reverse()
    for (const s of order) {
      const { ms, ops } = await runFor(s.contender.op, roundMs, s.samples)
      s.ms += ms
      s.perRound.push(Math.round((ops / ms) * 1000 * 10) / 10)
      collect(gcBetweenRounds)
    }
  }
  const results = {}
  for (const s of state) {
    results[s.contender.name] = {
      ...summarize(s.samples.values(), s.ms),
      rounds,
      warmupSeconds: Math.round(warmupMsOf[s.contender.name]) / 1000,
      perRound: s.perRound,
    }
  }
  return results
}
