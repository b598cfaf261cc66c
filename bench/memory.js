/**
 * `node --expose-gc bench/memory.js`: 200k Gatehouse session checks (`GET /auth/session` with a valid cookie,
 * response body read as a server would), with a full GC and a sample of heapUsed and RSS every 20k. Prints the
 * series and the growth from the first sample to the last; the target (docs/design.md#performance-targets) is flat.
 *
 *   BENCH_MEMORY_CHECKS   total checks (default 200000)
 *   BENCH_MEMORY_EVERY    checks between samples (default 20000)
 *   BENCH_MEMORY_REISSUE  1 = Gatehouse with `updateAge: 0`, re-issuing the cookie on every check (default 0)
 *
 * "Flat" here: heapUsed grows by at most max(1 MiB, 5%) and RSS by at most max(8 MiB, 10%) from the first sample
 * (taken after the first 20k checks, so warm-up and JIT are behind it) to the last.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { performance } from "node:perf_hooks"
import { describeEnvironment, formatEnvironment } from "./lib/environment.js"
import { preflight } from "./lib/preflight.js"

preflight()
// Imported after the preflight check: these import both libraries.
const authjsJwt = await import("@auth/core/jwt")
const { CLAIMS, SECRET, SESSION_COOKIE, USER, handlers, url } = await import("./lib/fixtures.js")

const MiB = 1024 * 1024
const total = Number(process.env.BENCH_MEMORY_CHECKS ?? 200_000)
const every = Number(process.env.BENCH_MEMORY_EVERY ?? 20_000)
const reissue = ["1", "true"].includes(String(process.env.BENCH_MEMORY_REISSUE ?? "0").toLowerCase())

if (typeof globalThis.gc !== "function") {
  console.error("memory.js needs a forced GC to sample: run `node --expose-gc bench/memory.js`")
  process.exit(1)
}

const environment = describeEnvironment()
console.log(formatEnvironment(environment))
console.log(`${total.toLocaleString("en-US")} Gatehouse session checks, ${reissue ? "re-issuing the cookie each time (updateAge: 0)" : "inside updateAge (no re-issue)"}, sampled every ${every.toLocaleString("en-US")}\n`)

const { gatehouse } = handlers(reissue ? { updateAge: 0 } : undefined)
const token = await authjsJwt.encode({ token: { ...CLAIMS }, secret: SECRET, salt: SESSION_COOKIE })
const cookie = `${SESSION_COOKIE}=${token}`
const sessionUrl = url("/session")

async function check() {
  const response = await gatehouse(new Request(sessionUrl, { headers: { cookie } }))
  const body = await response.text()
  if (response.status !== 200 || body === "null") throw new Error(`Gatehouse GET /auth/session failed: ${response.status} ${body.slice(0, 200)}`)
  return body
}

const first = JSON.parse(await check())
if (first.user?.email !== USER.email) throw new Error(`Gatehouse GET /auth/session returned another user: ${JSON.stringify(first)}`)

function sample(checks, ms) {
  globalThis.gc()
  globalThis.gc()
  const { heapUsed, rss, external, arrayBuffers } = process.memoryUsage()
  return { checks, heapUsed, rss, external, arrayBuffers, seconds: Math.round(ms) / 1000 }
}

const mib = (bytes) => (bytes / MiB).toFixed(2).padStart(8)
const signedMib = (bytes) => `${bytes >= 0 ? "+" : ""}${(bytes / MiB).toFixed(2)} MiB`
console.log("  checks   heapUsed MiB   RSS MiB   external MiB   checks/s")
const series = [sample(0, 0)]
const row = (s, rate) =>
  console.log(`${s.checks.toLocaleString("en-US").padStart(8)}   ${mib(s.heapUsed)}     ${mib(s.rss)}   ${mib(s.external)}     ${rate}`)
row(series[0], "")

const started = performance.now()
let done = 0
while (done < total) {
  const t0 = performance.now()
  const stop = Math.min(total, done + every)
  for (; done < stop; done++) await check()
  const rate = Math.round(((stop - (series.at(-1).checks)) / (performance.now() - t0)) * 1000).toLocaleString("en-US")
  const s = sample(done, performance.now() - started)
  series.push(s)
  row(s, rate)
}

const from = series[1] ?? series[0]
const to = series.at(-1)
const heapGrowth = to.heapUsed - from.heapUsed
const rssGrowth = to.rss - from.rss
const heapFlat = heapGrowth <= Math.max(1 * MiB, from.heapUsed * 0.05)
const rssFlat = rssGrowth <= Math.max(8 * MiB, from.rss * 0.1)
console.log(
  `\ngrowth ${from.checks.toLocaleString("en-US")} → ${to.checks.toLocaleString("en-US")} checks: ` +
    `heapUsed ${signedMib(heapGrowth)} (${((heapGrowth / from.heapUsed) * 100).toFixed(1)}%), ` +
    `RSS ${signedMib(rssGrowth)} (${((rssGrowth / from.rss) * 100).toFixed(1)}%)`,
)
console.log(`verdict: heap ${heapFlat ? "flat" : "GROWING"}, RSS ${rssFlat ? "flat" : "GROWING"} → ${heapFlat && rssFlat ? "PASS" : "FAIL"}`)

const outDir = new URL("./results/", import.meta.url)
mkdirSync(outDir, { recursive: true })
writeFileSync(
  new URL(`memory${reissue ? "-reissue" : ""}.json`, outDir),
  `${JSON.stringify({ environment, total, every, reissue, series, heapGrowth, rssGrowth, pass: heapFlat && rssFlat }, null, 2)}\n`,
)
console.log(`series written to bench/results/memory${reissue ? "-reissue" : ""}.json`)
