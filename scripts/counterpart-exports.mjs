#!/usr/bin/env node
// Records what an Auth.js framework package opens, for the subpath tests of its Gatehouse counterpart: its `exports`
// map as published, and the names each entry point exports (values and types), read from its .d.ts files with the
// TypeScript compiler. The package is fetched with `npm pack` (its tarball only, none of its dependencies) into
// node_modules/.cache/counterpart-exports/, so its imports resolve to the workspace's node_modules (@auth/core, react…).
//
//   node scripts/counterpart-exports.mjs next-auth@5.0.0-beta.32 packages/next/test/fixtures/next-auth-5.0.0-beta.32.json
//
// Wildcard subpaths (`./providers/*`) and `./package.json` get no names: the tests check those by file.
import { execFileSync } from "node:child_process"
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { moduleExports } from "./api-report/exports.mjs"

const root = fileURLToPath(new URL("../", import.meta.url))
const [spec, out] = process.argv.slice(2)
if (!spec || !out) {
  process.stderr.write("Usage: node scripts/counterpart-exports.mjs <package>@<version> <out.json>\n")
  process.exit(2)
}

const cache = join(root, "node_modules", ".cache", "counterpart-exports")
mkdirSync(cache, { recursive: true })
const [packed] = JSON.parse(execFileSync("npm", ["pack", spec, "--json", "--pack-destination", cache], { cwd: cache, encoding: "utf8" }))
const packageDir = join(cache, "node_modules", packed.name)
rmSync(packageDir, { recursive: true, force: true })
mkdirSync(packageDir, { recursive: true })
execFileSync("tar", ["xzf", join(cache, packed.filename), "-C", packageDir, "--strip-components=1"])
rmSync(join(cache, packed.filename))

const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"))

/** The `types` file of one export target, through nested conditions (`import` first, as an ESM app sees it). */
function typesOf(target) {
  if (typeof target === "string") return target.endsWith(".d.ts") ? target : undefined
  if (target === null || typeof target !== "object") return undefined
  if (typeof target.types === "string") return target.types
  for (const condition of ["import", "default", ...Object.keys(target)]) {
    const found = target[condition] === undefined ? undefined : typesOf(target[condition])
    if (found) return found
  }
  return undefined
}

const entries = Object.entries(manifest.exports)
  .filter(([subpath]) => !subpath.includes("*") && subpath !== "./package.json")
  .map(([subpath, target]) => [subpath, typesOf(target)])
  .filter(([, types]) => types !== undefined)
  .map(([subpath, types]) => [subpath, join(packageDir, types)])

const program = ts.createProgram({
  rootNames: entries.map(([, file]) => file),
  options: {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  },
})
const api = { program, checker: program.getTypeChecker(), repositoryPath: (fileName) => relative(root, fileName) }

const names = {}
for (const [subpath, file] of entries) {
  const exported = moduleExports(api, file)
  const isValue = ({ symbol, typeOnly }) => !typeOnly && (symbol.flags & ts.SymbolFlags.Value) !== 0
  names[subpath] = {
    values: exported.filter(isValue).map(({ name }) => name),
    types: exported.filter((each) => !isValue(each)).map(({ name }) => name),
  }
}

const record = {
  package: manifest.name,
  version: manifest.version,
  command: `node scripts/counterpart-exports.mjs ${spec} ${out}`,
  type: manifest.type ?? null,
  main: manifest.main ?? null,
  types: manifest.types ?? manifest.typings ?? null,
  typesVersions: manifest.typesVersions ?? null,
  exports: manifest.exports,
  names,
}
mkdirSync(dirname(resolve(root, out)), { recursive: true })
writeFileSync(resolve(root, out), `${JSON.stringify(record, null, 2)}\n`)
process.stdout.write(`counterpart-exports: ${manifest.name}@${manifest.version} -> ${out} (${entries.length} entry points named)\n`)
