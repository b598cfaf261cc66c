/**
 * What a framework package must open for the switch from its Auth.js counterpart to be a prefix swap
 * (`next-auth/react` → `@gatehousejs/next/react`): the counterpart's `exports` map and the names each of its entry
 * points exports, recorded in the package's test/fixtures/<counterpart>-<version>.json by
 * `node scripts/counterpart-exports.mjs <counterpart>@<version> <fixture>` (the command is in the fixture).
 *
 * Used by each framework package's subpaths test (the export maps) and by core's framework-types test (the names, and
 * the types resolving under `moduleResolution` node, node16 and bundler).
 */
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { coreProviderModules } from "./provider-entries.js"

export type ExportTarget = string | null | { [condition: string]: ExportTarget }

export interface CounterpartRecord {
  package: string
  version: string
  command: string
  exports: Record<string, ExportTarget>
  /** Per entry point, wildcards and `./package.json` aside: what it exports as values, and as types only. */
  names: Record<string, { values: string[]; types: string[] }>
}

export interface FrameworkPackage {
  /** `@gatehousejs/next` */
  name: string
  /** packages/next */
  dir: string
  counterpart: CounterpartRecord
  /** Subpaths ours opens that the counterpart does not, each with why. */
  extraSubpaths: Record<string, string>
  /** Counterpart names ours leaves out on purpose, by subpath, each with why. */
  absentNames: Record<string, Record<string, string>>
}

const packagesDir = fileURLToPath(new URL("../../../", import.meta.url))

interface Manifest {
  name: string
  exports: Record<string, ExportTarget>
  typesVersions?: Record<string, Record<string, string[]>>
  types?: string
  main?: string
}

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest
}

function readFixture(dir: string, file: string): CounterpartRecord {
  return JSON.parse(readFileSync(join(dir, "test", "fixtures", file), "utf8")) as CounterpartRecord
}

/**
 * Types `@auth/core/providers` exports (so every Auth.js framework package's `./providers`) that
 * `@gatehousejs/core/providers` does not: engine-level names, to be added to core rather than to each framework
 * package. The framework packages' `./providers` re-export core's, plus the names core keeps in other modules.
 */
const ENGINE_GAP = "not exported by @gatehousejs/core (an engine type: it belongs in core's providers module, not in each framework package)"
const ABSENT_PROVIDERS_TYPES: Record<string, string> = {
  AppProvider: ENGINE_GAP,
  AppProviders: ENGINE_GAP,
  BuiltInProviders: ENGINE_GAP,
  CredentialsProviderId: ENGINE_GAP,
  EmailProviderType: ENGINE_GAP,
  EmailProviderSendVerificationRequestParams: `${ENGINE_GAP}; core names it SendVerificationRequestParams`,
}

/** The six framework packages and their counterparts. */
export const FRAMEWORK_PACKAGES: FrameworkPackage[] = [
  {
    name: "@gatehousejs/express",
    dir: join(packagesDir, "express"),
    counterpart: readFixture(join(packagesDir, "express"), "auth-express-0.12.3.json"),
    extraSubpaths: {},
    absentNames: { "./providers": ABSENT_PROVIDERS_TYPES },
  },
  {
    name: "@gatehousejs/next",
    dir: join(packagesDir, "next"),
    counterpart: readFixture(join(packagesDir, "next"), "next-auth-5.0.0-beta.32.json"),
    extraSubpaths: {},
    absentNames: {
      "./providers": ABSENT_PROVIDERS_TYPES,
      "./react": { __NEXTAUTH: "next-auth/react's internal client state (base URL, last sync), not documented API" },
    },
  },
  {
    name: "@gatehousejs/sveltekit",
    dir: join(packagesDir, "sveltekit"),
    counterpart: readFixture(join(packagesDir, "sveltekit"), "auth-sveltekit-1.11.3.json"),
    extraSubpaths: {},
    absentNames: { "./providers": ABSENT_PROVIDERS_TYPES },
  },
  {
    name: "@gatehousejs/qwik",
    dir: join(packagesDir, "qwik"),
    counterpart: readFixture(join(packagesDir, "qwik"), "auth-qwik-0.9.1.json"),
    extraSubpaths: { "./package.json": "tools read a package's manifest through its exports (as next-auth and @auth/sveltekit allow)" },
    absentNames: { "./providers": ABSENT_PROVIDERS_TYPES },
  },
  {
    name: "@gatehousejs/solid-start",
    dir: join(packagesDir, "solid-start"),
    counterpart: readFixture(join(packagesDir, "solid-start"), "auth-solid-start-0.19.2.json"),
    extraSubpaths: { "./package.json": "tools read a package's manifest through its exports (as next-auth and @auth/sveltekit allow)" },
    absentNames: { "./providers": ABSENT_PROVIDERS_TYPES },
  },
  {
    name: "@gatehousejs/hono",
    dir: join(packagesDir, "hono"),
    counterpart: readFixture(join(packagesDir, "hono"), "hono-auth-js-1.1.1.json"),
    extraSubpaths: { "./package.json": "tools read a package's manifest through its exports (as next-auth and @auth/sveltekit allow)" },
    absentNames: {},
  },
]

