// Every report, generated in memory from the sources, and the committed ones read from api/: the two inputs of
// the comparison (scripts/api-report/compare.mjs).
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { commandLineReport } from "./command-line-report.mjs"
import { compare, publicSurface } from "./entries.mjs"
import { libraryReports } from "./library-reports.mjs"
import { renderReport } from "./markdown.mjs"
import { createApiProgram } from "./program.mjs"

export const REPORTS_DIR = "api"

/**
 * file name (`core.api.md`) -> Markdown, for every published package of `<root>/packages/`, plus `skipped`: the
 * packages without a report and why.
 * @returns {{ reports: Map<string, string>, skipped: import("./entries.mjs").SkippedPackage[] }}
 */
export function generateReports(root) {
  const surface = publicSurface(root)
  const modules = surface.libraries.filter((entry) => !entry.asset).map((entry) => entry.file)
  const api = createApiProgram(root, [...new Set(modules)])
  const reports = libraryReports(api, surface.libraries)
  const commandLinePackages = [...new Set(surface.commandLines.map((entry) => entry.packageDir))]
  for (const packageDir of commandLinePackages) {
    reports.push(commandLineReport(root, surface.commandLines.filter((entry) => entry.packageDir === packageDir)))
  }
  reports.sort((a, b) => compare(a.fileName, b.fileName))
  return { reports: new Map(reports.map((report) => [report.fileName, renderReport(report)])), skipped: surface.skipped }
}

/**
 * file name -> Markdown of the `*.api.md` files in `dir` (an empty map when the folder does not exist), with line
 * feeds: a checkout that turned them into CRLF still compares equal.
 */
export function readReports(dir) {
  if (!existsSync(dir)) return new Map()
  const names = readdirSync(dir).filter((name) => name.endsWith(".api.md")).sort(compare)
  return new Map(names.map((name) => [name, readFileSync(join(dir, name), "utf8").replace(/\r\n/g, "\n")]))
}
