// How a report shows one symbol: its kind ("function", "interface + const", …), where it is declared (which workspace
// package, or which dependency), its declaration text as a published .d.ts would have it, and the types that text
// names. Doc comments are left out but for their release tags (`/** @deprecated */`): rewording one is no API change.
import ts from "typescript"
import { compare } from "./entries.mjs"

/** @type {[ts.SymbolFlags, string][]} */
const KINDS = [
  [ts.SymbolFlags.Class, "class"],
  [ts.SymbolFlags.Interface, "interface"],
  [ts.SymbolFlags.TypeAlias, "type"],
  [ts.SymbolFlags.Enum, "enum"],
  [ts.SymbolFlags.Function, "function"],
  [ts.SymbolFlags.Variable, "variable"],
  [ts.SymbolFlags.Module, "namespace"],
]
const RELEASE_TAGS = ["deprecated", "experimental", "alpha", "beta", "internal"]

/** `"interface + const"`: each meaning the name has, `const`/`let` for variables. */
export function kindOf(symbol) {
  const kinds = []
  for (const [flag, word] of KINDS) {
    if (!(symbol.flags & flag)) continue
    if (word === "variable") {
      const declaration = symbol.declarations?.find(ts.isVariableDeclaration)
      kinds.push(declaration && ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const ? "const" : "let")
    } else {
      kinds.push(word)
    }
  }
  return kinds.length > 0 ? kinds.join(" + ") : "unknown"
}

/**
 * Where a symbol is declared: `{ packageDir }` for a workspace package's sources, `{ dependency }` for a package in
 * node_modules (`@types/x` counts as `x`), `{ global: true }` for TypeScript's own libraries.
 * @returns {{ packageDir: string } | { dependency: string } | { global: true }}
 */
export function originOf(api, symbol) {
  const fileName = symbol.declarations?.[0]?.getSourceFile().fileName ?? ""
  const inWorkspace = /^packages\/([^/]+)\/src\//.exec(api.repositoryPath(fileName))
  if (inWorkspace && !fileName.includes("/node_modules/")) return { packageDir: inWorkspace[1] }
  const inDependency = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(fileName)
  if (inDependency && inDependency[1] !== "typescript") return { dependency: inDependency[1].replace(/^@types\/(?:([^_/]+)__)?/, (_, scope) => (scope ? `@${scope}/` : "")) }
  return { global: true }
}

/**
 * The declaration text of a workspace symbol, from the emitted .d.ts of each file that declares it (overloads,
 * merged declarations), without `export`/`declare`, with the release tags of the source's JSDoc on the declaration
 * and its members. Falls back to the checker's type when the emitter has no statement of that name.
 */
export function declarationText(api, symbol) {
  const groups = new Map()
  for (const declaration of symbol.declarations ?? []) {
    if (ts.isSourceFile(declaration)) return namespaceText(api, symbol)
    const file = declaration.getSourceFile()
    const { kind, name } = emittedAs(api.declarationsOf(file), declaration)
    if (name === undefined) continue
    const key = `${file.fileName}\0${kind}\0${name}`
    if (!groups.has(key)) groups.set(key, { file, kind, name, sources: [] })
    groups.get(key).sources.push(declaration)
  }
  const parts = []
  for (const { file, kind, name, sources } of groups.values()) {
    const dts = api.declarationsOf(file)
    const emitted = dts.statements.filter((statement) => declares(dts, statement, kind, name))
    emitted.forEach((statement, index) => parts.push(statementText(dts, statement, name, sources[index] ?? sources[0])))
  }
  if (parts.length > 0) return parts.join("\n")
  const type = api.checker.getTypeOfSymbol(symbol)
  return `const ${symbol.getName()}: ${api.checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation)};`
}

/** `export * as name from "./module.js"`: the module's exported names. */
function namespaceText(api, symbol) {
  const names = api.checker.getExportsOfModule(symbol).map((exported) => exported.getName())
  return `namespace ${symbol.getName()} { ${names.sort(compare).join(", ")} }`
}

/**
 * The kind and name the emitter gives a source declaration. `export default <expression>` becomes
 * `declare const _default: T; export default _default;` in a .d.ts: the report shows the `_default` statement.
 */
function emittedAs(dts, declaration) {
  if (!ts.isExportAssignment(declaration)) return { kind: declaration.kind, name: declaredName(declaration) }
  const emitted = dts.statements.find((statement) => ts.isExportAssignment(statement) && !statement.isExportEquals)
  if (emitted && ts.isIdentifier(emitted.expression)) return { kind: ts.SyntaxKind.VariableDeclaration, name: emitted.expression.text }
  return { kind: declaration.kind, name: undefined }
}

