// What one module exports: each name with the symbol it finally stands for (through re-exports and aliases), and
// whether it is importable as a value or only as a type.
import ts from "typescript"
import { compare } from "./entries.mjs"

/**
 * @typedef {{ name: string, symbol: ts.Symbol, typeOnly: boolean }} ModuleExport
 */

/** @returns {ModuleExport[]} sorted by name */
export function moduleExports(api, fileName) {
  const { checker, program } = api
  const file = program.getSourceFile(fileName)
  if (file === undefined) throw new Error(`${api.repositoryPath(fileName)}: not part of the TypeScript program.`)
  const moduleSymbol = checker.getSymbolAtLocation(file)
  if (moduleSymbol === undefined) return []
  const typeOnlyStars = typeOnlyStarExports(checker, file)
  return checker
    .getExportsOfModule(moduleSymbol)
    .map((exported) => ({
      name: exported.getName(),
      symbol: resolve(checker, exported),
      typeOnly: typeOnlyChain(checker, exported) || typeOnlyStars.has(exported),
    }))
    .sort((a, b) => compare(a.name, b.name))
}

/** The declared symbol behind an alias chain (`export { x } from`, `import x; export { x }`, `export default x`). */
export function resolve(checker, symbol) {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
}

/** True when any link of the alias chain is `export type` / `import type`: then a class or const is a type only. */
function typeOnlyChain(checker, symbol) {
  let link = symbol
  for (let depth = 0; link !== undefined && link.flags & ts.SymbolFlags.Alias && depth < 100; depth++) {
    if ((link.declarations ?? []).some((node) => ts.isTypeOnlyImportOrExportDeclaration(node))) return true
    link = checker.getImmediateAliasedSymbol(link)
  }
  return false
}

/** The symbols that an `export type * from "…"` of this file brings in (they are not aliases, so the chain misses them). */
function typeOnlyStarExports(checker, file) {
  const symbols = new Set()
  for (const statement of file.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.isTypeOnly || statement.exportClause !== undefined) continue
    const target = statement.moduleSpecifier && checker.getSymbolAtLocation(statement.moduleSpecifier)
    if (target) for (const symbol of checker.getExportsOfModule(target)) symbols.add(symbol)
  }
  return symbols
}
