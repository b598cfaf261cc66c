#!/usr/bin/env node
// The public API report: api/<package>.api.md records what each published package exports, entry point by entry
// point, read from the sources with the TypeScript compiler (one program over every entry point, no build needed).
// packages/core/test/api-report.test.ts fails `npm test` when the sources and api/ disagree. docs/stability.md says
// what the report promises.
//
//   npm run api                                 (= node scripts/api-report.mjs --write) regenerate api/
//   node scripts/api-report.mjs --check         exit 1 and list the differences when api/ is not current
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { compareReports } from "./api-report/compare.mjs"
import { generateReports, readReports, REPORTS_DIR } from "./api-report/generate.mjs"

const USAGE = `Usage: node scripts/api-report.mjs --write | --check

  --write   regenerate ${REPORTS_DIR}/<package>.api.md from the sources (what \`npm run api\` runs)
  --check   compare ${REPORTS_DIR}/ with the sources; exit 1 listing the differences
`

const root = fileURLToPath(new URL("../", import.meta.url))
const mode = process.argv.slice(2)
if (mode.length !== 1 || !["--write", "--check"].includes(mode[0])) {
  process.stderr.write(mode.includes("--help") || mode.includes("-h") ? "" : `api-report: expected --write or --check.\n\n`)
  process.stdout.write(USAGE)
  process.exit(mode.includes("--help") || mode.includes("-h") ? 0 : 2)
}

try {
  const started = performance.now()
  const dir = join(root, REPORTS_DIR)
  const committed = readReports(dir)
  const { reports, skipped } = generateReports(root)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  if (mode[0] === "--check") {
    const differences = compareReports(committed, reports)
    if (differences !== undefined) {
      process.stdout.write(`${differences}\n`)
      process.exit(1)
    }
    process.stdout.write(`api-report: ${REPORTS_DIR}/ is current (${reports.size} reports, ${seconds} s).\n`)
  } else {
    mkdirSync(dir, { recursive: true })
    const changed = []
    for (const [name, markdown] of reports) {
      if (committed.get(name) === markdown) continue
      writeFileSync(join(dir, name), markdown)
      changed.push(name)
    }
    for (const name of committed.keys()) {
      if (reports.has(name)) continue
      rmSync(join(dir, name))
      changed.push(`${name} (removed)`)
    }
    const summary = changed.length === 0 ? "none changed" : `changed: ${changed.join(", ")}`
    process.stdout.write(`api-report: ${reports.size} reports in ${REPORTS_DIR}/, ${summary} (${seconds} s).\n`)
  }
  for (const { packageName, reason } of skipped) process.stdout.write(`api-report: no report for ${packageName}: ${reason}.\n`)
} catch (error) {
  process.stderr.write(`api-report: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
}