/** Symbols that the symbol's source declarations name in type positions (bodies and initializers skipped). */
export function referencedSymbols(api, symbol) {
  const { checker } = api
  const found = new Set()
  const note = (name) => {
    let target = checker.getSymbolAtLocation(name)
    if (target && target.flags & ts.SymbolFlags.Alias) target = checker.getAliasedSymbol(target)
    if (target && !(target.flags & ts.SymbolFlags.TypeParameter) && target !== symbol) found.add(target)
  }
  const visit = (node) => {
    if (ts.isBlock(node) || isPrivateMember(node)) return
    if (ts.isTypeReferenceNode(node)) note(node.typeName)
    else if (ts.isExpressionWithTypeArguments(node)) note(node.expression)
    else if (ts.isTypeQueryNode(node)) note(node.exprName)
    ts.forEachChild(node, (child) => (isInitializerOf(node, child) ? undefined : visit(child)))
  }
  for (const declaration of symbol.declarations ?? []) visit(declaration)
  return [...found].sort((a, b) => compare(a.getName(), b.getName()))
}

function declaredName(declaration) {
  const name = ts.getNameOfDeclaration(declaration)
  return name && ts.isIdentifier(name) ? name.text : undefined
}

function declares(dts, statement, kind, name) {
  if (kind === ts.SyntaxKind.VariableDeclaration) {
    return ts.isVariableStatement(statement) && statement.declarationList.declarations.some((item) => item.name.getText(dts) === name)
  }
  return statement.kind === kind && ts.getNameOfDeclaration(statement)?.getText(dts) === name
}

// Line feeds on every system, as in the emitted .d.ts (program.mjs): a report is the same on Windows.
const printer = ts.createPrinter({ removeComments: false, newLine: ts.NewLineKind.LineFeed })

/** One emitted statement as the report shows it: release tags first, no `export`/`declare`. */
function statementText(dts, statement, name, source) {
  let text
  if (ts.isVariableStatement(statement)) {
    const declarator = statement.declarationList.declarations.find((item) => item.name.getText(dts) === name)
    const keyword = statement.declarationList.flags & ts.NodeFlags.Const ? "const" : "let"
    text = `${keyword} ${printer.printNode(ts.EmitHint.Unspecified, declarator, dts)};`
  } else {
    markReleaseTags(dts, statement, source)
    text = printer.printNode(ts.EmitHint.Unspecified, statement, dts).replace(/^(export\s+)?(default\s+)?(declare\s+)?/, "")
  }
  const tags = releaseTags(source)
  return tags === undefined ? text : `/** ${tags} */\n${text}`
}

/** `@deprecated @experimental`: the release tags in a source node's JSDoc, or undefined. */
function releaseTags(node) {
  const tags = new Set(ts.getJSDocTags(node).map((tag) => tag.tagName.text).filter((tag) => RELEASE_TAGS.includes(tag)))
  return tags.size === 0 ? undefined : [...tags].map((tag) => `@${tag}`).join(" ")
}

/**
 * Puts the source members' release tags (`/** @deprecated *\/`) on the emitted members of the same name, through
 * interfaces, classes, type literals, and unions or intersections of them; the emitted .d.ts has no comments.
 */
function markReleaseTags(dts, emitted, source) {
  if (emitted === undefined || source === undefined) return
  if (ts.isParenthesizedTypeNode(emitted) || ts.isParenthesizedTypeNode(source)) {
    markReleaseTags(dts, ts.isParenthesizedTypeNode(emitted) ? emitted.type : emitted, ts.isParenthesizedTypeNode(source) ? source.type : source)
  } else if ((ts.isUnionTypeNode(emitted) && ts.isUnionTypeNode(source)) || (ts.isIntersectionTypeNode(emitted) && ts.isIntersectionTypeNode(source))) {
    if (emitted.types.length === source.types.length) emitted.types.forEach((type, index) => markReleaseTags(dts, type, source.types[index]))
  } else if (ts.isTypeAliasDeclaration(emitted) && ts.isTypeAliasDeclaration(source)) {
    markReleaseTags(dts, emitted.type, source.type)
  } else if ("members" in emitted && "members" in source && emitted.members && source.members) {
    for (const member of emitted.members) {
      const name = member.name?.getText(dts)
      if (name === undefined) continue
      const twins = source.members.filter((candidate) => candidate.name?.getText() === name)
      const tags = [...new Set(twins.map(releaseTags).filter(Boolean))].join(" ")
      if (tags !== "") ts.addSyntheticLeadingComment(member, ts.SyntaxKind.MultiLineCommentTrivia, `* ${tags} `, true)
      markReleaseTags(dts, member.type, twins[0]?.type)
    }
  }
}

function isPrivateMember(node) {
  if (!ts.isClassElement(node)) return false
  if (node.name && ts.isPrivateIdentifier(node.name)) return true
  return (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Private) !== 0
}

function isInitializerOf(parent, child) {
  return "initializer" in parent && parent.initializer === child && !ts.isForStatement(parent)
}
