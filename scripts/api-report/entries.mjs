// Which modules are public: every entry point that a published package's `exports` map opens, mapped from the
// built path it names (`./dist/jwt.d.ts`) to the source file it is built from (`src/jwt.ts`), so the report needs no
// build. A wildcard (`./providers/*`) opens every file it matches, internal helpers included: they are public too.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"

/**
 * @typedef {{ packageDir: string, packageName: string, subpath: string, specifier: string, file: string,
 *   asset?: string, sameAs?: string }} LibraryEntry  a module users can import; `file` is absolute; `asset` is set
 *   (to the target) for a file that is not a module (`./package.json`); `sameAs` names an earlier entry of the same
 *   package that opens the same file
 * @typedef {{ packageDir: string, packageName: string, command: string, file: string }} CommandLineEntry
 *   a published package with a `bin` and no `exports`: its API is its command line
 * @typedef {{ packageDir: string, packageName: string, reason: string }} SkippedPackage
 * @typedef {{ libraries: LibraryEntry[], commandLines: CommandLineEntry[], skipped: SkippedPackage[] }} PublicSurface
 */

/** The public surface of every package in `<root>/packages/`, in a stable order. */
export function publicSurface(root) {
  /** @type {PublicSurface} */
  const surface = { libraries: [], commandLines: [], skipped: [] }
  const packagesDir = join(root, "packages")
  for (const packageDir of readdirSync(packagesDir).sort()) {
    const manifestPath = join(packagesDir, packageDir, "package.json")
    if (!existsSync(manifestPath)) continue
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"))
    const packageName = manifest.name
    if (manifest.private === true) {
      surface.skipped.push({ packageDir, packageName, reason: 'private ("private": true in its package.json): never published' })
    } else if (manifest.exports !== undefined) {
      surface.libraries.push(...libraryEntries(join(packagesDir, packageDir), packageDir, packageName, manifest.exports))
    } else if (manifest.bin !== undefined) {
      surface.commandLines.push(...commandLineEntries(join(packagesDir, packageDir), packageDir, packageName, manifest.bin))
    } else {
      throw new Error(`packages/${packageDir}/package.json has neither "exports" nor "bin": say what it publishes, or mark it "private".`)
    }
  }
  return surface
}

/** @returns {LibraryEntry[]} */
function libraryEntries(packagePath, packageDir, packageName, exportsField) {
  const map = typeof exportsField === "string" || isConditions(exportsField) ? { ".": exportsField } : exportsField
  const opened = []
  const blocked = []
  for (const [subpath, value] of Object.entries(map)) {
    const target = builtTarget(value)
    if (target === null) {
      blocked.push(subpath)
      continue
    }
    const where = `packages/${packageDir}/package.json "exports" "${subpath}"`
    opened.push(...expand(packagePath, subpath, target, where))
  }
  const entries = []
  const firstByFile = new Map()
  const visible = opened.filter(({ subpath }) => !blocked.some((pattern) => matches(pattern, subpath)))
  for (const { subpath, file, asset } of visible.sort((a, b) => compare(a.subpath, b.subpath))) {
    if (entries.some((entry) => entry.subpath === subpath)) continue
    const specifier = subpath === "." ? packageName : `${packageName}${subpath.slice(1)}`
    const sameAs = firstByFile.get(file)
    entries.push({ packageDir, packageName, subpath, specifier, file, ...(asset ? { asset } : {}), ...(sameAs ? { sameAs } : {}) })
    if (!sameAs) firstByFile.set(file, specifier)
  }
  return entries
}

/** @returns {CommandLineEntry[]} */
function commandLineEntries(packagePath, packageDir, packageName, binField) {
  const bins = typeof binField === "string" ? { [packageName.replace(/^@[^/]+\//, "")]: binField } : binField
  return Object.entries(bins)
    .sort(([a], [b]) => compare(a, b))
    .map(([command, target]) => {
      const file = sourceOf(packagePath, target)
      if (file === undefined) {
        throw new Error(`packages/${packageDir}/package.json "bin" "${command}" -> ${target}: no source file for it under src/.`)
      }
      return { packageDir, packageName, command, file }
    })
}

/** The path a conditional export resolves to for TypeScript users: `types`, else `import`, else `default`. */
function builtTarget(value) {
  if (value === null || typeof value === "string") return value
  if (Array.isArray(value)) return value.length === 0 ? null : builtTarget(value[0])
  for (const condition of ["types", "import", "default", "node"]) {
    if (condition in value) return builtTarget(value[condition])
  }
  return null
}

function isConditions(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).every((key) => !key.startsWith("."))
}

/** The concrete subpaths of one `exports` key: itself, or for a pattern every source file its `*` can match. */
function expand(packagePath, subpath, target, where) {
  if (!/\.(d\.ts|d\.mts|js|mjs|ts|tsx)$/.test(target)) {
    const file = join(packagePath, target)
    if (subpath.includes("*") || !existsSync(file)) throw new Error(`${where} -> ${target}: no such file.`)
    return [{ subpath, file, asset: target }]
  }
  if (!subpath.includes("*")) {
    const file = sourceOf(packagePath, target)
    if (file === undefined) throw new Error(`${where} -> ${target}: no source file for it under src/.`)
    return [{ subpath, file, asset: undefined }]
  }
  const [targetPrefix, targetSuffix] = target.split("*")
  const sourcePrefix = join(packagePath, sourceStem(targetPrefix))
  if (!existsSync(sourcePrefix) || !statSync(sourcePrefix).isDirectory()) {
    throw new Error(`${where} -> ${target}: no source folder for it under src/.`)
  }
  const suffixes = [".ts", ".tsx"].map((extension) => `${sourceStem(targetSuffix)}${extension}`)
  const [subpathPrefix, subpathSuffix] = subpath.split("*")
  const found = []
  for (const file of filesUnder(sourcePrefix)) {
    const suffix = suffixes.find((candidate) => file.endsWith(candidate))
    if (suffix === undefined || /\.(test|spec|d)\.tsx?$/.test(file)) continue
    const star = relative(sourcePrefix, file).slice(0, -suffix.length).split("\\").join("/")
    found.push({ subpath: `${subpathPrefix}${star}${subpathSuffix}`, file, asset: undefined })
  }
  return found
}

/** `./dist/a/b.d.ts` (or `.js`) -> `<package>/src/a/b.ts` or `.tsx`; a target already in src/ is taken as it is. */
function sourceOf(packagePath, target) {
  if (/^(\.\/)?src\//.test(target)) {
    const file = join(packagePath, target)
    return existsSync(file) ? file : undefined
  }
  const stem = join(packagePath, sourceStem(target))
  return [".ts", ".tsx"].map((extension) => `${stem}${extension}`).find((file) => existsSync(file))
}

/** `./dist/a/b.d.ts` -> `src/a/b`; also for the two halves of a pattern (`./dist/providers/`, `.d.ts`). */
function sourceStem(builtPath) {
  return builtPath.replace(/^\.\//, "").replace(/^dist\//, "src/").replace(/\.d\.ts$|\.js$|\.mjs$/, "")
}

function filesUnder(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? filesUnder(path) : [path]
    })
}

function matches(pattern, subpath) {
  if (!pattern.includes("*")) return pattern === subpath
  const [prefix, suffix] = pattern.split("*")
  return subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length >= prefix.length + suffix.length
}

/** Code-unit order: the same on every machine, unlike `localeCompare`. */
export function compare(a, b) {
  return a < b ? -1 : a > b ? 1 : 0
}
