/**
 * The printed results table: one row per comparison — ops/s, p50 and p99 (µs) of both sides, their ratio, the
 * target and whether it is met.
 */

function fixed(value, digits) {
  return Number.isFinite(value) ? value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "—"
}

function opsPerSec(v) {
  return fixed(v, v >= 100 ? 0 : 1)
}

function micros(v) {
  return fixed(v, v >= 100 ? 0 : 1)
}

function ratio(row) {
  if (!Number.isFinite(row.ratio)) return "—"
  return row.percent ? `${fixed(row.ratio * 100, 1)}%` : `${fixed(row.ratio, row.ratio >= 10 ? 1 : 2)}×`
}

function spread(row) {
  if (!row.spread) return "—"
  const [lo, hi] = row.spread
  return row.percent ? `${fixed(lo * 100, 0)}–${fixed(hi * 100, 0)}%` : `${fixed(lo, lo >= 10 ? 0 : 1)}–${fixed(hi, hi >= 10 ? 0 : 1)}×`
}

function target(row) {
  if (row.maxP99Ms !== undefined) return `GH p99 < ${row.maxP99Ms} ms`
  if (row.min === undefined) return "—"
  return row.percent ? `≥ ${fixed(row.min * 100, 0)}%` : `≥ ${row.min}×`
}

function verdict(row) {
  if (row.error) return "ERROR"
  if (row.skipped) return "skipped"
  if (row.min === undefined && row.maxP99Ms === undefined) return "info"
  return row.pass ? "PASS" : "FAIL"
}

/** Pads and aligns `rows` (arrays of strings) under `head`: first column left, others right. */
function render(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ")
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n")
}

/**
 * `rows`: `{ label, a, b, aName, bName, ratio, min, maxP99Ms, percent, pass, error, skipped }` with `a`/`b` summaries
 * (ops/s, p50Us, p99Us). Gatehouse is always side A; a row without `b` (Gatehouse only, e.g. Redis and SQLite
 * sessions) shows "—" for the baseline and the ratio. A row with `maxP99Ms` (password-loop) has no ratio: its target
 * is Gatehouse's p99 under that bound.
 */
export function formatTable(rows) {
  const head = ["scenario", "vs", "GH ops/s", "base ops/s", "GH p50", "GH p99", "base p50", "base p99", "GH/base", "rounds p10–p90", "target", "result"]
  const body = rows.map((r) =>
    r.error || r.skipped
      ? [r.label, r.bName ?? "—", "", "", "", "", "", "", "", "", target(r), verdict(r)]
      : [
          r.label,
          r.bName ?? "—",
          opsPerSec(r.a.opsPerSec),
          r.b ? opsPerSec(r.b.opsPerSec) : "—",
          micros(r.a.p50Us),
          micros(r.a.p99Us),
          r.b ? micros(r.b.p50Us) : "—",
          r.b ? micros(r.b.p99Us) : "—",
          ratio(r),
          spread(r),
          target(r),
          verdict(r),
        ],
  )
  const concurrent = rows.some((r) => r.concurrent)
  return (
    `${render(head, body)}\n` +
    "(latencies in µs; ops/s of one caller, one operation at a time; GH/base from all rounds' ops, " +
    "p10–p90 of the per-round ratios shows how much it moved)" +
    (concurrent
      ? "\n(10, 11: many callers at once, see their notes; 11a: ops/s = sign-ins/s, p50/p99 = the event loop's delay; " +
        "11b: ops/s = session checks/s, p50/p99 = one check's latency)"
      : "")
  )
}