export function frameworkPackage(name: string): FrameworkPackage {
  const found = FRAMEWORK_PACKAGES.find((each) => each.name === name)
  if (!found) throw new Error(`${name}: not one of the framework packages`)
  return found
}

/**
 * Whether one export target has types, code for some condition (`import`, `default`, `svelte`, …), and code that
 * Node.js itself loads (`import`, `node` or `default`).
 */
function shape(target: ExportTarget): { types: boolean; code: boolean; node: boolean } {
  if (target === null) return { types: false, code: false, node: false }
  if (typeof target === "string") {
    const code = !target.endsWith(".d.ts")
    return { types: !code, code, node: code }
  }
  const out = { types: false, code: false, node: false }
  for (const [condition, nested] of Object.entries(target)) {
    if (condition === "types") out.types = true
    else if (condition === "require") continue // CommonJS: Gatehouse's packages are ESM only (their READMEs say so)
    else {
      const inner = shape(nested)
      out.types ||= inner.types
      out.code ||= inner.code
      if (["import", "node", "default"].includes(condition)) out.node ||= inner.node
    }
  }
  return out
}

/**
 * How ours falls short of the counterpart's export map, one line per problem (empty when it does not): a subpath it
 * lacks, a subpath without types, or without code where the counterpart's has code; and any subpath of ours that is
 * neither the counterpart's nor listed in `extraSubpaths`.
 */
export function exportMapProblems(pkg: FrameworkPackage): string[] {
  const ours = readManifest(pkg.dir).exports
  const problems: string[] = []
  for (const [subpath, target] of Object.entries(pkg.counterpart.exports)) {
    if (!(subpath in ours)) {
      problems.push(`${subpath}: missing (${pkg.counterpart.package} ${pkg.counterpart.version} exports it)`)
      continue
    }
    const theirs = shape(target)
    const mine = shape(ours[subpath]!)
    if (subpath === "./package.json") {
      if (ours[subpath] !== "./package.json") problems.push(`./package.json: must be "./package.json"`)
      continue
    }
    if (theirs.types && !mine.types) problems.push(`${subpath}: no "types" condition`)
    if (theirs.code && !mine.code) problems.push(`${subpath}: no code (import/default) condition`)
  }
  for (const subpath of Object.keys(ours)) {
    if (!(subpath in pkg.counterpart.exports) && !(subpath in pkg.extraSubpaths)) problems.push(`${subpath}: not ${pkg.counterpart.package}'s, and not listed as an extra`)
  }
  return problems
}

/**
 * The `typesVersions` a package needs so that `moduleResolution: "node"` (which ignores `exports`) finds the types of
 * every subpath: one key per subpath, mapped to its `types` target. Explicit keys, not `"*"`: a `"*"` would also
 * remap the root `types` field.
 */
export function expectedTypesVersions(dir: string): Record<string, Record<string, string[]>> {
  const paths: Record<string, string[]> = {}
  for (const [subpath, target] of Object.entries(readManifest(dir).exports)) {
    if (subpath === "." || subpath === "./package.json" || target === null || typeof target !== "object") continue
    const types = target.types
    if (typeof types === "string") paths[subpath.slice(2)] = [types]
  }
  return { "*": paths }
}

/**
 * What Node.js makes of each of the counterpart's specifiers that Node.js loads (`./providers/*` as every provider
 * module of core), with the prefix swapped, resolved from a child process in the package's folder (the package
 * resolves itself by name through its `exports`); one line per specifier that does not resolve to the package's
 * `package.json` or to a module built from a source file of the package. `import.meta.resolve` maps without loading,
 * so no build is needed.
 */
export function nodeResolutionProblems(pkg: FrameworkPackage): string[] {
  const subpaths = Object.entries(pkg.counterpart.exports)
    .filter(([, target]) => shape(target).node)
    .flatMap(([subpath]) => (subpath.endsWith("/*") ? coreProviderModules().map((name) => subpath.replace("*", name)) : [subpath]))
  const specifiers = subpaths.map((subpath) => pkg.name + subpath.slice(1))
  const script = `const out = {}; for (const s of ${JSON.stringify(specifiers)}) { try { out[s] = import.meta.resolve(s) } catch (e) { out[s] = String(e.code) } } console.log(JSON.stringify(out))`
  const resolved = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: pkg.dir, encoding: "utf8" })) as Record<string, string>
  const problems: string[] = []
  for (const specifier of specifiers) {
    const url = resolved[specifier] ?? "(nothing)"
    if (!url.startsWith("file:")) {
      problems.push(`${specifier}: ${url}`)
      continue
    }
    const file = fileURLToPath(url)
    if (file === join(pkg.dir, "package.json")) continue
    const built = /^(.*)\.js$/.exec(file.replace(join(pkg.dir, "dist"), join(pkg.dir, "src")))?.[1]
    if (!file.startsWith(join(pkg.dir, "dist")) || !built || !(existsSync(`${built}.ts`) || existsSync(`${built}.tsx`))) problems.push(`${specifier}: ${file} is not built from a source file of the package`)
  }
  return problems
}
