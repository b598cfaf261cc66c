/** Percentiles and formatting for the report. */

const MiB = 1024 * 1024

/** The p-th percentile (0–100) of `values` (sorted copy, nearest rank). */
export function percentile(values, p) {
  if (!values.length) return NaN
  const sorted = Float64Array.from(values).sort()
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]
}

/** The largest of `values`, without spreading them into arguments (a long run has more than the stack allows). */
export function maximum(values) {
  let max = -Infinity
  for (const value of values) if (value > max) max = value
  return values.length ? max : NaN
}

export const mib = (bytes) => `${(bytes / MiB).toFixed(1)} MiB`
export const signedMib = (bytes) => `${bytes >= 0 ? "+" : ""}${(bytes / MiB).toFixed(1)} MiB`
export const ms = (value) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms` : "—")
export const seconds = (value) => `${(value / 1000).toFixed(1)} s`

/** Whether growth from `first` to `last` stays inside `{ absolute, relative }`. */
export function withinBound(first, last, bound) {
  return last - first <= Math.max(bound.absolute, first * bound.relative)
}

/** A plain-text table: `rows` of equal-length string arrays, the first being the header. */
export function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)))
  const line = (row) => `| ${row.map((cell, i) => String(cell).padEnd(widths[i])).join(" | ")} |`
  return [line(rows[0]), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.slice(1).map(line)].join("\n")
}
