/**
 * Run settings, read once from the environment so a quick or a long run needs no code change.
 *
 *   BENCH_SECONDS     measured seconds per contender per scenario (default 4)
 *   BENCH_ROUND_MS    length of one interleaved round per contender (default 250)
 *   BENCH_WARMUP_MS   untimed warm-up per contender before the rounds (default 500)
 *   BENCH_ONLY        comma-separated scenario ids to run (default: all), e.g. "session-reissue,decode"
 *   BENCH_IMPORT_RUNS cold-import child processes per library (default 12; 0 skips the scenario)
 *   BENCH_READ_BODY   1 = every timed session check also reads the response body (default 0)
 *   BENCH_GC_ROUNDS   1 = force a full GC between rounds when --expose-gc is on (default 1), so one contender's
 *                     garbage is not collected on the other's clock
 */
function number(name, fallback) {
  const raw = process.env[name]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got ${JSON.stringify(raw)}`)
  return value
}

function flag(name, fallback) {
  const raw = process.env[name]
  if (raw === undefined || raw === "") return fallback
  return raw !== "0" && raw.toLowerCase() !== "false"
}

export function readSettings() {
  const only = (process.env.BENCH_ONLY ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
  return Object.freeze({
    seconds: number("BENCH_SECONDS", 4),
    roundMs: number("BENCH_ROUND_MS", 250),
    warmupMs: number("BENCH_WARMUP_MS", 500),
    only: only.length ? new Set(only) : undefined,
    importRuns: Math.round(number("BENCH_IMPORT_RUNS", 12)),
    readBody: flag("BENCH_READ_BODY", false),
    gcBetweenRounds: flag("BENCH_GC_ROUNDS", true) && typeof globalThis.gc === "function",
  })
}
