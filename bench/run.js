/**
 * `npm run bench`: Gatehouse and @auth/core side by side in one process, interleaved, with the same configuration,
 * the same requests and the same session token; prints a table of ops/s, p50/p99 latency, the Gatehouse/Auth.js
 * ratio and the target (docs/design.md#performance-targets), and writes it to bench/results/latest.json. Settings:
 * bench/lib/settings.js.
 *
 * Exit code 1 when a scenario could not be measured (a build error, a failing path); a missed target is reported
 * but is not an error. A database scenario whose server does not answer (or whose adapter is not built) is skipped
 * with a notice, not an error.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { performance } from "node:perf_hooks"
import { describeEnvironment, formatEnvironment } from "./lib/environment.js"
import { measureColdImport } from "./lib/cold-import.js"
import { measureInterleaved } from "./lib/measure.js"
import { preflight } from "./lib/preflight.js"
import { readSettings } from "./lib/settings.js"
import { percentile } from "./lib/stats.js"
import { formatTable } from "./lib/table.js"

preflight()
// Imported after the preflight check: these import both libraries.
const { AUTHJS, GATEHOUSE, scenarios } = await import("./lib/scenarios.js")
const { dbScenarios } = await import("./lib/db-scenarios.js")
const { rateLimitScenarios } = await import("./lib/rate-limit-scenarios.js")
const { revocationScenarios } = await import("./lib/revocation-scenarios.js")
const { passwordScenarios } = await import("./lib/password-scenarios.js")

const settings = readSettings()
const environment = describeEnvironment()
const selected = (id) => !settings.only || settings.only.has(id)
const knownIds = [...scenarios.map((s) => s.id), "import", ...dbScenarios.map((s) => s.id), ...rateLimitScenarios.map((s) => s.id), ...revocationScenarios.map((s) => s.id), ...passwordScenarios.map((s) => s.id)]
for (const id of settings.only ?? []) {
  if (!knownIds.includes(id)) {
    console.error(`BENCH_ONLY: unknown scenario ${JSON.stringify(id)}; known: ${knownIds.join(", ")}`)
    process.exit(1)
  }
}

console.log(formatEnvironment(environment))
console.log(
  `settings: ${settings.seconds}s per contender per scenario in ${settings.roundMs} ms rounds, ` +
    `warm-up until throughput plateaus (${settings.warmupMs / 1000}–${settings.warmupMaxMs / 1000} s), ` +
    `GC between rounds: ${settings.gcBetweenRounds}, read body: ${settings.readBody ? "yes" : "no"}, ` +
    `cold-import runs: ${settings.importRuns}`,
)
if (!environment.gcExposed) console.log("note: run with --expose-gc (npm run bench does) to isolate rounds from each other's garbage")
console.log("")

const rows = []
const errors = []
const started = performance.now()

/** p10 and p90 of the per-round ratios: how much the ratio moved between rounds (noise, not a confidence bound). */
function ratioSpread(a, b) {
  const ratios = a.perRound.map((rate, i) => rate / b.perRound[i]).filter(Number.isFinite).sort((x, y) => x - y)
  return ratios.length ? [percentile(ratios, 10), percentile(ratios, 90)] : undefined
}

function rowsOf(comparisons, results) {
  return comparisons.map((c) => {
    // `metric`: the part of each contender's result this row shows (password-loop: "loop", "check").
    const pick = (r) => (c.metric ? r[c.metric] : r)
    const a = pick(results[c.numerator])
    // A Gatehouse-only row (no denominator): its own numbers, no ratio, "info".
    if (c.denominator === undefined) return { label: c.label, aName: c.numerator, a }
    const b = pick(results[c.denominator])
    // A latency bound on Gatehouse's p99 (`maxP99Ms`): no ratio; the baseline's numbers are shown beside it.
    if (c.maxP99Ms !== undefined) {
      return { label: c.label, aName: c.numerator, bName: c.denominator, maxP99Ms: c.maxP99Ms, concurrent: c.concurrent, pass: a.p99Us < c.maxP99Ms * 1000, a, b }
    }
    const ratio = a.opsPerSec / b.opsPerSec
    return {
      label: c.label,
      aName: c.numerator,
      bName: c.denominator,
      ratio,
      spread: ratioSpread(a, b),
      ...(c.min !== undefined ? { min: c.min, pass: ratio >= c.min } : {}),
      ...(c.percent ? { percent: true } : {}),
      ...(c.concurrent ? { concurrent: true } : {}),
      a,
      b,
    }
  })
}

