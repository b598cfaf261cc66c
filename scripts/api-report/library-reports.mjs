// The reports of the library packages: one section per entry point, one item per exported name. A symbol's text is
// shown once per package, under its home entry (the entry point whose file declares it, else the first in order);
// other entries of the package, and other packages, show a one-line re-export of it. Types that the API names but no
// entry point exports get their own section in the report of the package that declares them.
import ts from "typescript"
import { declarationText, kindOf, originOf, referencedSymbols } from "./declarations.mjs"
import { compare } from "./entries.mjs"
import { moduleExports } from "./exports.mjs"

/**
 * @typedef {{ name: string, where?: string, kind: string, language?: string, text: string }} ReportItem
 *   `where`: the declaring file, for a type that is not exported; `language`: of the code block, "ts" by default
 * @typedef {{ title: string, note?: string, items: ReportItem[] }} ReportSection
 * @typedef {{ fileName: string, title: string, intro: string, sections: ReportSection[] }} Report
 */

const UNEXPORTED_TITLE = "Not exported, but named by the API"

/** @returns {Report[]} one per package, for `api/<package>.api.md` */
export function libraryReports(api, entries) {
  const modules = entries.filter((entry) => !entry.asset && !entry.sameAs)
  const exportsByEntry = new Map(modules.map((entry) => [entry, moduleExports(api, entry.file)]))
  const homes = homeEntries(modules, exportsByEntry)

  const reports = new Map()
  for (const entry of entries) {
    if (!reports.has(entry.packageDir)) {
      reports.set(entry.packageDir, {
        fileName: `${entry.packageDir}.api.md`,
        title: `\`${entry.packageName}\` API report`,
        intro: "Every entry point of the package's `exports` map, and what it exports.",
        sections: [],
      })
    }
    const section = { title: entry.specifier, items: [] }
    if (entry.asset) section.note = `A file, not a module: \`${entry.asset}\`.`
    else if (entry.sameAs) section.note = `The same module as \`${entry.sameAs}\`.`
    else {
      for (const { name, symbol, typeOnly } of exportsByEntry.get(entry)) {
        section.items.push(item(api, entry, name, symbol, typeOnly, homes))
      }
    }
    reports.get(entry.packageDir).sections.push(section)
  }

  for (const [packageDir, symbols] of unexportedByPackage(api, modules, exportsByEntry, homes)) {
    const report = reports.get(packageDir)
    if (report === undefined) continue
    report.sections.push({
      title: UNEXPORTED_TITLE,
      note: "Types that the exports above use but no entry point exports: users cannot import them by name, yet a change to them changes the API.",
      items: symbols.map((symbol) => ({
        name: symbol.getName(),
        where: pathOf(api, symbol),
        kind: kindOf(symbol),
        text: clean(api, declarationText(api, symbol)),
      })),
    })
  }
  return [...reports.values()]
}

/**
 * symbol -> packageDir -> { specifier, name } of the entry point that shows the symbol's text for that package: the
 * entry whose own file declares it, else the first entry (in order) that exports it; under a name other than
 * `default` when it has one.
 */
function homeEntries(modules, exportsByEntry) {
  const homes = new Map()
  for (const entry of modules) {
    for (const { name, symbol } of exportsByEntry.get(entry)) {
      if (!homes.has(symbol)) homes.set(symbol, new Map())
      const current = homes.get(symbol).get(entry.packageDir)
      const declaredHere = symbol.declarations?.some((declaration) => declaration.getSourceFile().fileName === entry.file) ?? false
      // `default` is the last choice of name: `export { greet as default }` reads better than the reverse.
      const betterName = current?.specifier === entry.specifier && current.name === "default"
      if (current === undefined || (declaredHere && !current.declaredHere) || betterName) {
        homes.get(symbol).set(entry.packageDir, { specifier: entry.specifier, name, declaredHere })
      }
    }
  }
  return homes
}

function item(api, entry, name, symbol, typeOnly, homes) {
  if (!symbol.declarations?.length) {
    return { name, kind: "unresolved", text: `// "${name}" names no declaration: the sources do not typecheck (npm run typecheck).` }
  }
  const valueKinds = ts.SymbolFlags.Value & ~ts.SymbolFlags.Module
  const kind = `${kindOf(symbol)}${typeOnly && symbol.flags & valueKinds ? ", type-only export" : ""}`
  const origin = originOf(api, symbol)
  if ("global" in origin) return { name, kind, text: `${name}: the global \`${symbol.getName()}\`` }
  if ("dependency" in origin) return { name, kind, text: reexport(symbol.getName(), name, origin.dependency) }
  const home = homes.get(symbol)?.get(origin.packageDir)
  if (home === undefined) {
    const where = api.repositoryPath(symbol.declarations[0].getSourceFile().fileName)
    return { name, kind, text: `${reexport(symbol.getName(), name, where)} // not exported by any entry point of its package` }
  }
  if (origin.packageDir === entry.packageDir && home.specifier === entry.specifier) {
    // The same symbol under a second name of this entry (`default` beside `PostgresAdapter`): its text is shown once.
    if (name !== home.name) return { name, kind, text: `export { ${home.name} as ${name} };` }
    return { name, kind, text: clean(api, declarationText(api, symbol)) }
  }
  return { name, kind, text: reexport(home.name, name, home.specifier) }
}

function reexport(from, as, specifier) {
  return `export { ${from === as ? as : `${from} as ${as}`} } from "${specifier}";`
}

/** Workspace types named by the API and exported nowhere, per declaring package, found transitively. */
function unexportedByPackage(api, modules, exportsByEntry, homes) {
  const shown = new Set()
  for (const entry of modules) {
    for (const { symbol } of exportsByEntry.get(entry)) {
      const origin = originOf(api, symbol)
      if ("packageDir" in origin && homes.get(symbol)?.get(origin.packageDir)?.specifier === entry.specifier) shown.add(symbol)
    }
  }
  const unexported = new Map()
  const queue = [...shown]
  const seen = new Set(queue)
  while (queue.length > 0) {
    for (const referenced of referencedSymbols(api, queue.shift())) {
      if (seen.has(referenced)) continue
      seen.add(referenced)
      const origin = originOf(api, referenced)
      if (!("packageDir" in origin) || homes.get(referenced)?.has(origin.packageDir)) continue
      if (!unexported.has(origin.packageDir)) unexported.set(origin.packageDir, [])
      unexported.get(origin.packageDir).push(referenced)
      queue.push(referenced)
    }
  }
  for (const symbols of unexported.values()) {
    symbols.sort((a, b) => compare(a.getName(), b.getName()) || compare(pathOf(api, a), pathOf(api, b)))
  }
  return unexported
}

function pathOf(api, symbol) {
  return api.repositoryPath(symbol.declarations[0].getSourceFile().fileName)
}

/** No absolute path of this machine may reach a report (an inferred `import("…")` type could carry one). */
function clean(api, text) {
  const root = api.root.split("\\").join("/").replace(/\/?$/, "/")
  return text.split(root).join("")
}
