/** The report: verdict lines (one per check), the tables, and the JSON written to soak/results/. */
import { mib, ms, seconds, signedMib, table } from "./stats.js"

export function loadTable(loads) {
  return table([
    ["instance", "requests", "errors", "req/s", "p50", "p99", "max", "heapUsed (last, growth)", "RSS (last, growth)"],
    ...loads.map((l) => [
      l.name,
      l.requests.toLocaleString("en-US"),
      l.errors,
      Math.round(l.throughput).toLocaleString("en-US"),
      ms(l.p50),
      ms(l.p99),
      ms(l.max),
      `${mib(l.heapLast)} (${signedMib(l.heapGrowth)})`,
      `${mib(l.rssLast)} (${signedMib(l.rssGrowth)})`,
    ]),
  ])
}

export function outageTable(outages) {
  return table([
    ["store", "down for", "checks while down", "answer while down", "p50 / max while down", "cookie cleared", "back after start", "sessions valid before → after", "same process"],
    ...outages.map((o) => [
      o.store,
      `${o.downSeconds.toFixed(1)} s`,
      o.duringOutage.checks,
      o.duringOutage.all503Null ? "503 null (all)" : JSON.stringify(o.statuses),
      `${ms(o.duringOutage.p50)} / ${ms(o.duringOutage.max)}`,
      o.duringOutage.cookieCleared,
      o.recoverySeconds === undefined ? "NOT RECOVERED" : `${o.recoverySeconds.toFixed(2)} s`,
      `${o.validBefore}/${o.sessions} → ${o.validAfter}/${o.sessions}${o.keepsData ? "" : " (no persistence: lost)"}`,
      o.sameProcess ? "yes" : "NO",
    ]),
  ])
}

export function providerTable(provider) {
  return table([
    ["hanging endpoint", "hung sign-in ended after", "ended at", "error page", "other traffic meanwhile (p99, errors)", "sign-in after recovery"],
    ...provider.steps.map((s) => [
      s.endpoint,
      seconds(s.hung.ms),
      s.hung.ok ? "SIGNED IN?" : `${s.hung.location} (${s.hung.stage})`,
      s.hung.page ? `${s.hung.page.status} html${s.hung.page.stack ? " + STACK" : ""}` : "—",
      `${s.traffic.checks} checks, ${ms(s.traffic.p99)}, ${s.traffic.errors}`,
      s.recovered.ok ? (s.recovered.note ?? `ok (${ms(s.recovered.ms)})`) : `FAILED ${s.recovered.location}`,
    ]),
  ])
}

export function raceTable(races) {
  return table([
    ["store", "rounds", "updates (statuses)", "sign-outs ok", "session after sign-out", "rows left", "stack traces"],
    ...races.map((r) => [
      r.store,
      r.rounds,
      `${r.updates} ${JSON.stringify(r.updateStatuses)}`,
      `${r.signOuts}/${r.rounds}`,
      r.resurrected ? `${r.resurrected} RESURRECTED` : "null every round",
      r.rowsLeft,
      r.stackTraces,
    ]),
  ])
}

export function floodTable(f) {
  const m = f.memory
  return table([
    ["sign-ins", "answered in", "sign-in p50 / max", "session checks during", "their p50 / p99 / max", "RSS before → peak → after (GC'd)", "growth (bound)"],
    [
      Object.entries(f.byKind).map(([kind, k]) => `${k.count} ${kind}`).join(", "),
      `${f.seconds.toFixed(1)} s`,
      `${ms(f.signInP50)} / ${ms(f.signInMax)}`,
      `${f.checks.during}, ${f.checks.errors} errors`,
      `${ms(f.checks.p50)} / ${ms(f.checks.p99)} / ${ms(f.checks.max)}`,
      `${mib(m.before)} → ${mib(m.peak)} → ${mib(m.after)}`,
      `${signedMib(m.growth)} (${mib(m.bound)})`,
    ],
  ])
}

export function checksTable(checks) {
  return table([["check", "result", "detail"], ...checks.map((c) => [c.name, c.pass ? "pass" : "FAIL", c.detail ?? ""])])
}
