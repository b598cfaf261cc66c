/**
 * Run settings, read once from the environment so a quick or a long run needs no code change.
 *
 *   BENCH_SECONDS     measured seconds per contender per scenario (default 4)
 *   BENCH_ROUND_MS    length of one interleaved round per contender (default 250)
 *   BENCH_WARMUP_MS   least untimed warm-up per contender; it goes on until throughput stops rising (default 1000)
 *   BENCH_WARMUP_MAX_MS  most warm-up per contender (default 10000)
 *   BENCH_ONLY        comma-separated scenario ids to run (default: all), e.g. "session-reissue,decode"
 *   BENCH_IMPORT_RUNS cold-import child processes per library (default 12; 0 skips the scenario)
 *   BENCH_READ_BODY   1 = every timed session check also reads the response body (default 0)
 *   BENCH_GC_ROUNDS   with --expose-gc, the collection forced between rounds so one contender's garbage is not
 *                     collected on the other's clock: "minor" (default: a scavenge of the young generation), "full",
 *                     or "none". A full GC resets V8's heap sizing and made the next round several times slower here.
 *   BENCH_PG_URL      PostgreSQL for db-session-pg (default postgres://postgres@127.0.0.1:5432/test); the run creates
 *                     and drops the schemas gatehouse_bench and authjs_bench there
 *   BENCH_PG_POOL     pg.Pool size of each contender in db-session-pg (default 4)
 *   BENCH_REDIS_URL   Redis for db-session-redis (default redis://127.0.0.1:6379); keys under gatehouse-bench:
 *   BENCH_PASSWORD_CONCURRENCY  sign-ins in flight at once per library in password-signin (default 8)
 *   BENCH_PASSWORD_ROUND_MS     length of one interleaved round of password-signin (default 2000)
 */
function number(name, fallback) {
  const raw = process.env[name]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got ${JSON.stringify(raw)}`)
  return value
}

function choice(name, options, fallback) {
  const raw = process.env[name]
  if (raw === undefined || raw === "") return fallback
  if (!options.includes(raw)) throw new Error(`${name} must be one of ${options.join(", ")}, got ${JSON.stringify(raw)}`)
  return raw
}

function text(name, fallback) {
  const raw = process.env[name]
  return raw === undefined || raw === "" ? fallback : raw
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
    warmupMs: number("BENCH_WARMUP_MS", 1000),
    warmupMaxMs: number("BENCH_WARMUP_MAX_MS", 10000),
    only: only.length ? new Set(only) : undefined,
    importRuns: Math.round(number("BENCH_IMPORT_RUNS", 12)),
    readBody: flag("BENCH_READ_BODY", false),
    pgUrl: text("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/test"),
    pgPoolSize: Math.max(1, Math.round(number("BENCH_PG_POOL", 4))),
    redisUrl: text("BENCH_REDIS_URL", "redis://127.0.0.1:6379"),
    passwordConcurrency: Math.max(1, Math.round(number("BENCH_PASSWORD_CONCURRENCY", 8))),
    passwordRoundMs: Math.max(100, Math.round(number("BENCH_PASSWORD_ROUND_MS", 2000))),
    gcBetweenRounds: typeof globalThis.gc === "function" ? choice("BENCH_GC_ROUNDS", ["minor", "full", "none"], "minor") : "none",
  })
}
