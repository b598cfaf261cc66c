// The report of a package whose API is a command line (`gatehousejs`): its commands and each one's options, read
// from its own `--help` output, as users see it. Descriptions are left out, so rewording a help line is no API change.
// The sources are transpiled into a scratch folder first (as packages/cli/test does), so no build is needed; the
// folder is under node_modules/.cache so that the command's own dependencies (`jiti`, …) resolve as installed.
import { spawnSync } from "node:child_process"
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import ts from "typescript"

/** @returns {import("./library-reports.mjs").Report} */
export function commandLineReport(root, entries) {
  const [{ packageDir, packageName }] = entries
  const packagePath = join(root, "packages", packageDir)
  mkdirSync(join(root, "node_modules", ".cache"), { recursive: true })
  const scratch = mkdtempSync(join(root, "node_modules", ".cache", "gatehouse-api-report-"))
  try {
    transpile(join(packagePath, "src"), join(scratch, "dist"))
    copyFileSync(join(packagePath, "package.json"), join(scratch, "package.json"))
    const sections = entries.map(({ command, file }) => {
      const bin = join(scratch, "dist", relative(join(packagePath, "src"), file).replace(/\.tsx?$/, ".js"))
      const help = run(scratch, bin, command, ["--help"])
      const items = [{ name: command, kind: "options", language: "text", text: optionsOf(help, `${command} --help`) }]
      for (const sub of listed(help, "Commands")) {
        const subHelp = run(scratch, bin, command, [sub, "--help"])
        items.push({ name: `${command} ${sub}`, kind: "command", language: "text", text: optionsOf(subHelp, `${command} ${sub} --help`) })
      }
      return { title: command, items }
    })
    return {
      fileName: `${packageDir}.api.md`,
      title: `\`${packageName}\` command-line report`,
      intro:
        "The package has no library API (no `exports`): its API is its command line. Each command with its options, " +
        "as its `--help` lists them; exit codes and messages are described in the package's README.",
      sections,
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

function transpile(sourceDir, outDir) {
  for (const name of readdirSync(sourceDir)) {
    const path = join(sourceDir, name)
    if (statSync(path).isDirectory()) {
      transpile(path, join(outDir, name))
      continue
    }
    if (!/\.tsx?$/.test(name) || name.endsWith(".d.ts")) continue
    const { outputText } = ts.transpileModule(readFileSync(path, "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX },
      fileName: name,
    })
    const out = join(outDir, name.replace(/\.tsx?$/, ".js"))
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(out, outputText)
  }
}

function run(cwd, bin, command, args) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: "utf8", timeout: 20_000 })
  if (result.status !== 0) {
    const lines = (result.stderr || result.stdout || String(result.error ?? "")).trim().split("\n")
    const said = (lines.find((line) => /^\w*Error\b/.test(line)) ?? lines[0]).split(`${cwd}/`).join("")
    throw new Error(`\`${[command, ...args].join(" ")}\` (transpiled from src/) exited with ${result.status}: ${said}`)
  }
  return result.stdout
}

/**
 * The first column of the lines under `<heading>:` up to the next blank line. A line indented deeper than the first
 * one continues the description above it.
 */
function listed(help, heading) {
  const lines = help.split("\n")
  const start = lines.findIndex((line) => line.trim() === `${heading}:`)
  if (start === -1) return []
  const found = []
  let indent
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === "") break
    const [, spaces, column] = /^(\s+)(\S.*?)(?:\s{2,}|$)/.exec(line) ?? []
    indent ??= spaces
    if (column && spaces === indent) found.push(column)
  }
  return found
}

function optionsOf(help, where) {
  const options = listed(help, "Options")
  if (options.length === 0) throw new Error(`\`${where}\` lists no "Options:" section; the report reads the options from it.`)
  return options.join("\n")
}