function errorRows(comparisons, error) {
  return comparisons.map((c) => ({ label: c.label, aName: c.numerator, bName: c.denominator, min: c.min, maxP99Ms: c.maxP99Ms, percent: c.percent, error: error.message }))
}

function skippedRows(comparisons, reason) {
  return comparisons.map((c) => ({ label: c.label, aName: c.numerator, bName: c.denominator, min: c.min, maxP99Ms: c.maxP99Ms, skipped: reason }))
}

/**
 * Prepares, validates, measures and validates again one scenario; pushes its rows (or ERROR / skipped rows). A
 * scenario with `unavailable(settings)` (the database ones) is skipped when that returns a reason; `report()` adds
 * notes printed under the table (queries per check…); `close()` releases pools, connections and files. A prepared
 * scenario with `measure()` (the password ones: many callers at once) measures itself instead of `measureInterleaved`.
 */
async function runScenario(scenario) {
  process.stdout.write(`${scenario.title} … `)
  const t0 = performance.now()
  let prepared
  try {
    const reason = await scenario.unavailable?.(settings)
    if (reason) {
      console.log(`skipped: ${reason}`)
      rows.push(...skippedRows(scenario.comparisons, reason))
      return
    }
    prepared = await scenario.prepare(settings)
    await prepared.validate()
    const results = prepared.measure ? await prepared.measure() : await measureInterleaved(prepared.contenders, settings)
    await prepared.validate()
    const report = (await prepared.report?.()) ?? {}
    const scenarioRows = rowsOf(scenario.comparisons, results)
    if (report.notes?.length || report.data) Object.assign(scenarioRows[0], { notes: report.notes, data: report.data })
    rows.push(...scenarioRows)
    const warmups = Object.entries(results).map(([name, r]) => `${name} ${r.warmupSeconds.toFixed(1)} s`)
    console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s (warm-up: ${warmups.join(", ")})`)
    for (const note of report.notes ?? []) console.log(`  ${note}`)
  } catch (error) {
    console.log("ERROR")
    errors.push({ scenario: scenario.id, message: error.message, stack: error.stack })
    rows.push(...errorRows(scenario.comparisons, error))
  } finally {
    await prepared?.close?.()
  }
}

for (const scenario of scenarios.filter((s) => selected(s.id))) await runScenario(scenario)

const importComparison = { label: "6. cold import (imports/s)", numerator: GATEHOUSE, denominator: AUTHJS, min: 1 }
if (selected("import") && settings.importRuns > 0) {
  process.stdout.write(`6. cold import of @gatehousejs/core vs @auth/core, ${settings.importRuns} fresh processes each … `)
  const t0 = performance.now()
  try {
    const results = measureColdImport(
      [
        { name: GATEHOUSE, specifier: "@gatehousejs/core" },
        { name: AUTHJS, specifier: "@auth/core" },
      ],
      settings.importRuns,
    )
    rows.push(...rowsOf([importComparison], results))
    console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s`)
  } catch (error) {
    console.log("ERROR")
    errors.push({ scenario: "import", message: error.message, stack: error.stack })
    rows.push(...errorRows([importComparison], error))
  }
}

for (const scenario of dbScenarios.filter((s) => selected(s.id))) await runScenario(scenario)
for (const scenario of rateLimitScenarios.filter((s) => selected(s.id))) await runScenario(scenario)
for (const scenario of revocationScenarios.filter((s) => selected(s.id))) await runScenario(scenario)
for (const scenario of passwordScenarios.filter((s) => selected(s.id))) await runScenario(scenario)

console.log("")
console.log(formatTable(rows))
const notes = rows.flatMap((r) => [
  ...(r.skipped ? [`${r.label}: skipped — ${r.skipped}`] : []),
  ...(r.notes ?? []).map((n) => `${r.label}: ${n}`),
])
if (notes.length) console.log(`\n${notes.join("\n")}`)
console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s`)
for (const e of errors) console.error(`\n[${e.scenario}] ${e.stack ?? e.message}`)

const outDir = new URL("./results/", import.meta.url)
mkdirSync(outDir, { recursive: true })
const { only, ...recorded } = settings
// A password in a connection URL stays out of the results file.
for (const key of ["pgUrl", "redisUrl"]) {
  try {
    const u = new URL(recorded[key])
    if (u.password) u.password = "***"
    recorded[key] = u.toString()
  } catch {
    // not a URL: recorded as given
  }
}
writeFileSync(
  new URL("latest.json", outDir),
  `${JSON.stringify({ environment, settings: { ...recorded, only: only ? [...only] : null }, rows, errors }, null, 2)}\n`,
)
console.log(`results written to bench/results/latest.json`)
if (errors.length) process.exitCode = 1
